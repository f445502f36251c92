import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from '../crm/common.js';
import { DictCode } from '../dict/dict.codes.js';
import { dateSchema, dateTimeSchema } from '../validation/date-rule.js';
import { STORED_UPLOAD_PATH } from '../system/system-config.schema.js';
import { inDict } from '../validation/dict-value.js';
import { enumValues } from '../dict/dict.enums.js';
import { ReceivableText } from './receivable.text.js';

const id = (message: string) => z.uuid({ message });
const money = (message: string = ReceivableText.amountFormat) =>
  z.union([z.string(), z.number()]).transform((v) => String(v).trim()).refine((v) => /^\d{1,12}(\.\d{1,2})?$/.test(v), message);
const optionalText = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional().default('');
const optionalFilter = z.string().trim().max(100).optional();
const dueDate = dateSchema('应收日期', { window: 'business', message: ReceivableText.dueDateFormat });
const optionalDate = (message: string) => z.union([crmDateSchema(message), z.literal('')]).optional();

// ---- 应收 --------------------------------------------------------------------------------------------

export const AGING_BUCKET_KEYS = ['d0_30', 'd31_60', 'd61_90', 'd90_plus'] as const;

export const receivableRecordSchema = z.object({
  id: z.string(),
  version: z.number(),
  orderId: z.string(),
  orderNo: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  contractId: z.string().nullable(),
  changeOrderId: z.string().nullable(),
  item: z.string(),
  dueDate: z.string(),
  amount: z.string(),
  received: z.string(),
  outstanding: z.string(),
  /** Money of 待审核 payments allocated to it (not counted yet). */
  pending: z.string(),
  dueBeforeCheckIn: z.boolean(),
  status: z.enum(enumValues('receivable_status')),
  /** Days past the due date while money is owed (0 when not overdue). */
  daysOverdue: z.number(),
  agingBucket: z.enum(AGING_BUCKET_KEYS).nullable(),
  remark: z.string(),
  createdAt: z.string(),
  /** The order is confirmed (or later): the amount moves only through a change order (调账), the line is not deleted, a new due date needs a reason. */
  planFixed: z.boolean(),
});
export type ReceivableRecord = z.infer<typeof receivableRecordSchema>;

const receivableFilters = {
  storeId: z.uuid().optional().or(z.literal('')),
  /** 订单号 or 客户姓名 (contains). */
  keyword: optionalFilter,
  orderId: z.uuid().optional().or(z.literal('')),
  item: optionalFilter,
  status: z.enum(enumValues('receivable_status')).optional().or(z.literal('')),
  dueFrom: optionalDate('应收日期不正确'),
  dueTo: optionalDate('应收日期不正确'),
  overdueOnly: z.boolean().optional(),
  agingBucket: z.enum(AGING_BUCKET_KEYS).optional().or(z.literal('')),
};
export const RECEIVABLE_SORT_KEYS = ['dueDate', 'amount', 'received', 'createdAt'] as const;
export const receivableListQuerySchema = pageQuerySchema.extend(receivableFilters);
export type ReceivableListQuery = z.input<typeof receivableListQuerySchema>;
export const receivableExportQuerySchema = z.object({ ...receivableFilters, column: z.string().max(64).optional(), order: z.enum(['asc', 'desc']).optional() });
export const receivablePageSchema = pageResultSchema(receivableRecordSchema);

export const receivableAddSchema = z.object({
  orderId: id(ReceivableText.orderRequired),
  item: inDict(z.string({ message: ReceivableText.itemRequired }).trim().min(1, ReceivableText.itemRequired).max(32), DictCode.receivableItem, '应收项目'),
  dueDate: dueDate,
  amount: money(),
  dueBeforeCheckIn: z.boolean().optional().default(false),
  remark: optionalText('备注', 500),
});
export type ReceivableAdd = z.input<typeof receivableAddSchema>;

export const receivableEditSchema = z.object({
  id: id('缺少ID'),
  version: z.number({ message: '缺少版本号' }).int(),
  dueDate: dueDate,
  amount: money(),
  dueBeforeCheckIn: z.boolean().optional(),
  remark: optionalText('备注', 500),
  /** Why the due date moves (required once the order is confirmed; kept in the line's change log). */
  reason: optionalText('修改原因', 500),
});
export type ReceivableEdit = z.input<typeof receivableEditSchema>;

export const receivableVersionedIdSchema = z.object({ id: id('缺少ID'), version: z.number({ message: '缺少版本号' }).int() });

/** 账龄: per store, what is owed past due by bucket, and what is owed not yet due. */
export const agingRowSchema = z.object({
  storeId: z.string(),
  storeName: z.string().nullable(),
  notDue: z.string(),
  d0_30: z.string(),
  d31_60: z.string(),
  d61_90: z.string(),
  d90_plus: z.string(),
  overdue: z.string(),
  outstanding: z.string(),
});
export type AgingRow = z.infer<typeof agingRowSchema>;
export const agingQuerySchema = z.object({ storeId: z.uuid().optional().or(z.literal('')) });

/** Orders with receivables the caller may see (the 收款 form's order picker). */
export const receivableOrderSchema = z.object({
  orderId: z.string(),
  orderNo: z.string().nullable(),
  customerName: z.string().nullable(),
  storeName: z.string().nullable(),
  amount: z.string(),
  received: z.string(),
  outstanding: z.string(),
});
export type ReceivableOrder = z.infer<typeof receivableOrderSchema>;
export const receivableOrderQuerySchema = z.object({ keyword: optionalFilter, openOnly: z.boolean().optional() });

// ---- 欠款授权 -----------------------------------------------------------------------------------------

export const debtAuthorizationSchema = z.object({
  id: z.string(),
  orderId: z.string(),
  amount: z.string(),
  reason: z.string(),
  authorizedBy: z.string().nullable(),
  authorizedAt: z.string(),
  revokedBy: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type DebtAuthorization = z.infer<typeof debtAuthorizationSchema>;
export const debtGrantSchema = z.object({
  orderId: id(ReceivableText.orderRequired),
  amount: money(ReceivableText.debtAmountPositive).refine((v) => Number(v) > 0, ReceivableText.debtAmountPositive),
  reason: z.string({ message: ReceivableText.debtReasonRequired }).trim().min(1, ReceivableText.debtReasonRequired).max(500, '授权原因不能超过500个字符'),
});
export type DebtGrant = z.input<typeof debtGrantSchema>;
export const receivableOrderIdSchema = z.object({ orderId: id(ReceivableText.orderRequired) });
export const receivableIdSchema = z.object({ id: id('缺少ID') });

// ---- 收款 --------------------------------------------------------------------------------------------

export const paymentAllocationSchema = z.object({ receivableId: z.string(), item: z.string(), dueDate: z.string(), amount: z.string() });

export const paymentRecordSchema = z.object({
  id: z.string(),
  version: z.number(),
  paymentNo: z.string(),
  orderId: z.string().nullable(),
  orderNo: z.string().nullable(),
  reservationId: z.string().nullable(),
  customerId: z.string(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  method: z.string(),
  amount: z.string(),
  unapplied: z.string(),
  paidAt: z.string(),
  payer: z.string(),
  bankRef: z.string(),
  invoiceNo: z.string(),
  attachments: z.array(z.string()),
  status: z.enum(enumValues('payment_status')),
  /** 收款 / 冲销 / 退款. */
  kind: z.enum(['receipt', 'reversal', 'refund']),
  reversalOf: z.string().nullable(),
  reversalOfNo: z.string().nullable(),
  /** A live (not rejected) reversal of this payment. */
  reversedBy: z.string().nullable(),
  changeOrderId: z.string().nullable(),
  auditedBy: z.string().nullable(),
  auditedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  remark: z.string(),
  createdAt: z.string(),
  /** Who recorded it (user id): 四眼原则, the audit is someone else's. */
  createdBy: z.string().nullable(),
  allocations: z.array(paymentAllocationSchema),
});
export type PaymentRecord = z.infer<typeof paymentRecordSchema>;
export const PAYMENT_KIND_LABELS = { receipt: '收款', reversal: '冲销', refund: '退款' } as const;

const paymentFilters = {
  storeId: z.uuid().optional().or(z.literal('')),
  /** 收款单号, 订单号 or 客户姓名 (contains). */
  keyword: optionalFilter,
  orderId: z.uuid().optional().or(z.literal('')),
  status: z.enum(enumValues('payment_status')).optional().or(z.literal('')),
  method: optionalFilter,
  kind: z.enum(['receipt', 'reversal', 'refund']).optional().or(z.literal('')),
  paidFrom: optionalDate('收款日期不正确'),
  paidTo: optionalDate('收款日期不正确'),
};
export const PAYMENT_SORT_KEYS = ['paidAt', 'amount', 'createdAt'] as const;
export const paymentListQuerySchema = pageQuerySchema.extend(paymentFilters);
export type PaymentListQuery = z.input<typeof paymentListQuerySchema>;
export const paymentExportQuerySchema = z.object({ ...paymentFilters, column: z.string().max(64).optional(), order: z.enum(['asc', 'desc']).optional() });
export const paymentPageSchema = pageResultSchema(paymentRecordSchema);

export const paymentAddSchema = z.object({
  orderId: id(ReceivableText.orderRequired),
  method: inDict(z.string({ message: ReceivableText.methodRequired }).trim().min(1, ReceivableText.methodRequired).max(32), DictCode.paymentMethod, '收款方式'),
  amount: money(ReceivableText.paymentAmountPositive).refine((v) => Number(v) > 0, ReceivableText.paymentAmountPositive),
  paidAt: dateTimeSchema('收款时间', { window: 'business', message: ReceivableText.paidAtRequired }),
  payer: optionalText('付款人', 50),
  bankRef: optionalText('银行流水号', 100),
  invoiceNo: optionalText('发票号', 50),
  attachments: z.array(z.string().regex(STORED_UPLOAD_PATH, ReceivableText.badAttachment)).max(10, '附件最多10个').optional().default([]),
  remark: optionalText('备注', 500),
  allocations: z.array(z.object({ receivableId: id('应收不正确'), amount: money() })).max(50).default([]),
  advance: z.boolean().optional().default(false),
});
export type PaymentAdd = z.input<typeof paymentAddSchema>;

export const paymentRejectSchema = z.object({
  id: id('缺少ID'),
  version: z.number({ message: '缺少版本号' }).int(),
  reason: z.string({ message: ReceivableText.rejectReasonRequired }).trim().min(1, ReceivableText.rejectReasonRequired).max(500, '驳回原因不能超过500个字符'),
});
export const paymentReverseSchema = z.object({ id: id('缺少ID'), reason: z.string().trim().max(500, '冲销原因不能超过500个字符').optional().default('') });
