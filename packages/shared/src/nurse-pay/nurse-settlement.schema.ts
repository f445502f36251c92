import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { crmDateSchema } from '../crm/common.js';
import { centsToPrice, priceCents } from '../order/order.schema.js';
import { daysBetween } from '../room-board/room-board.days.js';
import { NURSE_SETTLEMENT_STATUSES } from './nurse-settlement.state.js';

export const NurseSettlementText = {
  generated: '结算单已生成',
  adjusted: '结算单已调整',
  audited: '结算单已审核',
  rejected: '结算单已驳回',
  assignmentMissing: '派工单不存在',
  /** Only a finished job is settled. */
  notCompleted: (status: string) => `派工单当前状态为「${status}」，只有已完成的派工可以结算`,
  noActualDates: '该派工缺少实际上户或下户日期，不能结算',
  /** One live settlement per assignment. */
  alreadySettled: (settlementNo: string) => `该派工已结算「${settlementNo}」`,
  alreadySettledAny: '该派工已结算',
  negativeTotal: (total: string) => `结算金额不能为负数（当前 ${total} 元），请调整扣款`,
  rejectReasonRequired: '请输入驳回原因!',
  rejectReasonTooLong: '驳回原因不能超过500个字符',
} as const;

export const NURSE_SETTLEMENT_ITEM_KINDS = ['bonus', 'deduction'] as const;
export type NurseSettlementItemKind = (typeof NURSE_SETTLEMENT_ITEM_KINDS)[number];
export const NURSE_SETTLEMENT_ITEM_KIND_LABELS: Record<NurseSettlementItemKind, string> = { bonus: '奖金', deduction: '扣款' };

const amountRule = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((v) => /^\d{1,10}(\.\d{1,2})?$/.test(v) && priceCents(v) > 0, '金额必须是大于0、最多两位小数的数');

/** A bonus or a deduction of a settlement. */
export const nurseSettlementItemSchema = z.object({
  kind: z.enum(NURSE_SETTLEMENT_ITEM_KINDS, { message: '请选择奖扣类型!' }),
  name: z.string({ error: '请输入奖扣项目!' }).trim().min(1, '请输入奖扣项目!').max(50, '奖扣项目不能超过50个字符'),
  amount: amountRule,
});
export type NurseSettlementItem = z.output<typeof nurseSettlementItemSchema>;
export type NurseSettlementItemInput = z.input<typeof nurseSettlementItemSchema>;

const itemsSchema = z.array(nurseSettlementItemSchema).max(30, '奖扣项目不能超过30项').default([]);
const remarkSchema = z.string().trim().max(500, '备注不能超过500个字符').default('');

export interface SettlementAmounts {
  baseAmount: string;
  bonus: string;
  deduction: string;
  total: string;
  /** The total in cents (negative: refused). */
  totalCents: number;
}

/**
 * A settlement's amounts, in cents: base = days × daily rate, plus the bonuses, minus the deductions.
 * The same function fills the 生成结算 dialog's live total and the row the server writes.
 */
export function settlementAmounts(days: number, dailyRate: string, items: readonly { kind: NurseSettlementItemKind; amount: string }[]): SettlementAmounts {
  const base = days * priceCents(dailyRate);
  const sum = (kind: NurseSettlementItemKind) => items.filter((i) => i.kind === kind).reduce((s, i) => s + (/^\d{1,10}(\.\d{1,2})?$/.test(String(i.amount).trim()) ? priceCents(i.amount) : 0), 0);
  const bonus = sum('bonus');
  const deduction = sum('deduction');
  const total = base + bonus - deduction;
  return { baseAmount: centsToPrice(base), bonus: centsToPrice(bonus), deduction: centsToPrice(deduction), total: centsToPrice(total), totalCents: total };
}

/** Days settled: 下户 − 上户 as they happened (the end day is not worked). */
export function settlementDays(actualStart: string, actualEnd: string): number {
  return Math.max(0, daysBetween(actualStart, actualEnd));
}

/** Sums of money columns over rows (a page's totals), exact in cents. */
export function sumMoney<T>(rows: readonly T[], pick: (row: T) => string): string {
  return centsToPrice(rows.reduce((s, r) => s + priceCents(pick(r)), 0));
}

export const nurseSettlementStatusSchema = z.enum(NURSE_SETTLEMENT_STATUSES, { message: '结算状态不正确' });

/** 月嫂结算 as lists and the detail show it; dates `YYYY-MM-DD` (the end is the 下户 day, not worked). */
export const nurseSettlementSchema = z.object({
  id: z.string(),
  settlementNo: z.string(),
  assignmentId: z.string(),
  assignmentNo: z.string().nullable(),
  nurseId: z.string(),
  nurseName: z.string().nullable(),
  nurseNo: z.string().nullable(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  /** 实际上户 and 下户 of the assignment. */
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  days: z.number().int(),
  dailyRate: z.string(),
  baseAmount: z.string(),
  bonus: z.string(),
  deduction: z.string(),
  total: z.string(),
  items: z.array(z.object({ kind: z.enum(NURSE_SETTLEMENT_ITEM_KINDS), name: z.string(), amount: z.string() })),
  status: nurseSettlementStatusSchema,
  auditedByName: z.string().nullable(),
  auditedAt: z.string().nullable(),
  rejectReason: z.string().nullable(),
  remark: z.string(),
  createdByName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NurseSettlement = z.infer<typeof nurseSettlementSchema>;

export const NURSE_SETTLEMENT_SORT_COLUMNS = ['createdAt', 'settlementNo', 'total', 'endDate'] as const;

const uuidFilter = (message: string) => z.uuid({ message }).optional();
const dateFilter = crmDateSchema('日期不正确').optional();
export const nurseSettlementListQuerySchema = pageQuerySchema.extend({
  column: z.enum(NURSE_SETTLEMENT_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  settlementNo: z.string().trim().max(64).optional(),
  storeId: uuidFilter('门店不正确'),
  status: nurseSettlementStatusSchema.optional(),
  nurseId: uuidFilter('月嫂不正确'),
  /** The nurse's name or number (contains). */
  nurseName: z.string().trim().max(50).optional(),
  /** Service period: settlements whose days (上户 to 下户) touch [from, to] (inclusive). */
  from: dateFilter,
  to: dateFilter,
});
export type NurseSettlementListQuery = z.infer<typeof nurseSettlementListQuerySchema>;
export const nurseSettlementExportQuerySchema = nurseSettlementListQuerySchema.omit({ pageNo: true, pageSize: true });
export const nurseSettlementPageSchema = pageResultSchema(nurseSettlementSchema);

/** 生成结算 of a 已完成 assignment, with its bonuses and deductions. */
export const nurseSettlementCreateSchema = z.object({
  assignmentId: z.uuid({ message: '请选择派工单!' }),
  items: itemsSchema,
  remark: remarkSchema,
});
export type NurseSettlementCreate = z.input<typeof nurseSettlementCreateSchema>;

const actionBase = z.object({ id: z.uuid({ message: '缺少结算单ID' }), version: z.number().int().min(1) });
export const nurseSettlementActionSchema = actionBase;
export type NurseSettlementAction = z.infer<typeof nurseSettlementActionSchema>;

/** 调整: the bonuses and deductions (and remark) of a 待审核 settlement. */
export const nurseSettlementAdjustSchema = actionBase.extend({ items: itemsSchema, remark: remarkSchema });
export type NurseSettlementAdjust = z.input<typeof nurseSettlementAdjustSchema>;

export const nurseSettlementRejectSchema = actionBase.extend({
  reason: z.string({ error: NurseSettlementText.rejectReasonRequired }).trim().min(1, NurseSettlementText.rejectReasonRequired).max(500, NurseSettlementText.rejectReasonTooLong),
});
export type NurseSettlementReject = z.input<typeof nurseSettlementRejectSchema>;

/** The picker: 已完成 assignments in the caller's scope without a live settlement. */
export const settleableQuerySchema = z.object({
  /** Assignment no., nurse's or customer's name (contains). */
  keyword: z.string().trim().max(64).default(''),
  storeId: uuidFilter('门店不正确'),
});
export type SettleableQuery = z.input<typeof settleableQuerySchema>;

export const settleableAssignmentSchema = z.object({
  id: z.string(),
  assignmentNo: z.string(),
  nurseId: z.string(),
  nurseName: z.string().nullable(),
  nurseNo: z.string().nullable(),
  customerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  actualStart: z.string(),
  actualEnd: z.string(),
  days: z.number().int(),
  dailyRate: z.string(),
});
export type SettleableAssignment = z.infer<typeof settleableAssignmentSchema>;
