import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { CustomerPermission } from './customer.permissions.js';
import { LeadPermission } from './lead.permissions.js';
import { crmIdSchema } from './common.js';
import { babySchema } from './baby.schema.js';
import { followUpSchema } from './follow-up.schema.js';
import { reservationSchema } from './reservation.schema.js';
import { customerCreateSchema, customerEditSchema, customerListQuerySchema, customerPageSchema, customerSchema, CustomerText } from './customer.schema.js';

/** The 360 page: the profile with its babies, latest follow-ups and visits (its transactions: customer-trade.contract.ts). */
export const customer360Schema = z.object({
  customer: customerSchema,
  babies: z.array(babySchema),
  /** The latest 50, newest first. */
  followUps: z.array(followUpSchema),
  followUpTotal: z.number().int(),
  /** The latest 50 by visit time. */
  reservations: z.array(reservationSchema),
});
export type Customer360 = z.infer<typeof customer360Schema>;

/**
 * 客户. Lists, by-id reads and every change apply the caller's data rules of 客户 (`/crm/customer`,
 * or of `crm:customer:storeScope` for its holders); a customer the caller cannot see answers 404.
 * Lists mask ID numbers; by id the full number needs `crm:customer:viewIdNo`.
 */
export const customerContract = {
  list: defineContract({ method: 'POST', path: '/online/customer/list', access: CustomerPermission.customerList, body: customerListQuerySchema, result: customerPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/customer/queryById', access: CustomerPermission.customerList, body: crmIdSchema, result: customerSchema }),
  view360: defineContract({ method: 'POST', path: '/online/customer/view360', access: CustomerPermission.customerList, body: crmIdSchema, result: customer360Schema }),
  /** The phone must not belong to another customer of the company (101 names it). The creator owns the customer. */
  add: defineContract({ method: 'POST', path: '/online/customer/add', access: CustomerPermission.customerAdd, body: customerCreateSchema, result: customerSchema, successMessage: CustomerText.added }),
  edit: defineContract({ method: 'POST', path: '/online/customer/edit', access: CustomerPermission.customerEdit, body: customerEditSchema, result: customerSchema, successMessage: CustomerText.edited }),
};

/** POST with the list's filters; answers an .xlsx file (ID numbers masked, at most EXPORT_MAX_ROWS rows). */
export const CUSTOMER_EXPORT_PATH = '/online/customer/exportXls';
export const customerExportQuerySchema = customerListQuerySchema;
export const customerExportContract = defineContract({ method: 'POST', path: CUSTOMER_EXPORT_PATH, access: CustomerPermission.customerExport, body: customerExportQuerySchema, result: z.unknown() });

/** 转为客户: `storeId` overrides the lead's 意向门店 (one of them is required). */
export const leadConvertSchema = z.object({
  id: z.uuid({ message: '缺少线索ID' }),
  storeId: z.uuid({ message: '所属门店不正确' }).nullable().default(null),
});
export type LeadConvert = z.infer<typeof leadConvertSchema>;
export const leadConvertResultSchema = z.object({
  leadId: z.string(),
  customerId: z.string(),
  customerNo: z.string(),
  /** false: the lead was linked to the existing customer with its phone. */
  created: z.boolean(),
});
export type LeadConvertResult = z.infer<typeof leadConvertResultSchema>;

/**
 * 线索转客户, in one transaction: a new customer from the lead's fields (or the existing customer
 * with the lead's phone), linked both ways, and the lead 已转化. A closed lead refuses (101).
 */
export const leadConvertContract = defineContract({
  method: 'POST',
  path: '/online/lead/convert',
  access: LeadPermission.leadConvert,
  body: leadConvertSchema,
  result: leadConvertResultSchema,
  successMessage: CustomerText.converted,
});

export * from './customer-trade.contract.js';
