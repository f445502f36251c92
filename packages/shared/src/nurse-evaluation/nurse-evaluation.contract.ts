import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crmIdSchema } from '../crm/common.js';
import { NurseEvaluationPermission as P } from './nurse-evaluation.permissions.js';
import {
  nurseEvaluableSchema,
  nurseEvaluationCreateSchema,
  nurseEvaluationEditSchema,
  nurseEvaluationExportQuerySchema,
  nurseEvaluationListQuerySchema,
  nurseEvaluationPageSchema,
  nurseEvaluationSchema,
  NurseEvaluationText as T,
} from './nurse-evaluation.schema.js';

/**
 * 月嫂评价 (/serve/nurseEvaluation): one per 已完成 派工单; the nurse's rating (mean overall) follows
 * every add and edit in the same transaction. Lists and reads apply its data rules (by store).
 */
export const nurseEvaluationContract = {
  list: defineContract({ method: 'POST', path: '/online/nurseEvaluation/list', access: P.nurseEvaluationList, body: nurseEvaluationListQuerySchema, result: nurseEvaluationPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/nurseEvaluation/queryById', access: P.nurseEvaluationList, body: crmIdSchema, result: nurseEvaluationSchema }),
  exportXls: defineContract({ method: 'POST', path: '/online/nurseEvaluation/exportXls', access: P.nurseEvaluationExport, body: nurseEvaluationExportQuerySchema, result: z.unknown() }),
  /** 已完成 assignments (in the caller's 派工 scope) not evaluated yet, by number, nurse or customer. */
  evaluable: defineContract({ method: 'POST', path: '/online/nurseEvaluation/evaluable', access: P.nurseEvaluationAdd, body: z.object({ keyword: z.string().trim().max(50).default('') }), result: z.array(nurseEvaluableSchema) }),
  /** Which of these assignments have an evaluation (the 派工 list's 评价 action). */
  evaluated: defineContract({ method: 'POST', path: '/online/nurseEvaluation/evaluated', access: P.nurseEvaluationAdd, body: z.object({ assignmentIds: z.array(z.uuid()).max(500) }), result: z.array(z.string()) }),
  add: defineContract({ method: 'POST', path: '/online/nurseEvaluation/add', access: P.nurseEvaluationAdd, body: nurseEvaluationCreateSchema, result: nurseEvaluationSchema, successMessage: T.added }),
  edit: defineContract({ method: 'POST', path: '/online/nurseEvaluation/edit', access: P.nurseEvaluationEdit, body: nurseEvaluationEditSchema, result: nurseEvaluationSchema, successMessage: T.edited }),
};
