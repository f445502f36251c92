import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from './common.js';

export const ChannelText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  nameTaken: '渠道名称已存在',
  badPeriod: '合作结束日期不能早于开始日期',
} as const;

/** 合作渠道: a partner (hospital, clinic, shop …) earning a commission (kind from channel_kind). */
export const channelSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  contact: z.string(),
  phone: z.string(),
  /** Percent, exact decimal text (e.g. "5.50"). */
  commissionRate: z.string(),
  contractStart: z.string().nullable(),
  contractEnd: z.string().nullable(),
  enabled: z.boolean(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Channel = z.infer<typeof channelSchema>;

export const CHANNEL_SORT_COLUMNS = ['name', 'kind', 'commissionRate', 'createdAt'] as const;
export const channelListQuerySchema = pageQuerySchema.extend({
  column: z.enum(CHANNEL_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  name: z.string().trim().max(100).optional(),
  kind: z.string().trim().max(64).optional(),
  contact: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  enabled: z.boolean().optional(),
});
export type ChannelListQuery = z.infer<typeof channelListQuerySchema>;
export const channelPageSchema = pageResultSchema(channelSchema);

const fields = {
  name: z.string().trim().min(1, '请输入渠道名称!').max(100, '渠道名称不能超过100个字符'),
  kind: z.string().trim().min(1, '请选择渠道类型!').max(64),
  contact: z.string().trim().max(64, '联系人不能超过64个字符').default(''),
  phone: z.string().trim().max(32, '联系电话不能超过32个字符').default(''),
  commissionRate: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => /^\d{1,3}(\.\d{1,2})?$/.test(v) && Number(v) <= 100, '佣金比例必须在0到100之间，最多两位小数')
    .default('0'),
  contractStart: crmDateSchema('合作开始日期不正确').nullable().default(null),
  contractEnd: crmDateSchema('合作结束日期不正确').nullable().default(null),
  enabled: z.boolean().default(true),
  remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
};
const period = (v: { contractStart: string | null; contractEnd: string | null }) => !v.contractStart || !v.contractEnd || v.contractEnd >= v.contractStart;
export const channelCreateSchema = z.object(fields).refine(period, { message: ChannelText.badPeriod, path: ['contractEnd'] });
export type ChannelCreate = z.infer<typeof channelCreateSchema>;
export const channelEditSchema = z
  .object({ id: z.uuid({ message: '缺少渠道ID' }), version: z.number().int().min(1), ...fields })
  .refine(period, { message: ChannelText.badPeriod, path: ['contractEnd'] });
export type ChannelEdit = z.infer<typeof channelEditSchema>;
