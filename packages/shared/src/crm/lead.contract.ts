import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { LeadPermission } from './lead.permissions.js';
import { crmIdSchema } from './common.js';
import {
  leadAssignSchema,
  leadBatchResultSchema,
  leadCloseSchema,
  leadCreateSchema,
  leadEditSchema,
  leadIdsSchema,
  leadListQuerySchema,
  leadPageSchema,
  leadPoolQuerySchema,
  leadSchema,
  LeadText,
} from './lead.schema.js';

/**
 * 线索. Lists, by-id reads and every change apply the caller's data rules of 线索 (`/crm/lead`, or
 * of `crm:lead:storeScope` for its holders); the pool's rules hang on `crm:lead:pool`. A lead the
 * caller cannot see answers 404. Batch actions are all or nothing.
 */
export const leadContract = {
  list: defineContract({ method: 'POST', path: '/online/lead/list', access: LeadPermission.leadList, body: leadListQuerySchema, result: leadPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/lead/queryById', access: LeadPermission.leadList, body: crmIdSchema, result: leadSchema }),
  /** The phone must not belong to another open lead of the company (101 names that lead and its owner). The creator owns the lead. */
  add: defineContract({ method: 'POST', path: '/online/lead/add', access: LeadPermission.leadAdd, body: leadCreateSchema, result: leadSchema, successMessage: LeadText.added }),
  edit: defineContract({ method: 'POST', path: '/online/lead/edit', access: LeadPermission.leadEdit, body: leadEditSchema, result: leadSchema, successMessage: LeadText.edited }),
  /** Pool leads to a consultant; the consultant gets a message. */
  assign: defineContract({ method: 'POST', path: '/online/lead/assign', access: LeadPermission.leadAssign, body: leadAssignSchema, result: leadBatchResultSchema, successMessage: LeadText.assigned }),
  /** Owned leads to another consultant; the new owner gets a message. */
  transfer: defineContract({ method: 'POST', path: '/online/lead/transfer', access: LeadPermission.leadTransfer, body: leadAssignSchema, result: leadBatchResultSchema, successMessage: LeadText.transferred }),
  release: defineContract({ method: 'POST', path: '/online/lead/release', access: LeadPermission.leadRelease, body: leadIdsSchema, result: leadBatchResultSchema, successMessage: LeadText.released }),
  poolList: defineContract({ method: 'POST', path: '/online/lead/poolList', access: LeadPermission.leadPool, body: leadPoolQuerySchema, result: leadPageSchema }),
  claim: defineContract({ method: 'POST', path: '/online/lead/claim', access: LeadPermission.leadClaim, body: leadIdsSchema, result: leadBatchResultSchema, successMessage: LeadText.claimed }),
  /** 已流失 / 无效 with a reason. */
  close: defineContract({ method: 'POST', path: '/online/lead/close', access: LeadPermission.leadLost, body: leadCloseSchema, result: leadSchema, successMessage: LeadText.closed }),
};

/** POST with the list's filters; answers an .xlsx file (at most EXPORT_MAX_ROWS rows). */
export const LEAD_EXPORT_PATH = '/online/lead/exportXls';
export const leadExportQuerySchema = leadListQuerySchema;
export const leadExportContract = defineContract({ method: 'POST', path: LEAD_EXPORT_PATH, access: LeadPermission.leadExport, body: leadExportQuerySchema, result: z.unknown() });
export type LeadExportQuery = z.infer<typeof leadExportQuerySchema>;
