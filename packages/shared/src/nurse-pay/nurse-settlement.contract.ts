import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crmIdSchema } from '../crm/common.js';
import { NurseSettlementPermission as P } from './nurse-pay.permissions.js';
import {
  NurseSettlementText as T,
  nurseSettlementActionSchema,
  nurseSettlementAdjustSchema,
  nurseSettlementCreateSchema,
  nurseSettlementExportQuerySchema,
  nurseSettlementListQuerySchema,
  nurseSettlementPageSchema,
  nurseSettlementRejectSchema,
  nurseSettlementSchema,
  settleableAssignmentSchema,
  settleableQuerySchema,
} from './nurse-settlement.schema.js';

const one = nurseSettlementSchema;

/**
 * 月嫂结算 (/finance/nurseSettlement). Lists, reads and moves apply its data rules (by store); one
 * the caller cannot see answers 404. Moves go through nurseSettlementMachine.
 */
export const nurseSettlementContract = {
  list: defineContract({ method: 'POST', path: '/online/nurseSettlement/list', access: P.nurseSettlementList, body: nurseSettlementListQuerySchema, result: nurseSettlementPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/nurseSettlement/queryById', access: P.nurseSettlementList, body: crmIdSchema, result: one }),
  exportXls: defineContract({ method: 'POST', path: '/online/nurseSettlement/exportXls', access: P.nurseSettlementExport, body: nurseSettlementExportQuerySchema, result: z.unknown() }),
  /** 已完成 assignments of the caller's scope without a live settlement (the 生成结算 picker). */
  settleable: defineContract({ method: 'POST', path: '/online/nurseSettlement/settleable', access: P.nurseSettlementAdd, body: settleableQuerySchema, result: z.array(settleableAssignmentSchema) }),
  add: defineContract({ method: 'POST', path: '/online/nurseSettlement/add', access: P.nurseSettlementAdd, body: nurseSettlementCreateSchema, result: one, successMessage: T.generated }),
  adjust: defineContract({ method: 'POST', path: '/online/nurseSettlement/adjust', access: P.nurseSettlementEdit, body: nurseSettlementAdjustSchema, result: one, successMessage: T.adjusted }),
  audit: defineContract({ method: 'POST', path: '/online/nurseSettlement/audit', access: P.nurseSettlementAudit, body: nurseSettlementActionSchema, result: one, successMessage: T.audited }),
  reject: defineContract({ method: 'POST', path: '/online/nurseSettlement/reject', access: P.nurseSettlementReject, body: nurseSettlementRejectSchema, result: one, successMessage: T.rejected }),
};
