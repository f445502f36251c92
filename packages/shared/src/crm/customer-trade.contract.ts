import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { changeOrderResource } from '../change-order/change-order.schema.js';
import { customerContractSchema } from '../contract/contract.schema.js';
import { orderResource } from '../order/order.schema.js';
import { CustomerPermission } from './customer.permissions.js';
import { roomHoldSchema } from '../room-hold/room-hold.schema.js';
import { serviceOrderSchema } from '../service-order/service-order.schema.js';
import { crmIdSchema } from './common.js';

/** How many records of each kind the 360 page shows (the latest). */
export const CUSTOMER_TRADE_CAP = 50;

/** 应收 of a customer as the 360 page lists it. */
export const customerReceivableSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  orderNo: z.string().nullable(),
  /** receivable_item dictionary value. */
  item: z.string(),
  /** `YYYY-MM-DD`. */
  dueDate: z.string(),
  amount: z.string(),
  received: z.string(),
  outstanding: z.string(),
  status: z.string(),
  dueBeforeCheckIn: z.boolean(),
  /** Past its due date (Asia/Shanghai) with money still owed. */
  overdue: z.boolean(),
});
export type CustomerReceivable = z.infer<typeof customerReceivableSchema>;

/** 收款 of a customer (deposits, refunds and reversals too: a refund or reversal is negative). */
export const customerPaymentSchema = z.object({
  id: z.string(),
  paymentNo: z.string(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  /** payment_method dictionary value. */
  method: z.string(),
  amount: z.string(),
  /** `YYYY-MM-DD HH:mm:ss`. */
  paidAt: z.string(),
  payer: z.string(),
  status: z.string(),
  isReversal: z.boolean(),
});
export type CustomerPayment = z.infer<typeof customerPaymentSchema>;

/** One kind of records: the latest `CUSTOMER_TRADE_CAP` and how many the caller may see in all. */
const part = <T extends z.ZodType>(record: T) => z.object({ records: z.array(record), total: z.number().int() }).nullable();

/**
 * The customer's transactions on her 360 page. A part is null when the caller may not query that
 * kind (no list action, or its module switched off); otherwise it holds what the caller's data rules of
 * that kind let through. Money totals: 合同金额 of contracts still binding, 已收 and 未收 of receivables.
 */
export const customerTradeSchema = z.object({
  orders: part(orderResource.record),
  contracts: part(customerContractSchema),
  receivables: part(customerReceivableSchema),
  payments: part(customerPaymentSchema),
  services: part(serviceOrderSchema),
  changeOrders: part(changeOrderResource.record),
  holds: part(roomHoldSchema),
  money: z.object({
    /** null without the contracts part. */
    contractAmount: z.string().nullable(),
    /** null without the receivables part. */
    receivable: z.string().nullable(),
    received: z.string().nullable(),
    outstanding: z.string().nullable(),
    overdue: z.string().nullable(),
  }),
});
export type CustomerTrade = z.infer<typeof customerTradeSchema>;
export type CustomerTradePart<K extends keyof Omit<CustomerTrade, 'money'>> = NonNullable<CustomerTrade[K]>['records'][number];

/** 客户 360's 订单 / 合同 / 应收 / 收款 / 服务 / 变更单 tabs; a customer the caller cannot see answers 404. */
export const customerTradeContract = defineContract({
  method: 'POST',
  path: '/online/customer/trade360',
  access: CustomerPermission.customerList,
  body: crmIdSchema,
  result: customerTradeSchema,
});
