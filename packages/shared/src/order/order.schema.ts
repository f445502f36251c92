import { z } from 'zod';
import { dateSchema } from '../validation/date-rule.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from '../crm/common.js';
import { productSnapshotSchema } from '../product/product.schema.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { ORDER_STATUSES } from './order.state.js';

export const OrderText = {
  checkInRequired: '请选择预计入住日期!',
  customerMissing: '所选客户不存在或无权查看',
  storeMissing: '所选门店不存在或已停用',
  notSoldInStore: '该产品不在所选门店销售',
  productMissing: '所选产品不存在',
  roomTypeStore: '所选房型不属于所选门店',
  consultantMissing: '所选顾问不存在或已停用',
  channelMissing: '所选合作渠道不存在或已停用',
  belowFloor: (floor: string) => `成交价低于底价 ${floor} 元，提交后需折扣审批`,
  remarkRequired: '请输入驳回原因!',
  submitted: '提交成功',
  approved: '审批通过',
  rejected: '已驳回',
  notEditable: (status: string) => `订单当前状态为「${status}」，不能编辑`,
  notChangeable: (status: string) => `订单当前状态为「${status}」，不能变更`,
  outOfScope: '所选门店或顾问不在您的数据权限范围内',
  needsApproval: '成交价低于底价，需折扣审批后才能确认',
  noApprovalNeeded: '成交价不低于底价，无需折扣审批',
  badDays: '变更后的天数不能小于1',
  negativeDeal: '变更后的成交价不能小于0',
} as const;

const reference = (label: string) => field.value(label, z.uuid({ message: `请选择${label}!` }), z.string(), { list: true, search: 'eq', required: true });
const optionalReference = (label: string) =>
  field.value(label, z.uuid({ message: `${label}不正确` }).nullable().default(null), z.string().nullable(), { list: true, search: 'eq', nullable: true });
const readMoney = (label: string) => field.readOnly(field.money(label, { sort: true }));

/**
 * 订单: a customer buys a product (its current version is snapshotted) in a store, room type and days
 * from a planned check-in; the reference and floor price come from 财务定价 on that date. Only a draft
 * is edited; the status moves by orderMachine (提交, 折扣审批, and the stays, settlement and cancellation
 * of the modules above).
 */
export const orderResource = defineResource({
  name: 'order',
  table: 'sales_order',
  label: '订单',
  fields: {
    orderNo: field.readOnly(field.text('订单编号', { search: 'prefix', sort: true })),
    customerId: reference('客户'),
    storeId: reference('门店'),
    productId: reference('产品'),
    productVersionId: field.readOnly(field.value('产品版本', z.string(), z.string())),
    roomTypeId: optionalReference('房型'),
    days: field.int('天数', { required: true, min: 1, max: 365, sort: true }),
    plannedCheckIn: field.date('预计入住日期', { sort: true, window: 'business' }),
    plannedCheckOut: field.readOnly(field.date('预计退房日期', { sort: true })),
    referencePrice: readMoney('参考价'),
    floorPrice: readMoney('底价'),
    dealPrice: field.money('成交价', { sort: true, message: '成交价必须是最多两位小数的金额' }),
    discount: readMoney('优惠金额'),
    consultantId: optionalReference('顾问'),
    channelId: optionalReference('合作渠道'),
    reservationId: field.readOnly(field.value('订房预约', z.string().nullable(), z.string().nullable(), { nullable: true })),
    depositApplied: readMoney('已转定金'),
    status: field.readOnly(field.enum('订单状态', 'order_status', ORDER_STATUSES, { sort: true })),
    remark: field.textarea('备注'),
    approvedBy: field.readOnly(field.value('审批人', z.string().nullable(), z.string().nullable(), { nullable: true })),
    approvedAt: field.datetime('审批时间'),
    approvalRemark: field.readOnly(field.text('审批意见', { max: 200, search: false, list: false })),
    createdOn: field.datetime('创建时间', { column: 'created_at', sort: true, nullable: false }),
    /** Who created it: 四眼原则 leaves 审批通过 off her own orders on the page (docs/money.md). */
    createdBy: field.readOnly(field.value('创建人', z.string().nullable(), z.string().nullable(), { column: 'created_by', nullable: true, list: false, search: false, export: false })),
  },
  defaultSort: { key: 'createdOn', order: 'desc' },
  rules: [{ check: (v) => Boolean(v.plannedCheckIn), message: OrderText.checkInRequired, path: 'plannedCheckIn' }],
  /** Names read by the server. */
  derived: {
    customerName: z.string().nullable(),
    storeName: z.string().nullable(),
    productName: z.string().nullable(),
    roomTypeName: z.string().nullable(),
    consultantName: z.string().nullable(),
    channelName: z.string().nullable(),
  },
});

export type Order = RecordOf<typeof orderResource>;
export type OrderCreate = CreateOf<typeof orderResource>;
export type OrderEdit = EditOf<typeof orderResource>;

const optionalDate = (label: string) => crmDateSchema(`${label}不正确`).optional();

/** The list's filters, plus the created and planned check-in periods (inclusive days, Asia/Shanghai). */
export const orderListQuerySchema = orderResource.listQuery.extend({
  createdFrom: optionalDate('创建开始日期'),
  createdTo: optionalDate('创建结束日期'),
  checkInFrom: optionalDate('入住开始日期'),
  checkInTo: optionalDate('入住结束日期'),
});
export type OrderListQuery = ListQueryOf<typeof orderResource> & { createdFrom?: string; createdTo?: string; checkInFrom?: string; checkInTo?: string };

/** 提交 / 折扣审批 of one order at the version the caller saw; a rejection says why. */
export const orderMoveSchema = z.object({
  id: z.uuid({ message: '缺少订单ID' }),
  version: z.number().int().min(1).optional(),
  remark: z.string().trim().max(200, '审批意见不能超过200个字符').default(''),
});
export type OrderMove = z.input<typeof orderMoveSchema>;
export const orderRejectSchema = orderMoveSchema.refine((v) => v.remark.length > 0, { message: OrderText.remarkRequired, path: ['remark'] });

/** The reference and floor price of what the form has chosen (the price in force on the check-in date). */
export const orderQuoteSchema = z.object({
  productId: z.uuid({ message: '请选择产品!' }),
  storeId: z.uuid({ message: '请选择门店!' }),
  roomTypeId: z.uuid({ message: '房型不正确' }).nullable().default(null),
  days: z.number({ message: '请输入天数!' }).int().min(1, '天数不能小于1').max(365, '天数不能大于365'),
  plannedCheckIn: dateSchema('预计入住日期', { window: 'business' }),
});
export type OrderQuoteQuery = z.input<typeof orderQuoteSchema>;
/** The form's price hint: none in force answers the reason in `missing` (the form shows it, no error notice). */
export const orderQuoteResultSchema = z.object({ referencePrice: z.string().nullable(), floorPrice: z.string().nullable(), plannedCheckOut: z.string(), missing: z.string().nullable() });
export type OrderQuoteHint = z.infer<typeof orderQuoteResultSchema>;
export interface OrderQuote {
  referencePrice: string;
  floorPrice: string;
  plannedCheckOut: string;
}

/** The detail drawer: the product as sold, the money so far and the recorded moves. */
export const orderSnapshotSchema = productSnapshotSchema;
export const orderMoneySchema = z.object({ amount: z.string(), received: z.string(), outstanding: z.string(), outstandingBeforeCheckIn: z.string(), paidIn: z.string() });
export type OrderMoney = z.infer<typeof orderMoneySchema>;
export const orderLogSchema = z.object({ id: z.string(), event: z.string(), fromState: z.string(), toState: z.string(), reason: z.string(), changedBy: z.string(), changedAt: z.string() });
export type OrderLog = z.infer<typeof orderLogSchema>;
/**
 * One money change of the order (资金变动, docs/ledger.md): an audited payment (before/after: the order's
 * 实收), an applied change order, a plan line it raised (0 → amount), a logged move of a plan line
 * (调账 amount, 到期日); who decided it (and who recorded it), when, and why.
 */
export const ORDER_MONEY_EVENTS = ['receipt', 'reversal', 'refund', 'change', 'lineAdded', 'lineChanged', 'dueDate'] as const;
export type OrderMoneyEvent = (typeof ORDER_MONEY_EVENTS)[number];
export const orderMoneyChangeSchema = z.object({
  id: z.string(),
  at: z.string(),
  event: z.enum(ORDER_MONEY_EVENTS),
  /** The payment's or change order's number. */
  ref: z.string(),
  /** change_order_kind of an applied change order. */
  changeKind: z.string().nullable(),
  /** receivable_item of the plan line. */
  item: z.string().nullable(),
  amount: z.string().nullable(),
  /** An applied 续住 / 升级: its own line's reference price and discount (the order's deal stays as signed). */
  line: z.object({ reference: z.string(), discount: z.string() }).nullable().optional(),
  before: z.string().nullable(),
  after: z.string().nullable(),
  reason: z.string(),
  by: z.string(),
  recordedBy: z.string().nullable(),
});
export type OrderMoneyChange = z.infer<typeof orderMoneyChangeSchema>;
export const orderDetailSchema = z.object({
  order: orderResource.record,
  snapshot: orderSnapshotSchema,
  versionNo: z.number().nullable(),
  money: orderMoneySchema,
  log: z.array(orderLogSchema),
  moneyLog: z.array(orderMoneyChangeSchema),
});
export type OrderDetail = z.infer<typeof orderDetailSchema>;

/** A customer's orders (客户360). */
export const customerOrdersQuerySchema = pageQuerySchema.extend({ customerId: z.uuid({ message: '缺少客户ID' }) });
export const orderPageSchema = pageResultSchema(orderResource.record);

/** The planned check-out: the check-in date ('YYYY-MM-DD') + days. */
export function plannedCheckOutOf(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** A money text → integer cents (exact). */
export function priceCents(money: string | number): number {
  const [whole, frac = ''] = String(money).trim().replace(/^-/, '').split('.');
  const cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2));
  return String(money).trim().startsWith('-') ? -cents : cents;
}

/** Integer cents → money text with two decimals. */
export function centsToPrice(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}
