import type { z } from 'zod';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const ChannelText = {
  nameTaken: '渠道名称已存在',
  badPeriod: '合作结束日期不能早于开始日期',
} as const;

/** 合作渠道: a partner (hospital, clinic, shop …) earning a commission (kind from channel_kind). */
export const channelResource = defineResource({
  name: 'channel',
  table: 'channel',
  label: '渠道',
  fields: {
    name: field.text('渠道名称', { required: true, sort: true }),
    kind: field.dict('渠道类型', 'channel_kind', { required: true, sort: true }),
    contact: field.text('联系人', { max: 64 }),
    phone: field.text('联系电话', { max: 32, search: 'prefix' }),
    commissionRate: field.percent('佣金比例（%）', { message: '佣金比例必须在0到100之间，最多两位小数', sort: true }),
    contractStart: field.date('合作开始日期', { window: 'business' }),
    contractEnd: field.date('合作结束日期', { window: 'business' }),
    enabled: field.bool('状态'),
    remark: field.textarea('备注'),
  },
  rules: [{ check: (v) => !v.contractStart || !v.contractEnd || v.contractEnd >= v.contractStart, message: ChannelText.badPeriod, path: 'contractEnd' }],
});

export type Channel = RecordOf<typeof channelResource>;
export type ChannelCreate = CreateOf<typeof channelResource>;
export type ChannelEdit = EditOf<typeof channelResource>;
export type ChannelListQuery = ListQueryOf<typeof channelResource>;
export const channelCreateSchema: z.ZodType<ChannelCreate, z.input<typeof channelResource.create>> = channelResource.create;
