import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { inDict } from '../validation/dict-value.js';
import { dateSchema, dateTimeSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { isPhone, PHONE_MESSAGE } from '../validation/contact.validator.js';
import { crmDateSchema, crmDateTimeSchema, crmMoneySchema } from './common.js';
import { LEAD_STATUSES } from './lead.state.js';

export const LeadText = {
  added: '添加成功！',
  edited: '编辑成功!',
  assigned: '分配成功！',
  transferred: '转移成功！',
  released: '已放入公海',
  claimed: '领取成功！',
  closed: '操作成功！',
  inPool: '该线索在公海中，请先领取或分配',
  notInPool: '该线索不在公海中',
  sameOwner: '该线索已属于所选顾问',
  ownerMissing: '所选顾问不是本公司的在职用户',
  storeMissing: '意向门店不存在或已停用',
  leadChannelMissing: '线索渠道不存在或已停用',
  channelMissing: '合作渠道不存在或已停用',
  /** The message of a duplicate phone: names the open lead and its owner. */
  /** A duplicate phone held by a lead outside the caller's data rules: named no further. */
  duplicatePhoneHidden: '该手机号已存在线索（不在您的数据范围内），请联系管理员',
  duplicatePhone: (leadNo: string, name: string, owner: string | null) =>
    `手机号已存在未关闭的线索：${leadNo}（${name}），负责人：${owner ?? '公海'}`,
} as const;

export const leadStatusSchema = z.enum(LEAD_STATUSES, { message: '线索状态不正确' });

/** 线索 as lists and forms show it. */
export const leadSchema = z.object({
  id: z.string(),
  leadNo: z.string(),
  name: z.string(),
  phone: z.string(),
  wechat: z.string(),
  leadChannelId: z.string().nullable(),
  leadChannelName: z.string().nullable(),
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  referrer: z.string(),
  /** 预产期, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  gestationWeeks: z.number().int().nullable(),
  parity: z.number().int().nullable(),
  preferredStoreId: z.string().nullable(),
  preferredStoreName: z.string().nullable(),
  budget: z.string().nullable(),
  intentionGrade: z.string().nullable(),
  /** The consultant; null while in the pool (公海). */
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  status: leadStatusSchema,
  closeReason: z.string().nullable(),
  closedAt: z.string().nullable(),
  assignedAt: z.string().nullable(),
  releasedAt: z.string().nullable(),
  nextFollowAt: z.string().nullable(),
  lastFollowAt: z.string().nullable(),
  customerId: z.string().nullable(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Lead = z.infer<typeof leadSchema>;

export const LEAD_SORT_COLUMNS = ['createdAt', 'leadNo', 'name', 'dueDate', 'nextFollowAt', 'lastFollowAt', 'intentionGrade', 'releasedAt'] as const;

const dateFilter = crmDateSchema('日期不正确').optional();
export const leadListQuerySchema = pageQuerySchema.extend({
  column: z.enum(LEAD_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  leadNo: z.string().trim().max(64).optional(),
  name: z.string().trim().max(50).optional(),
  /** Phone prefix. */
  phone: z.string().trim().max(20).optional(),
  wechat: z.string().trim().max(64).optional(),
  ownerId: z.uuid({ message: '负责人不正确' }).optional(),
  intentionGrade: z.string().trim().max(8).optional(),
  status: leadStatusSchema.optional(),
  leadChannelId: z.uuid({ message: '线索渠道不正确' }).optional(),
  channelId: z.uuid({ message: '合作渠道不正确' }).optional(),
  preferredStoreId: z.uuid({ message: '意向门店不正确' }).optional(),
  dueDateFrom: dateFilter,
  dueDateTo: dateFilter,
  /** true: leads whose next follow-up is due (now or earlier). */
  followDue: z.boolean().optional(),
  nextFollowFrom: crmDateTimeSchema('时间不正确').optional(),
  nextFollowTo: crmDateTimeSchema('时间不正确').optional(),
  createdFrom: dateFilter,
  createdTo: dateFilter,
  /** true: only pool leads; false: only owned ones. */
  inPool: z.boolean().optional(),
});
export type LeadListQuery = z.infer<typeof leadListQuerySchema>;
export const leadPageSchema = pageResultSchema(leadSchema);

/** The pool (公海): open leads without an owner. */
export const leadPoolQuerySchema = leadListQuerySchema.omit({ ownerId: true, inPool: true, status: true });
export type LeadPoolQuery = z.infer<typeof leadPoolQuerySchema>;

const nullableUuid = (message: string) => z.uuid({ message }).nullable().default(null);
const fields = {
  name: z.string().trim().min(1, '请输入客户姓名!').max(50, '客户姓名不能超过50个字符'),
  phone: z
    .string({ error: '请输入手机号!' })
    .trim()
    .min(1, '请输入手机号!')
    .refine((v) => isPhone(v), PHONE_MESSAGE),
  wechat: z.string().trim().max(64, '微信号不能超过64个字符').default(''),
  leadChannelId: nullableUuid('线索渠道不正确'),
  channelId: nullableUuid('合作渠道不正确'),
  referrer: z.string().trim().max(50, '推荐人不能超过50个字符').default(''),
  dueDate: dateSchema('预产期', { window: 'business' }).nullable().default(null),
  gestationWeeks: z.number({ message: '孕周必须是0到45之间的整数' }).int('孕周必须是0到45之间的整数').min(0, '孕周必须是0到45之间的整数').max(45, '孕周必须是0到45之间的整数').nullable().default(null),
  parity: z.number({ message: '胎次必须是1到10之间的整数' }).int('胎次必须是1到10之间的整数').min(1, '胎次必须是1到10之间的整数').max(10, '胎次必须是1到10之间的整数').nullable().default(null),
  preferredStoreId: nullableUuid('意向门店不正确'),
  budget: crmMoneySchema('预算必须是最多两位小数的金额').nullable().default(null),
  intentionGrade: inDict(z.string().trim().max(8, '意向等级不正确'), DictCode.intentionGrade, '意向等级').nullable().default(null),
  nextFollowAt: dateTimeSchema('下次跟进时间', { window: 'business' }).nullable().default(null),
  remark: z.string().trim().max(1000, '备注不能超过1000个字符').default(''),
};
export const leadCreateSchema = z.object(fields);
export type LeadCreate = z.infer<typeof leadCreateSchema>;
export const leadEditSchema = z.object({ id: z.uuid({ message: '缺少线索ID' }), version: z.number().int().min(1), ...fields });
export type LeadEdit = z.infer<typeof leadEditSchema>;

const leadIds = z.array(z.uuid({ message: '线索ID不正确' })).min(1, '请选择线索!').max(200, '一次最多选择200条线索');
/** 分配 pool leads, or 转移 owned leads, to a consultant. */
export const leadAssignSchema = z.object({ ids: leadIds, ownerId: z.uuid({ message: '请选择顾问!' }) });
export type LeadAssign = z.infer<typeof leadAssignSchema>;
export const leadIdsSchema = z.object({ ids: leadIds });
export const leadCloseSchema = z.object({
  id: z.uuid({ message: '缺少线索ID' }),
  status: z.enum(['lost', 'invalid'], { message: '请选择已流失或无效' }),
  reason: z.string().trim().min(1, '请输入原因!').max(500, '原因不能超过500个字符'),
});
export type LeadClose = z.infer<typeof leadCloseSchema>;
export const leadBatchResultSchema = z.object({ updated: z.number().int() });
