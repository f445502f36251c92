import type { z } from 'zod';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const LeadChannelText = {
  codeTaken: '线索渠道编码已存在',
} as const;

/** 线索渠道: where a lead came from (type from the lead_channel_type dictionary) and what it costs per month. */
export const leadChannelResource = defineResource({
  name: 'leadChannel',
  table: 'lead_channel',
  label: '线索渠道',
  fields: {
    code: field.code('渠道编码', { required: true }),
    name: field.text('渠道名称', { required: true, sort: true }),
    type: field.dict('渠道类型', 'lead_channel_type', { required: true }),
    costPerMonth: field.money('每月费用（元）', { message: '每月费用必须是最多两位小数的金额' }),
    enabled: field.bool('状态'),
    sort: field.int('排序', { sort: true }),
    remark: field.textarea('备注'),
  },
  defaultSort: { key: 'sort', order: 'asc' },
});

export type LeadChannel = RecordOf<typeof leadChannelResource>;
export type LeadChannelCreate = CreateOf<typeof leadChannelResource>;
export type LeadChannelEdit = EditOf<typeof leadChannelResource>;
export type LeadChannelListQuery = ListQueryOf<typeof leadChannelResource>;
export const leadChannelSchema = leadChannelResource.record;
export const leadChannelCreateSchema: z.ZodType<LeadChannelCreate, z.input<typeof leadChannelResource.create>> = leadChannelResource.create;
