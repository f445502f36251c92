import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmMoneySchema } from './common.js';

export const LeadChannelText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  codeTaken: '线索渠道编码已存在',
} as const;

/** 线索渠道: where a lead came from (type from the lead_channel_type dictionary). */
export const leadChannelSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  type: z.string(),
  /** Cost per month, exact decimal text. */
  costPerMonth: z.string(),
  enabled: z.boolean(),
  sort: z.number().int(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type LeadChannel = z.infer<typeof leadChannelSchema>;

export const LEAD_CHANNEL_SORT_COLUMNS = ['code', 'name', 'sort', 'createdAt'] as const;
export const leadChannelListQuerySchema = pageQuerySchema.extend({
  column: z.enum(LEAD_CHANNEL_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
  type: z.string().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export type LeadChannelListQuery = z.infer<typeof leadChannelListQuerySchema>;
export const leadChannelPageSchema = pageResultSchema(leadChannelSchema);

const fields = {
  code: z
    .string()
    .trim()
    .min(1, '请输入渠道编码!')
    .max(32, '渠道编码不能超过32个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '渠道编码只能包含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请输入渠道名称!').max(100, '渠道名称不能超过100个字符'),
  type: z.string().trim().min(1, '请选择渠道类型!').max(64),
  costPerMonth: crmMoneySchema('每月费用必须是最多两位小数的金额').default('0'),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(99999).default(0),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
};
export const leadChannelCreateSchema = z.object(fields);
export type LeadChannelCreate = z.infer<typeof leadChannelCreateSchema>;
export const leadChannelEditSchema = z.object({ id: z.uuid({ message: '缺少渠道ID' }), version: z.number().int().min(1), ...fields });
export type LeadChannelEdit = z.infer<typeof leadChannelEditSchema>;
