import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from '../crm/common.js';

/** The refusals and notices of 月嫂评价. */
export const NurseEvaluationText = {
  assignmentMissing: '派工单不存在',
  notCompleted: (status: string) => `派工单当前状态为「${status}」，只有已完成的派工单可以评价`,
  alreadyEvaluated: (no: string) => `派工单「${no}」已评价，请在月嫂评价中修改`,
  added: '评价成功',
  edited: '修改评价成功',
} as const;

/** 专业技能 · 服务态度 · 卫生习惯 · 沟通能力. */
export const NURSE_EVALUATION_ASPECTS = ['skill', 'attitude', 'hygiene', 'communication'] as const;
export type NurseEvaluationAspect = (typeof NURSE_EVALUATION_ASPECTS)[number];
export const NURSE_EVALUATION_ASPECT_LABELS: Record<NurseEvaluationAspect, string> = { skill: '专业技能', attitude: '服务态度', hygiene: '卫生习惯', communication: '沟通能力' };

const score = (label: string) => z.number({ message: `${label}评分必须是1到5的整数` }).int(`${label}评分必须是1到5的整数`).min(1, `${label}评分必须是1到5的整数`).max(5, `${label}评分必须是1到5的整数`);

export const nurseEvaluationAspectsSchema = z.object({
  skill: score('专业技能'),
  attitude: score('服务态度'),
  hygiene: score('卫生习惯'),
  communication: score('沟通能力'),
});
export type NurseEvaluationAspects = z.infer<typeof nurseEvaluationAspectsSchema>;

/** 月嫂评价 as the list and the detail show it. */
export const nurseEvaluationSchema = z.object({
  id: z.string(),
  assignmentId: z.string(),
  assignmentNo: z.string().nullable(),
  nurseId: z.string(),
  nurseName: z.string().nullable(),
  nurseNo: z.string().nullable(),
  /** The nurse's rating now (mean of her evaluations' overall scores), as text. */
  nurseRating: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  overall: z.number().int(),
  aspects: z.object({ skill: z.number().optional(), attitude: z.number().optional(), hygiene: z.number().optional(), communication: z.number().optional() }),
  comment: z.string(),
  evaluatedAt: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NurseEvaluation = z.infer<typeof nurseEvaluationSchema>;

export const NURSE_EVALUATION_SORT_COLUMNS = ['evaluatedAt', 'overall'] as const;
const dateFilter = crmDateSchema('日期不正确').optional();
export const nurseEvaluationListQuerySchema = pageQuerySchema.extend({
  column: z.enum(NURSE_EVALUATION_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  storeId: z.uuid({ message: '门店不正确' }).optional(),
  nurseId: z.uuid({ message: '月嫂不正确' }).optional(),
  /** The nurse's name or number (contains). */
  nurseName: z.string().trim().max(50).optional(),
  /** The customer's name or the assignment's number (contains). */
  keyword: z.string().trim().max(64).optional(),
  overall: z.coerce.number().int().min(1).max(5).optional(),
  /** Evaluated between (inclusive, Asia/Shanghai days). */
  from: dateFilter,
  to: dateFilter,
});
export type NurseEvaluationListQuery = z.infer<typeof nurseEvaluationListQuerySchema>;
export const nurseEvaluationExportQuerySchema = nurseEvaluationListQuerySchema.omit({ pageNo: true, pageSize: true });
export const nurseEvaluationPageSchema = pageResultSchema(nurseEvaluationSchema);

const comment = z.string().trim().max(1000, '评价内容不能超过1000个字符').default('');
export const nurseEvaluationCreateSchema = z.object({
  assignmentId: z.uuid({ message: '请选择派工单!' }),
  overall: score('总体'),
  aspects: nurseEvaluationAspectsSchema,
  comment,
});
export type NurseEvaluationCreate = z.input<typeof nurseEvaluationCreateSchema>;
export const nurseEvaluationEditSchema = z.object({ id: z.uuid({ message: '缺少评价ID' }), version: z.number().int().min(1), overall: score('总体'), aspects: nurseEvaluationAspectsSchema, comment });
export type NurseEvaluationEdit = z.input<typeof nurseEvaluationEditSchema>;

/** A 已完成 assignment without an evaluation, for the add form's picker. */
export const nurseEvaluableSchema = z.object({ id: z.string(), assignmentNo: z.string(), nurseName: z.string().nullable(), customerName: z.string().nullable(), actualEnd: z.string().nullable() });
export type NurseEvaluable = z.infer<typeof nurseEvaluableSchema>;
