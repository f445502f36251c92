import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { inDict } from '../validation/dict-value.js';
import { dateTimeSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from '../crm/common.js';
import { SERVICE_ORDER_STATUSES } from './service-order.state.js';

export const ServiceOrderText = {
  added: '新增服务单成功',
  dispatched: '派工成功',
  started: '已开始服务',
  completed: '服务已完成',
  cancelled: '服务单已取消',
  orderNotServable: (status: string) => `订单当前状态为「${status}」，只有已确认或已入住的订单可以安排服务`,
  babyRequired: '请选择宝宝!',
  babyMissing: '所选宝宝不是该客户的宝宝',
  notInPackage: (item: string) => `套餐内不包含服务项目「${item}」，请按加购下单`,
  executorMissing: '执行人不是本门店的在职用户',
  nurseMissing: '所选月嫂不存在或已离职',
  executorRequired: '请选择执行人或月嫂',
  /** A 套餐内 completion past the allowance. */
  usedUp: (item: string, used: number, total: number) => `套餐内「${item}」已用完（${used}/${total}次），如需继续请按加购下单`,
  /** A 套餐内 completion past the item's validity (counted from check-in). */
  expired: (item: string, until: string) => `套餐内「${item}」已过有效期（${until}），如需继续请按加购下单`,
} as const;

export const SERVICE_SUBJECTS = ['mother', 'baby'] as const;
export const SERVICE_SUBJECT_LABELS: Record<(typeof SERVICE_SUBJECTS)[number], string> = { mother: '妈妈', baby: '宝宝' };
export const SERVICE_SOURCES = ['package', 'extra'] as const;

export const serviceOrderStatusSchema = z.enum(SERVICE_ORDER_STATUSES, { message: '服务单状态不正确' });
const subjectSchema = z.enum(SERVICE_SUBJECTS, { message: '请选择服务对象!' });
const sourceSchema = z.enum(SERVICE_SOURCES, { message: '请选择服务来源!' });

export const consumableSchema = z.object({
  name: z.string({ error: '请输入耗材名称!' }).trim().min(1, '请输入耗材名称!').max(50, '耗材名称不能超过50个字符'),
  quantity: z.number({ message: '耗材数量必须是1到9999之间的整数' }).int('耗材数量必须是1到9999之间的整数').min(1, '耗材数量必须是1到9999之间的整数').max(9999, '耗材数量必须是1到9999之间的整数'),
});
export type Consumable = z.infer<typeof consumableSchema>;

/** 服务单 as lists and the detail show it; instants as `YYYY-MM-DD HH:mm:ss` (Asia/Shanghai). */
export const serviceOrderSchema = z.object({
  id: z.string(),
  serviceNo: z.string(),
  orderId: z.string(),
  orderNo: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  subject: subjectSchema,
  babyId: z.string().nullable(),
  babyName: z.string().nullable(),
  serviceItem: z.string(),
  source: sourceSchema,
  quantity: z.number().int(),
  scheduledAt: z.string(),
  executorId: z.string().nullable(),
  executorName: z.string().nullable(),
  nurseId: z.string().nullable(),
  status: serviceOrderStatusSchema,
  result: z.string(),
  consumables: z.array(z.object({ name: z.string(), quantity: z.number() })),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ServiceOrder = z.infer<typeof serviceOrderSchema>;

export const SERVICE_ORDER_SORT_COLUMNS = ['scheduledAt', 'createdAt', 'serviceNo'] as const;

const dateFilter = crmDateSchema('日期不正确').optional();
const uuidFilter = (message: string) => z.uuid({ message }).optional();
export const serviceOrderListQuerySchema = pageQuerySchema.extend({
  column: z.enum(SERVICE_ORDER_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  serviceNo: z.string().trim().max(64).optional(),
  storeId: uuidFilter('门店不正确'),
  status: serviceOrderStatusSchema.optional(),
  subject: z.enum(SERVICE_SUBJECTS, { message: '服务对象不正确' }).optional(),
  serviceItem: z.string().trim().max(64).optional(),
  source: z.enum(SERVICE_SOURCES, { message: '服务来源不正确' }).optional(),
  executorId: uuidFilter('执行人不正确'),
  customerId: uuidFilter('客户不正确'),
  orderId: uuidFilter('订单不正确'),
  /** The customer's name (contains). */
  customerName: z.string().trim().max(50).optional(),
  /** The order's number (contains). */
  orderNo: z.string().trim().max(64).optional(),
  /** Scheduled date range (inclusive, Asia/Shanghai). */
  dateFrom: dateFilter,
  dateTo: dateFilter,
});
export type ServiceOrderListQuery = z.infer<typeof serviceOrderListQuerySchema>;
export const serviceOrderPageSchema = pageResultSchema(serviceOrderSchema);

/**
 * 新增服务单 under an order; `days` > 1 schedules the same service once a day at the same time for
 * that many days (one service order each).
 */
export const serviceOrderCreateSchema = z
  .object({
    orderId: z.uuid({ message: '请选择订单!' }),
    subject: subjectSchema.default('mother'),
    babyId: z.uuid({ message: '宝宝不正确' }).nullable().default(null),
    serviceItem: inDict(z.string({ error: '请选择服务项目!' }).trim().min(1, '请选择服务项目!').max(64), DictCode.serviceItem, '服务项目'),
    source: sourceSchema.default('package'),
    quantity: z.number({ message: '次数必须是1到99之间的整数' }).int('次数必须是1到99之间的整数').min(1, '次数必须是1到99之间的整数').max(99, '次数必须是1到99之间的整数').default(1),
    scheduledAt: dateTimeSchema('预约服务时间', { window: 'business', message: '请选择正确的预约服务时间!' }),
    days: z.number({ message: '连续天数必须是1到60之间的整数' }).int('连续天数必须是1到60之间的整数').min(1, '连续天数必须是1到60之间的整数').max(60, '连续天数必须是1到60之间的整数').default(1),
    executorId: z.uuid({ message: '执行人不正确' }).nullable().default(null),
    nurseId: z.uuid({ message: '月嫂不正确' }).nullable().default(null),
    remark: z.string().trim().max(500, '备注不能超过500个字符').default(''),
  })
  .superRefine((v, ctx) => {
    if (v.subject === 'baby' && !v.babyId) ctx.addIssue({ code: 'custom', path: ['babyId'], message: ServiceOrderText.babyRequired });
  })
  .transform((v) => (v.subject === 'mother' ? { ...v, babyId: null } : v));
export type ServiceOrderCreate = z.input<typeof serviceOrderCreateSchema>;
export type ServiceOrderCreateValues = z.output<typeof serviceOrderCreateSchema>;

export const serviceOrderActionSchema = z.object({ id: z.uuid({ message: '缺少服务单ID' }), version: z.number().int().min(1) });
export type ServiceOrderAction = z.infer<typeof serviceOrderActionSchema>;

export const serviceOrderDispatchSchema = serviceOrderActionSchema
  .extend({ executorId: z.uuid({ message: '执行人不正确' }).nullable().default(null), nurseId: z.uuid({ message: '月嫂不正确' }).nullable().default(null) })
  .refine((v) => v.executorId || v.nurseId, { path: ['executorId'], message: ServiceOrderText.executorRequired });
export type ServiceOrderDispatch = z.input<typeof serviceOrderDispatchSchema>;

export const serviceOrderCompleteSchema = serviceOrderActionSchema.extend({
  result: z.string().trim().max(500, '服务结果不能超过500个字符').default(''),
  consumables: z.array(consumableSchema).max(50, '耗材不能超过50项').default([]),
});
export type ServiceOrderComplete = z.input<typeof serviceOrderCompleteSchema>;

export const serviceOrderCancelSchema = serviceOrderActionSchema.extend({
  reason: z.string({ error: '请输入取消原因!' }).trim().min(1, '请输入取消原因!').max(500, '取消原因不能超过500个字符'),
});
export type ServiceOrderCancel = z.input<typeof serviceOrderCancelSchema>;

/** One item of an order's package: what it includes, what completed 套餐内 services used, what is left. */
export const allowanceItemSchema = z.object({
  serviceItem: z.string(),
  /** 按需: unlimited. */
  onDemand: z.boolean(),
  total: z.number().int().nullable(),
  used: z.number().int(),
  remaining: z.number().int().nullable(),
  validDays: z.number().int().nullable(),
  /** The last day (Asia/Shanghai) it may be used, counted from check-in; null: 不限 or not checked in yet. */
  validUntil: z.string().nullable(),
});
export type AllowanceItem = z.infer<typeof allowanceItemSchema>;

export const allowanceSchema = z.object({
  orderId: z.string(),
  /** The day counting starts (check-in, else the planned check-in). */
  startDate: z.string().nullable(),
  items: z.array(allowanceItemSchema),
});
export type Allowance = z.infer<typeof allowanceSchema>;

/** An order services can be scheduled under (已确认 / 已入住), for the add form's picker. */
export const serviceOrderOrderOptionSchema = z.object({
  id: z.string(),
  orderNo: z.string(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  status: z.string(),
  productName: z.string().nullable(),
});
export type ServiceOrderOrderOption = z.infer<typeof serviceOrderOrderOptionSchema>;
export const serviceOrderOrderOptionsQuerySchema = z.object({ keyword: z.string().trim().max(50).default(''), storeId: uuidFilter('门店不正确') });
