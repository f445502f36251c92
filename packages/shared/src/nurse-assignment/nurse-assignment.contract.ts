import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crmIdSchema } from '../crm/common.js';
import { NurseAssignmentPermission as P } from './nurse-assignment.permissions.js';
import {
  nurseAssignmentActionSchema,
  nurseAssignmentCancelSchema,
  nurseAssignmentEditSchema,
  nurseAssignmentExportQuerySchema,
  nurseAssignmentFinishSchema,
  nurseAssignmentFormSchema,
  nurseAssignmentListQuerySchema,
  nurseAssignmentNurseOptionSchema,
  nurseAssignmentOrderOptionSchema,
  nurseAssignmentOrderOptionsQuerySchema,
  nurseAssignmentPageSchema,
  nurseAssignmentSchema,
  nurseAssignmentStartSchema,
  nurseAssignmentSwapSchema,
} from './nurse-assignment.schema.js';
import { NurseAssignmentText as T } from './nurse-assignment.text.js';

const one = nurseAssignmentSchema;

/**
 * 月嫂派工 (/serve/nurseAssignment). Lists, reads and moves apply its data rules (by store); one the
 * caller cannot see answers 404. Moves go through nurseAssignmentMachine; overlaps are refused by the
 * per-nurse trigger (该月嫂在所选日期已有派工「PG…」).
 */
export const nurseAssignmentContract = {
  list: defineContract({ method: 'POST', path: '/online/nurseAssignment/list', access: P.nurseAssignmentList, body: nurseAssignmentListQuerySchema, result: nurseAssignmentPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/nurseAssignment/queryById', access: P.nurseAssignmentList, body: crmIdSchema, result: one }),
  exportXls: defineContract({ method: 'POST', path: '/online/nurseAssignment/exportXls', access: P.nurseAssignmentExport, body: nurseAssignmentExportQuerySchema, result: z.unknown() }),
  /** Orders of the caller's order scope the form may pick. */
  orderOptions: defineContract({ method: 'POST', path: '/online/nurseAssignment/orderOptions', access: P.nurseAssignmentAdd, body: nurseAssignmentOrderOptionsQuerySchema, result: z.array(nurseAssignmentOrderOptionSchema) }),
  /** Nurses the form may pick (not 离职), of the company. */
  nurseOptions: defineContract({ method: 'POST', path: '/online/nurseAssignment/nurseOptions', access: P.nurseAssignmentAdd, body: z.object({ keyword: z.string().trim().max(50).default('') }), result: z.array(nurseAssignmentNurseOptionSchema) }),
  add: defineContract({ method: 'POST', path: '/online/nurseAssignment/add', access: P.nurseAssignmentAdd, body: nurseAssignmentFormSchema, result: one, successMessage: T.added }),
  edit: defineContract({ method: 'POST', path: '/online/nurseAssignment/edit', access: P.nurseAssignmentEdit, body: nurseAssignmentEditSchema, result: one, successMessage: T.edited }),
  audit: defineContract({ method: 'POST', path: '/online/nurseAssignment/audit', access: P.nurseAssignmentAudit, body: nurseAssignmentActionSchema, result: one, successMessage: T.audited }),
  start: defineContract({ method: 'POST', path: '/online/nurseAssignment/start', access: P.nurseAssignmentStart, body: nurseAssignmentStartSchema, result: one, successMessage: T.started }),
  finish: defineContract({ method: 'POST', path: '/online/nurseAssignment/finish', access: P.nurseAssignmentFinish, body: nurseAssignmentFinishSchema, result: one, successMessage: T.finished }),
  cancel: defineContract({ method: 'POST', path: '/online/nurseAssignment/cancel', access: P.nurseAssignmentCancel, body: nurseAssignmentCancelSchema, result: one, successMessage: T.cancelled }),
  /** 换人: answers the new assignment. */
  swap: defineContract({ method: 'POST', path: '/online/nurseAssignment/swap', access: P.nurseAssignmentSwap, body: nurseAssignmentSwapSchema, result: one, successMessage: T.swapped }),
};
