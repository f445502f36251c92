import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

/** Texts of the 报表 pages, typed once (server messages and the web's labels). */
export const ReportText = {
  badDay: '日期格式应为YYYY-MM-DD',
  badPeriod: '结束日期不能早于开始日期',
  periodTooLong: '查询区间不能超过366天',
  none: '未指定',
  unapplied: '未核销',
  finance: '财务报表',
  saleOrder: '销售订单',
  saleSummary: '销售汇总',
  orderServe: '订单服务',
  serveSummary: '服务汇总',
  waitingMoveIn: '待入住',
  monthlyNurse: '月嫂报表',
  totalRow: '合计',
} as const;

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, ReportText.badDay);
const uuid = z.string().uuid();
const money = z.string();

const DAY_MS = 86_400_000;
/** Days from `from` to `to`, both counted. */
export const reportPeriodDays = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS) + 1;

const period = { storeId: uuid.optional(), from: day, to: day };
const isDay = (v: string) => /^\d{4}-\d{2}-\d{2}$/.test(v);
/** The period's own rules, asked only of well-formed days (a malformed one has its message already). */
const periodRules = <T extends z.ZodType<{ from: string; to: string }>>(s: T) =>
  s
    .refine((v) => !isDay(v.from) || !isDay(v.to) || v.to >= v.from, { message: ReportText.badPeriod, path: ['to'] })
    .refine((v) => !isDay(v.from) || !isDay(v.to) || v.to < v.from || reportPeriodDays(v.from, v.to) <= 366, { message: ReportText.periodTooLong, path: ['to'] });

// ---- 财务报表 ----
export const financeQuerySchema = periodRules(z.object(period));
export type FinanceQuery = z.infer<typeof financeQuerySchema>;
export const financeDimSchema = z.enum(['method', 'item', 'store']);
export type FinanceDim = z.infer<typeof financeDimSchema>;
export const moneyRowSchema = z.object({ key: z.string(), label: z.string(), received: money, refunded: money, net: money, payments: z.number().int() });
export type MoneyRow = z.infer<typeof moneyRowSchema>;
export const reportAgingRowSchema = z.object({ key: z.string(), label: z.string(), outstanding: money, notDue: money, d0to30: money, d31to60: money, d61to90: money, over90: money });
export type ReportAgingRow = z.infer<typeof reportAgingRowSchema>;
export const AGING_COLUMNS = [
  { key: 'notDue', label: '未到期' },
  { key: 'd0to30', label: '逾期1–30天' },
  { key: 'd31to60', label: '逾期31–60天' },
  { key: 'd61to90', label: '逾期61–90天' },
  { key: 'over90', label: '逾期90天以上' },
] as const;
export type AgingBucket = (typeof AGING_COLUMNS)[number]['key'];
export const financeResultSchema = z.object({
  byMethod: z.array(moneyRowSchema),
  byItem: z.array(moneyRowSchema),
  byStore: z.array(moneyRowSchema),
  totals: moneyRowSchema,
  aging: z.array(reportAgingRowSchema),
  agingTotals: reportAgingRowSchema,
});
export type FinanceResult = z.infer<typeof financeResultSchema>;
/** Drill-down of a 收款 figure (by method or store) or an aging cell (by store and bucket). */
export const financeDrillSchema = periodRules(
  z.object({
    ...period,
    ...pageQuerySchema.shape,
    figure: z.enum(['payments', 'aging']),
    dim: z.enum(['method', 'store', 'all']).default('all'),
    key: z.string().max(64).optional(),
    bucket: z.enum(['outstanding', 'notDue', 'd0to30', 'd31to60', 'd61to90', 'over90']).optional(),
  }),
);
export type FinanceDrill = z.infer<typeof financeDrillSchema>;

/** One record behind a figure; `kind` says which page it links to. */
export const drillRecordSchema = z.object({
  id: uuid,
  kind: z.enum(['order', 'payment', 'receivable', 'serviceOrder', 'assignment']),
  no: z.string(),
  day: z.string(),
  customerName: z.string().nullable(),
  storeName: z.string().nullable(),
  label: z.string(),
  amount: z.string().nullable(),
  quantity: z.number().nullable(),
});
export type DrillRecord = z.infer<typeof drillRecordSchema>;
export const drillPageSchema = pageResultSchema(drillRecordSchema);

// ---- 销售订单 / 销售汇总 ----
const saleFilters = { ...period, consultantId: uuid.optional(), channelId: uuid.optional(), productId: uuid.optional() };
export const saleOrderQuerySchema = periodRules(z.object({ ...saleFilters, ...pageQuerySchema.shape }));
export type SaleOrderQuery = z.infer<typeof saleOrderQuerySchema>;
export const saleOrderRowSchema = z.object({
  id: uuid,
  orderNo: z.string(),
  day: z.string(),
  customerName: z.string().nullable(),
  storeName: z.string().nullable(),
  productName: z.string().nullable(),
  consultantName: z.string().nullable(),
  channelName: z.string().nullable(),
  status: z.string(),
  referencePrice: money,
  dealPrice: money,
  discount: money,
});
export type SaleOrderRow = z.infer<typeof saleOrderRowSchema>;
export const saleTotalsSchema = z.object({ orders: z.number().int(), referenceTotal: money, dealTotal: money, discountTotal: money });
export type SaleTotals = z.infer<typeof saleTotalsSchema>;
export const saleOrderResultSchema = pageResultSchema(saleOrderRowSchema).extend({ totals: saleTotalsSchema });
export type SaleOrderResult = z.infer<typeof saleOrderResultSchema>;

export const saleGroupSchema = z.enum(['consultant', 'store', 'channel', 'product']);
export type SaleGroup = z.infer<typeof saleGroupSchema>;
export const SALE_GROUP_LABELS: Record<SaleGroup, string> = { consultant: '顾问', store: '门店', channel: '渠道', product: '产品' };
export const saleSummaryQuerySchema = periodRules(z.object({ ...saleFilters, groupBy: saleGroupSchema.default('consultant') }));
export type SaleSummaryQuery = z.infer<typeof saleSummaryQuerySchema>;
export const saleSummaryRowSchema = saleTotalsSchema.extend({ key: z.string(), label: z.string(), dealRate: z.string().nullable() });
export type SaleSummaryRow = z.infer<typeof saleSummaryRowSchema>;
export const saleSummaryResultSchema = z.object({ rows: z.array(saleSummaryRowSchema), totals: saleSummaryRowSchema });
export type SaleSummaryResult = z.infer<typeof saleSummaryResultSchema>;
/** Drill-down of a 销售汇总 row: its orders (key 'none' = without a consultant / channel). */
export const saleSummaryDrillSchema = periodRules(z.object({ ...saleFilters, ...pageQuerySchema.shape, groupBy: saleGroupSchema, key: z.string().max(64) }));
export type SaleSummaryDrill = z.infer<typeof saleSummaryDrillSchema>;

// ---- 订单服务 / 服务汇总 ----
export const orderServeQuerySchema = periodRules(z.object({ ...period, orderNo: z.string().max(64).optional(), ...pageQuerySchema.shape }));
export type OrderServeQuery = z.infer<typeof orderServeQuerySchema>;
export const orderServeItemSchema = z.object({ serviceItem: z.string(), total: z.number().nullable(), used: z.number(), remaining: z.number().nullable() });
export const orderServeRowSchema = z.object({
  id: uuid,
  orderNo: z.string(),
  checkInDay: z.string().nullable(),
  customerName: z.string().nullable(),
  storeName: z.string().nullable(),
  productName: z.string().nullable(),
  status: z.string(),
  packageAllowance: z.number().int(),
  packageUsed: z.number().int(),
  extraUsed: z.number().int(),
  items: z.array(orderServeItemSchema),
});
export type OrderServeRow = z.infer<typeof orderServeRowSchema>;
export const orderServeTotalsSchema = z.object({ orders: z.number().int(), packageAllowance: z.number().int(), packageUsed: z.number().int(), extraUsed: z.number().int() });
export type OrderServeTotals = z.infer<typeof orderServeTotalsSchema>;
export const orderServeResultSchema = pageResultSchema(orderServeRowSchema).extend({ totals: orderServeTotalsSchema });
export type OrderServeResult = z.infer<typeof orderServeResultSchema>;
export const orderServeDrillSchema = z.object({ orderId: uuid, source: z.enum(['package', 'extra']).optional(), ...pageQuerySchema.shape });
export type OrderServeDrill = z.infer<typeof orderServeDrillSchema>;

export const serveSummaryQuerySchema = periodRules(z.object(period));
export type ServeSummaryQuery = z.infer<typeof serveSummaryQuerySchema>;
export const serveSummaryRowSchema = z.object({ key: z.string(), label: z.string(), package: z.number().int(), extra: z.number().int(), completed: z.number().int() });
export type ServeSummaryRow = z.infer<typeof serveSummaryRowSchema>;
export const serveSummaryResultSchema = z.object({ rows: z.array(serveSummaryRowSchema), totals: serveSummaryRowSchema });
export type ServeSummaryResult = z.infer<typeof serveSummaryResultSchema>;
export const serveSummaryDrillSchema = periodRules(z.object({ ...period, ...pageQuerySchema.shape, item: z.string().max(64), source: z.enum(['package', 'extra']).optional() }));
export type ServeSummaryDrill = z.infer<typeof serveSummaryDrillSchema>;

// ---- 待入住 ----
export const waitingMoveInQuerySchema = z.object({ storeId: uuid.optional(), from: day.optional(), to: day.optional(), ...pageQuerySchema.shape });
export type WaitingMoveInQuery = z.infer<typeof waitingMoveInQuerySchema>;
export const waitingMoveInRowSchema = z.object({
  id: uuid,
  orderNo: z.string(),
  customerName: z.string().nullable(),
  storeName: z.string().nullable(),
  productName: z.string().nullable(),
  plannedCheckIn: z.string().nullable(),
  dueDate: z.string().nullable(),
  roomNo: z.string().nullable(),
  dealPrice: money,
  owed: money,
  /** Days until the planned check-in (negative: overdue); null without a planned day. */
  daysLeft: z.number().int().nullable(),
});
export type WaitingMoveInRow = z.infer<typeof waitingMoveInRowSchema>;
export const waitingMoveInTotalsSchema = z.object({ orders: z.number().int(), dealTotal: money, owed: money });
export const waitingMoveInResultSchema = pageResultSchema(waitingMoveInRowSchema).extend({ totals: waitingMoveInTotalsSchema });
export type WaitingMoveInResult = z.infer<typeof waitingMoveInResultSchema>;
export const orderDrillSchema = z.object({ orderId: uuid, ...pageQuerySchema.shape });
export type OrderDrill = z.infer<typeof orderDrillSchema>;

// ---- 月嫂报表 ----
export const monthlyNurseQuerySchema = periodRules(z.object({ ...period, keyword: z.string().max(64).optional(), ...pageQuerySchema.shape }));
export type MonthlyNurseQuery = z.infer<typeof monthlyNurseQuerySchema>;
export const monthlyNurseRowSchema = z.object({
  id: uuid,
  nurseNo: z.string(),
  name: z.string(),
  level: z.string(),
  status: z.string(),
  storeName: z.string().nullable(),
  daysServed: z.number().int(),
  availableDays: z.number().int(),
  /** Days on assignment ÷ available days, percent with one decimal; null when none were available. */
  utilisation: z.string().nullable(),
  earnings: money,
  rating: z.string().nullable(),
  ratingCount: z.number().int(),
});
export type MonthlyNurseRow = z.infer<typeof monthlyNurseRowSchema>;
export const monthlyNurseTotalsSchema = z.object({ nurses: z.number().int(), daysServed: z.number().int(), availableDays: z.number().int(), utilisation: z.string().nullable(), earnings: money });
export type MonthlyNurseTotals = z.infer<typeof monthlyNurseTotalsSchema>;
export const monthlyNurseResultSchema = pageResultSchema(monthlyNurseRowSchema).extend({ totals: monthlyNurseTotalsSchema });
export type MonthlyNurseResult = z.infer<typeof monthlyNurseResultSchema>;
export const nurseDrillSchema = periodRules(z.object({ ...period, nurseId: uuid, ...pageQuerySchema.shape }));
export type NurseDrill = z.infer<typeof nurseDrillSchema>;

/** Percent with one decimal of part ÷ whole; null when whole is 0. */
export function percentText(part: number, whole: number): string | null {
  if (whole <= 0) return null;
  return (Math.round((part * 1000) / whole) / 10).toFixed(1);
}
