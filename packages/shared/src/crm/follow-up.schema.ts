import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { inDict } from '../validation/dict-value.js';
import { dateTimeSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

export const FollowUpText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
} as const;

/** 跟进记录 on a lead or a customer. Type and way are dictionaries. */
export const followUpSchema = z.object({
  id: z.string(),
  leadId: z.string().nullable(),
  customerId: z.string().nullable(),
  type: z.string(),
  way: z.string(),
  content: z.string(),
  nextFollowAt: z.string().nullable(),
  createdBy: z.string().nullable(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FollowUp = z.infer<typeof followUpSchema>;

/** Exactly one of a lead and a customer. */
function oneSubject(v: { leadId?: string | null; customerId?: string | null }, ctx: z.RefinementCtx): void {
  if (!v.leadId && !v.customerId) ctx.addIssue({ code: 'custom', path: ['leadId'], message: '缺少线索ID' });
  if (v.leadId && v.customerId) ctx.addIssue({ code: 'custom', path: ['customerId'], message: '线索和客户只能选择一个' });
}

/** The follow-ups of a lead (`leadId`) or of a customer (`customerId`). */
export const followUpListQuerySchema = pageQuerySchema
  .extend({
    column: z.enum(['createdAt'], { message: '不支持的排序字段' }).optional(),
    leadId: z.uuid({ message: '缺少线索ID' }).optional(),
    customerId: z.uuid({ message: '客户ID不正确' }).optional(),
  })
  .superRefine(oneSubject);
export type FollowUpListQuery = z.infer<typeof followUpListQuerySchema>;
export const followUpPageSchema = pageResultSchema(followUpSchema);

const fields = {
  type: inDict(z.string().trim().min(1, '请选择跟进类型!').max(64), DictCode.followUpType, '跟进类型'),
  way: inDict(z.string().trim().min(1, '请选择跟进方式!').max(64), DictCode.followUpWay, '跟进方式'),
  content: z.string().trim().min(1, '请输入跟进内容!').max(2000, '跟进内容不能超过2000个字符'),
  nextFollowAt: dateTimeSchema('下次跟进时间', { window: 'business' }).nullable().default(null),
};
/** On a lead (`leadId`) or a customer (`customerId`). */
export const followUpCreateSchema = z
  .object({
    leadId: z.uuid({ message: '缺少线索ID' }).nullable().default(null),
    customerId: z.uuid({ message: '客户ID不正确' }).nullable().default(null),
    ...fields,
  })
  .superRefine(oneSubject);
export type FollowUpCreate = z.infer<typeof followUpCreateSchema>;
export const followUpEditSchema = z.object({ id: z.uuid({ message: '缺少跟进记录ID' }), version: z.number().int().min(1), ...fields });
export type FollowUpEdit = z.infer<typeof followUpEditSchema>;
