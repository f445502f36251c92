import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { isCalendarDate } from '../crm/common.js';
import { BiPermission as P } from './bi.permissions.js';

/** Texts of the BI pages' queries, typed once for the schemas and the pages. */
export const BiText = {
  badFrom: '请选择正确的开始日期',
  badTo: '请选择正确的结束日期',
  badPeriod: '结束日期不能早于开始日期',
  periodTooLong: '统计期间不能超过366天',
  badStore: '门店不正确',
  noStore: '没有可查看的门店',
} as const;

/** The longest period a BI query may span (days, inclusive). */
export const BI_MAX_DAYS = 366;
/** Days of 房间 BI's occupancy forecast, from today on. */
export const BI_FORECAST_DAYS = 30;

const DAY_MS = 86_400_000;
const dayNo = (d: string) => Date.UTC(Number(d.slice(0, 4)), Number(d.slice(5, 7)) - 1, Number(d.slice(8, 10))) / DAY_MS;

/** Inclusive days from `from` to `to`. */
export function periodDays(from: string, to: string): number {
  return dayNo(to) - dayNo(from) + 1;
}

/** Calendar months a period touches (2026-01-15..2026-03-02 → 3): a lead channel's cost is counted per month. */
export function periodMonths(from: string, to: string): number {
  return (Number(to.slice(0, 4)) - Number(from.slice(0, 4))) * 12 + Number(to.slice(5, 7)) - Number(from.slice(5, 7)) + 1;
}

/** A ratio in percent with one decimal; null when the denominator is 0. */
export function percentOf(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part * 1000) / whole) / 10;
}

const day = (message: string) => z.string().trim().refine(isCalendarDate, message);

/** A period (inclusive Asia/Shanghai days) and an optional store (none = every store the caller may see). */
export const biPeriodQuerySchema = z
  .object({
    from: day(BiText.badFrom),
    to: day(BiText.badTo),
    storeId: z.uuid({ message: BiText.badStore }).optional(),
  })
  .refine((q) => q.from <= q.to, { message: BiText.badPeriod, path: ['to'] })
  .refine((q) => q.from > q.to || periodDays(q.from, q.to) <= BI_MAX_DAYS, { message: BiText.periodTooLong, path: ['to'] });
export type BiPeriodQuery = z.input<typeof biPeriodQuerySchema>;

/** Money as text of yuan with two decimals. */
const money = z.string();
const rate = z.number().nullable();

export const biFunnelSchema = z.object({ leads: z.number().int(), visits: z.number().int(), orders: z.number().int(), checkIns: z.number().int() });
export type BiFunnel = z.infer<typeof biFunnelSchema>;

export const customerBiSchema = z.object({
  funnel: biFunnelSchema,
  /** Per month of the period: the funnel's four counts. */
  trend: z.array(biFunnelSchema.extend({ month: z.string() })),
  /** Leads per lead channel (null id = no channel). */
  sources: z.array(z.object({ leadChannelId: z.string().nullable(), leadChannelName: z.string(), leads: z.number().int() })),
  /**
   * ROI per lead channel: revenue = deal total of the period's orders whose customer came from the channel's leads;
   * cost = the channel's cost per month × calendar months of the period; roi = revenue ÷ cost (two decimals, null when cost is 0).
   */
  roi: z.array(z.object({ leadChannelId: z.string(), leadChannelName: z.string(), orders: z.number().int(), revenue: money, cost: money, roi: rate })),
  months: z.number().int(),
});
export type CustomerBi = z.infer<typeof customerBiSchema>;

export const nurseBiSchema = z.object({
  /** Nurses not 离职 of the stores in scope. */
  nurses: z.number().int(),
  /** Days on assignment in the period ÷ available days (nurses × days − leave days), in percent. */
  busyDays: z.number().int(),
  availableDays: z.number().int(),
  utilisation: rate,
  levels: z.array(z.object({ level: z.string(), nurses: z.number().int(), busyDays: z.number().int(), availableDays: z.number().int(), utilisation: rate })),
  /** Nurses per whole-star rating (1–5) and the unrated; average of the rated nurses' ratings (two decimals). */
  ratings: z.array(z.object({ stars: z.number().int().nullable(), nurses: z.number().int() })),
  averageRating: z.string().nullable(),
});
export type NurseBi = z.infer<typeof nurseBiSchema>;

export const orderTotalsSchema = z.object({ orders: z.number().int(), dealTotal: money, referenceTotal: money, discountTotal: money, cancelled: z.number().int() });
export const orderBiSchema = z.object({
  totals: orderTotalsSchema.extend({ discountRate: rate, averageDeal: money }),
  /** By day (periods up to 62 days) or by month. */
  grain: z.enum(['day', 'month']),
  trend: z.array(z.object({ key: z.string(), orders: z.number().int(), dealTotal: money })),
  products: z.array(z.object({ productId: z.string().nullable(), productName: z.string(), productKind: z.string().nullable(), orders: z.number().int(), dealTotal: money, discountTotal: money })),
  kinds: z.array(z.object({ productKind: z.string().nullable(), orders: z.number().int(), dealTotal: money })),
});
export type OrderBi = z.infer<typeof orderBiSchema>;

const occupancy = z.object({ occupied: z.number().int(), sellable: z.number().int(), rate });
export const roomBiSchema = z.object({
  total: occupancy,
  roomTypes: z.array(occupancy.extend({ roomTypeId: z.string(), roomTypeName: z.string() })),
  trend: z.array(occupancy.extend({ day: z.string() })),
  /** The 30 nights from today: rooms booked or in house. */
  forecast: z.array(occupancy.extend({ day: z.string() })),
  today: z.string(),
});
export type RoomBi = z.infer<typeof roomBiSchema>;

/** 分析页's figures: this month to today, today's occupancy, what is owed; 30-day trend. */
export const analysisKpiSchema = z.object({
  today: z.string(),
  monthFrom: z.string(),
  orders: z.number().int(),
  dealTotal: money,
  received: money,
  leads: z.number().int(),
  checkIns: z.number().int(),
  occupancy: occupancy,
  outstanding: money,
  trend: z.array(z.object({ day: z.string(), orders: z.number().int(), dealTotal: money, received: money })),
});
export type AnalysisKpi = z.infer<typeof analysisKpiSchema>;

/** 指标图表: the KPIs per day (periods up to 62 days) or per month. */
export const indexChartSchema = z.object({
  grain: z.enum(['day', 'month']),
  points: z.array(
    z.object({
      key: z.string(),
      leads: z.number().int(),
      visits: z.number().int(),
      orders: z.number().int(),
      checkIns: z.number().int(),
      dealTotal: money,
      received: money,
      refunded: money,
      occupied: z.number().int(),
      sellable: z.number().int(),
      occupancy: rate,
    }),
  ),
});
export type IndexChart = z.infer<typeof indexChartSchema>;

export const storeQuerySchema = z.object({ storeId: z.uuid({ message: BiText.badStore }).optional() });
export const storeAmountQuerySchema = biPeriodQuerySchema;

const storeOption = z.object({ id: z.string(), name: z.string() });

/** 门店看板: today's figures of one store (the first of the caller's stores unless one is chosen). */
export const storeBoardSchema = z.object({
  stores: z.array(storeOption),
  storeId: z.string().nullable(),
  today: z.string(),
  leads: z.number().int(),
  visits: z.number().int(),
  orders: z.number().int(),
  dealTotal: money,
  received: money,
  refunded: money,
  checkIns: z.number().int(),
  occupancy: occupancy,
  outstanding: money,
  overdue: money,
});
export type StoreBoard = z.infer<typeof storeBoardSchema>;

const aging = z.object({ outstanding: money, notDue: money, d0to30: money, d31to60: money, d61to90: money, over90: money });
/** 门店金额: a store's money in over a period (by method and by item) and what is owed today (by item, aged). */
export const storeAmountSchema = z.object({
  stores: z.array(storeOption),
  storeId: z.string().nullable(),
  received: money,
  refunded: money,
  net: money,
  payments: z.number().int(),
  methods: z.array(z.object({ method: z.string(), received: money, refunded: money, net: money, payments: z.number().int() })),
  items: z.array(z.object({ item: z.string(), received: money, refunded: money, net: money })),
  owed: aging,
  owedItems: z.array(aging.extend({ item: z.string() })),
});
export type StoreAmount = z.infer<typeof storeAmountSchema>;

/** The pages whose store select lists the stores their data rules allow. */
export const BI_PAGES = ['customer', 'monthlyNurse', 'order', 'room', 'indexChart'] as const;
export const biStoresQuerySchema = z.object({ page: z.enum(BI_PAGES, { message: BiText.badStore }) });

export const biContract = {
  /** The stores a BI page's select offers: those the page's data rules allow the caller (every store without a rule). */
  stores: defineContract({ method: 'POST', path: '/online/bi/stores', access: 'authenticated', body: biStoresQuerySchema, result: z.array(storeOption) }),
  customer: defineContract({ method: 'POST', path: '/online/bi/customer', access: P.customerBi, body: biPeriodQuerySchema, result: customerBiSchema }),
  monthlyNurse: defineContract({ method: 'POST', path: '/online/bi/monthlyNurse', access: P.monthlyNurseBi, body: biPeriodQuerySchema, result: nurseBiSchema }),
  order: defineContract({ method: 'POST', path: '/online/bi/order', access: P.orderBi, body: biPeriodQuerySchema, result: orderBiSchema }),
  room: defineContract({ method: 'POST', path: '/online/bi/room', access: P.roomBi, body: biPeriodQuerySchema, result: roomBiSchema }),
  analysisKpi: defineContract({ method: 'POST', path: '/online/dashboard/analysis/kpi', access: P.analysisKpi, result: analysisKpiSchema }),
  indexChart: defineContract({ method: 'POST', path: '/online/dashboard/indexChart', access: P.indexChart, body: biPeriodQuerySchema, result: indexChartSchema }),
  storeBoard: defineContract({ method: 'POST', path: '/online/store/board', access: P.storeBoard, body: storeQuerySchema, result: storeBoardSchema }),
  storeAmount: defineContract({ method: 'POST', path: '/online/store/amount', access: P.storeAmount, body: storeAmountQuerySchema, result: storeAmountSchema }),
};
