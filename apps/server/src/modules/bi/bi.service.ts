import type { Kysely } from 'kysely';
import {
  addDays,
  BI_FORECAST_DAYS,
  BiText,
  centsToPrice,
  percentOf,
  periodDays,
  periodMonths,
  priceCents,
  type AnalysisKpi,
  type BiPeriodQuery,
  type CustomerBi,
  type IndexChart,
  type NurseBi,
  type OrderBi,
  type RoomBi,
  type StoreAmount,
  type StoreBoard,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { Forbidden } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictOrder } from '../dict/dict.service.js';
import { leadChannelCosts } from '../lead-channel/lead-channel.bi-reads.js';
import { leavesInPeriod, nursesForMatching } from '../monthly-nurse/monthly-nurse.service.js';
import { busyInPeriod } from '../nurse-assignment/nurse-assignment.service.js';
import { analyticsStoreIds, funnelFacts, orderFacts, overdueOf, paymentFacts, receivableAging, roomNightFacts } from '../report-facts/report-facts.service.js';
import { storeOptions } from '../store/store.service.js';

// BI pages, 分析页's KPI figures, 指标图表, 门店看板 and 门店金额. Every figure over the big tables is one
// report-facts query (docs/reports.md); the small sets (lead-channel costs, nurses) come from their modules.

type Db = Kysely<DB>;

/** The menu of each page: its data rules (resource 分析门店, column storeId) say which stores the page shows. */
export const BiMenu = {
  customer: '/bi/customer',
  monthlyNurse: '/bi/monthlyNurse',
  order: '/bi/order',
  room: '/bi/room',
  analysis: '/dashboard/analysis',
  indexChart: '/dashboard/indexChart',
  storeBoard: '/store/board',
  storeAmount: '/store/amount',
} as const;
type Access = (typeof BiMenu)[keyof typeof BiMenu];

/** Periods longer than this are charted by month. */
const DAY_GRAIN_MAX = 62;

const sumCents = <T>(rows: readonly T[], pick: (r: T) => string) => rows.reduce((s, r) => s + priceCents(pick(r)), 0);
const sumOf = <T>(rows: readonly T[], pick: (r: T) => number) => rows.reduce((s, r) => s + pick(r), 0);
const yuan = centsToPrice;

/**
 * The stores a figure covers: those the caller's data rules allow on the page (null = every store of the
 * company), narrowed to the chosen store, which must be one of them.
 */
async function scopeStores(db: Db, session: SessionInfo, access: Access, storeId: string | undefined): Promise<string[] | null> {
  const allowed = await analyticsStoreIds(db, session, access);
  if (!storeId) return allowed;
  if (allowed && !allowed.includes(storeId)) throw new Forbidden(BiText.badStore);
  return [storeId];
}

/** Every day from `from` to `to` (inclusive). */
function daysOf(from: string, to: string): string[] {
  return Array.from({ length: periodDays(from, to) }, (_, i) => addDays(from, i));
}

/** Every month (`YYYY-MM`) a period touches. */
function monthsOf(from: string, to: string): string[] {
  const out: string[] = [];
  let y = Number(from.slice(0, 4));
  let m = Number(from.slice(5, 7));
  for (let i = 0; i < periodMonths(from, to); i++) {
    out.push(`${y}-${String(m).padStart(2, '0')}`);
    m += 1;
    if (m > 12) [y, m] = [y + 1, 1];
  }
  return out;
}

const grainOf = (from: string, to: string): 'day' | 'month' => (periodDays(from, to) <= DAY_GRAIN_MAX ? 'day' : 'month');
const keysOf = (grain: 'day' | 'month', from: string, to: string) => (grain === 'day' ? daysOf(from, to) : monthsOf(from, to));
const keyOf = (r: { day?: string; month?: string }) => r.day ?? r.month ?? '';

const occupancyOf = (occupied: number, sellable: number) => ({ occupied, sellable, rate: percentOf(occupied, sellable) });

// ---------------------------------------------------------------- BI 客户

export async function customerBi(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<CustomerBi> {
  const storeIds = await scopeStores(db, session, BiMenu.customer, q.storeId);
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const [byChannel, byMonth, orderByChannel, channels] = await Promise.all([
    funnelFacts(db, scope, ['leadChannel']),
    funnelFacts(db, scope, ['month']),
    orderFacts(db, scope, ['leadChannel']),
    leadChannelCosts(db, session.companyId),
  ]);
  const funnel = {
    leads: sumOf(byChannel, (r) => r.leads),
    visits: sumOf(byChannel, (r) => r.visits),
    orders: sumOf(byChannel, (r) => r.orders),
    checkIns: sumOf(byChannel, (r) => r.checkIns),
  };
  const monthRows = new Map(byMonth.map((r) => [r.month, r]));
  const trend = monthsOf(q.from, q.to).map((month) => {
    const r = monthRows.get(month);
    return { month, leads: r?.leads ?? 0, visits: r?.visits ?? 0, orders: r?.orders ?? 0, checkIns: r?.checkIns ?? 0 };
  });
  const sources = byChannel
    .filter((r) => r.leads > 0)
    .map((r) => ({ leadChannelId: r.leadChannelId ?? null, leadChannelName: r.leadChannelName ?? '无渠道', leads: r.leads }))
    .sort((a, b) => b.leads - a.leads);
  const months = periodMonths(q.from, q.to);
  const revenue = new Map(orderByChannel.filter((r) => r.leadChannelId).map((r) => [r.leadChannelId!, r]));
  const roi = channels.map((c) => {
    const r = revenue.get(c.id);
    const revenueCents = r ? priceCents(r.dealTotal) : 0;
    const costCents = priceCents(c.costPerMonth) * months;
    return {
      leadChannelId: c.id,
      leadChannelName: c.name,
      orders: r?.orders ?? 0,
      revenue: yuan(revenueCents),
      cost: yuan(costCents),
      roi: costCents === 0 ? null : Math.round((revenueCents * 100) / costCents) / 100,
    };
  });
  return { funnel, trend, sources, roi, months };
}

// ---------------------------------------------------------------- BI 月嫂

/** Days of [from, to) (to exclusive) that fall inside the period [pFrom, pTo] (inclusive). */
function overlapDays(from: string, toExclusive: string, pFrom: string, pTo: string): number {
  const start = from > pFrom ? from : pFrom;
  const endExcl = toExclusive < addDays(pTo, 1) ? toExclusive : addDays(pTo, 1);
  return endExcl > start ? periodDays(start, endExcl) - 1 : 0;
}

export async function nurseBi(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<NurseBi> {
  const storeIds = await scopeStores(db, session, BiMenu.monthlyNurse, q.storeId);
  const all = await nursesForMatching(db, session.companyId);
  const nurses = storeIds ? all.filter((n) => n.storeId !== null && storeIds.includes(n.storeId)) : all;
  const nurseIds = nurses.map((n) => n.id);
  const end = addDays(q.to, 1);
  const [busy, leaves] = nurseIds.length
    ? await Promise.all([busyInPeriod(db, session.companyId, { nurseIds, from: q.from, to: end }), leavesInPeriod(db, session.companyId, { nurseIds, from: q.from, to: end })])
    : [[], []];
  const days = periodDays(q.from, q.to);
  const busyOf = new Map<string, number>();
  for (const b of busy) busyOf.set(b.nurseId, (busyOf.get(b.nurseId) ?? 0) + overlapDays(b.from, b.to, q.from, q.to));
  const leaveOf = new Map<string, number>();
  for (const l of leaves) leaveOf.set(l.nurseId, (leaveOf.get(l.nurseId) ?? 0) + overlapDays(l.startDate, addDays(l.endDate, 1), q.from, q.to));
  const per = nurses.map((n) => {
    const available = Math.max(0, days - (leaveOf.get(n.id) ?? 0));
    return { nurse: n, busy: Math.min(busyOf.get(n.id) ?? 0, available), available };
  });
  const byLevel = await dictOrder(db, 'nurse_level');
  const levels = [...new Set(nurses.map((n) => n.level))].sort(byLevel).map((level) => {
    const of = per.filter((p) => p.nurse.level === level);
    const busyDays = sumOf(of, (p) => p.busy);
    const availableDays = sumOf(of, (p) => p.available);
    return { level, nurses: of.length, busyDays, availableDays, utilisation: percentOf(busyDays, availableDays) };
  });
  const rated = nurses.filter((n) => n.rating !== null);
  const stars = (r: string) => Math.min(5, Math.max(1, Math.round(Number(r))));
  const ratings = [5, 4, 3, 2, 1]
    .map((s) => ({ stars: s as number | null, nurses: rated.filter((n) => stars(n.rating!) === s).length }))
    .concat([{ stars: null, nurses: nurses.length - rated.length }]);
  const ratedCents = sumCents(rated, (n) => n.rating!);
  const busyDays = sumOf(per, (p) => p.busy);
  const availableDays = sumOf(per, (p) => p.available);
  return {
    nurses: nurses.length,
    busyDays,
    availableDays,
    utilisation: percentOf(busyDays, availableDays),
    levels,
    ratings,
    averageRating: rated.length ? yuan(Math.round(ratedCents / rated.length)) : null,
  };
}

// ---------------------------------------------------------------- BI 订单

export async function orderBi(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<OrderBi> {
  const storeIds = await scopeStores(db, session, BiMenu.order, q.storeId);
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const grain = grainOf(q.from, q.to);
  const [byKey, byProduct] = await Promise.all([orderFacts(db, scope, [grain]), orderFacts(db, scope, ['product', 'productKind'])]);
  const rows = new Map(byKey.map((r) => [keyOf(r), r]));
  const trend = keysOf(grain, q.from, q.to).map((key) => ({ key, orders: rows.get(key)?.orders ?? 0, dealTotal: rows.get(key)?.dealTotal ?? '0.00' }));
  const deal = sumCents(byKey, (r) => r.dealTotal);
  const reference = sumCents(byKey, (r) => r.referenceTotal);
  const discount = sumCents(byKey, (r) => r.discountTotal);
  const orders = sumOf(byKey, (r) => r.orders);
  const products = byProduct
    .filter((r) => r.orders > 0)
    .map((r) => ({ productId: r.productId ?? null, productName: r.productName ?? '', productKind: r.productKind ?? null, orders: r.orders, dealTotal: yuan(priceCents(r.dealTotal)), discountTotal: yuan(priceCents(r.discountTotal)) }))
    .sort((a, b) => priceCents(b.dealTotal) - priceCents(a.dealTotal));
  const kindMap = new Map<string | null, { orders: number; cents: number }>();
  for (const p of products) {
    const k = kindMap.get(p.productKind) ?? { orders: 0, cents: 0 };
    kindMap.set(p.productKind, { orders: k.orders + p.orders, cents: k.cents + priceCents(p.dealTotal) });
  }
  const kinds = [...kindMap].map(([productKind, k]) => ({ productKind, orders: k.orders, dealTotal: yuan(k.cents) })).sort((a, b) => priceCents(b.dealTotal) - priceCents(a.dealTotal));
  return {
    totals: {
      orders,
      dealTotal: yuan(deal),
      referenceTotal: yuan(reference),
      discountTotal: yuan(discount),
      cancelled: sumOf(byKey, (r) => r.cancelled),
      discountRate: percentOf(discount, reference),
      averageDeal: yuan(orders ? Math.round(deal / orders) : 0),
    },
    grain,
    trend: trend.map((t) => ({ ...t, dealTotal: yuan(priceCents(t.dealTotal)) })),
    products,
    kinds,
  };
}

// ---------------------------------------------------------------- BI 房间

export async function roomBi(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<RoomBi> {
  const storeIds = await scopeStores(db, session, BiMenu.room, q.storeId);
  const today = shanghaiDate();
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const [byType, byDay, ahead] = await Promise.all([
    roomNightFacts(db, scope, ['roomType']),
    roomNightFacts(db, scope, ['day']),
    roomNightFacts(db, { ...scope, from: today, to: addDays(today, BI_FORECAST_DAYS - 1) }, ['day']),
  ]);
  const dayRows = (rows: typeof byDay, from: string, to: string) => {
    const m = new Map(rows.map((r) => [r.day, r]));
    return daysOf(from, to).map((day) => ({ day, ...occupancyOf(m.get(day)?.occupied ?? 0, m.get(day)?.sellable ?? 0) }));
  };
  return {
    total: occupancyOf(sumOf(byType, (r) => r.occupied), sumOf(byType, (r) => r.sellable)),
    roomTypes: byType
      .map((r) => ({ roomTypeId: r.roomTypeId ?? '', roomTypeName: r.roomTypeName ?? '', ...occupancyOf(r.occupied, r.sellable) }))
      .sort((a, b) => a.roomTypeName.localeCompare(b.roomTypeName, 'zh-CN')),
    trend: dayRows(byDay, q.from, q.to),
    forecast: dayRows(ahead, today, addDays(today, BI_FORECAST_DAYS - 1)),
    today,
  };
}

// ---------------------------------------------------------------- 分析页

/** Days of 分析页's trend, up to today. */
export const ANALYSIS_TREND_DAYS = 30;

export async function analysisKpi(db: Db, session: SessionInfo): Promise<AnalysisKpi> {
  const storeIds = await analyticsStoreIds(db, session, BiMenu.analysis);
  const today = shanghaiDate();
  const monthFrom = `${today.slice(0, 7)}-01`;
  const trendFrom = addDays(today, 1 - ANALYSIS_TREND_DAYS);
  const companyId = session.companyId;
  const month = { companyId, storeIds, from: monthFrom, to: today };
  const trendScope = { companyId, storeIds, from: trendFrom, to: today };
  const [orders, paid, funnel, tonight, owed, orderDays, paidDays] = await Promise.all([
    orderFacts(db, month, []),
    paymentFacts(db, month, []),
    funnelFacts(db, month, []),
    roomNightFacts(db, { companyId, storeIds, from: today, to: today }, []),
    receivableAging(db, { companyId, storeIds, asOf: today }, []),
    orderFacts(db, trendScope, ['day']),
    paymentFacts(db, trendScope, ['day']),
  ]);
  const o = new Map(orderDays.map((r) => [r.day, r]));
  const p = new Map(paidDays.map((r) => [r.day, r]));
  return {
    today,
    monthFrom,
    orders: sumOf(orders, (r) => r.orders),
    dealTotal: yuan(sumCents(orders, (r) => r.dealTotal)),
    received: yuan(sumCents(paid, (r) => r.net)),
    leads: sumOf(funnel, (r) => r.leads),
    checkIns: sumOf(funnel, (r) => r.checkIns),
    occupancy: occupancyOf(sumOf(tonight, (r) => r.occupied), sumOf(tonight, (r) => r.sellable)),
    outstanding: yuan(sumCents(owed, (r) => r.outstanding)),
    trend: daysOf(trendFrom, today).map((day) => ({
      day,
      orders: o.get(day)?.orders ?? 0,
      dealTotal: yuan(priceCents(o.get(day)?.dealTotal ?? '0')),
      received: yuan(priceCents(p.get(day)?.net ?? '0')),
    })),
  };
}

// ---------------------------------------------------------------- 指标图表

export async function indexChart(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<IndexChart> {
  const storeIds = await scopeStores(db, session, BiMenu.indexChart, q.storeId);
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const grain = grainOf(q.from, q.to);
  const [funnel, orders, paid, nights] = await Promise.all([
    funnelFacts(db, scope, [grain]),
    orderFacts(db, scope, [grain]),
    paymentFacts(db, scope, [grain]),
    roomNightFacts(db, scope, [grain]),
  ]);
  const f = new Map(funnel.map((r) => [keyOf(r), r]));
  const o = new Map(orders.map((r) => [keyOf(r), r]));
  const p = new Map(paid.map((r) => [keyOf(r), r]));
  const n = new Map(nights.map((r) => [keyOf(r), r]));
  return {
    grain,
    points: keysOf(grain, q.from, q.to).map((key) => {
      const occupied = n.get(key)?.occupied ?? 0;
      const sellable = n.get(key)?.sellable ?? 0;
      return {
        key,
        leads: f.get(key)?.leads ?? 0,
        visits: f.get(key)?.visits ?? 0,
        orders: o.get(key)?.orders ?? 0,
        checkIns: f.get(key)?.checkIns ?? 0,
        dealTotal: yuan(priceCents(o.get(key)?.dealTotal ?? '0')),
        received: yuan(priceCents(p.get(key)?.received ?? '0')),
        refunded: yuan(priceCents(p.get(key)?.refunded ?? '0')),
        occupied,
        sellable,
        occupancy: percentOf(occupied, sellable),
      };
    }),
  };
}

// ---------------------------------------------------------------- 门店看板 / 门店金额

/** The stores a BI page's select offers the caller. */
export async function biStores(db: Db, session: SessionInfo, page: keyof typeof BiMenu): Promise<{ id: string; name: string }[]> {
  return (await storePick(db, session, BiMenu[page], undefined)).stores;
}

/** The caller's stores on a store page (the data rules of its action) and the one shown: the chosen or the first. */
async function storePick(db: Db, session: SessionInfo, access: Access, storeId: string | undefined) {
  const [allowed, options] = await Promise.all([analyticsStoreIds(db, session, access), storeOptions(db, session)]);
  const stores = options.filter((s) => allowed === null || allowed.includes(s.id)).map((s) => ({ id: s.id, name: s.name }));
  if (storeId && !stores.some((s) => s.id === storeId)) throw new Forbidden(BiText.badStore);
  return { stores, storeId: storeId ?? stores[0]?.id ?? null };
}

const zeroAging = { outstanding: '0.00', notDue: '0.00', d0to30: '0.00', d31to60: '0.00', d61to90: '0.00', over90: '0.00' };

export async function storeBoard(db: Db, session: SessionInfo, q: { storeId?: string }): Promise<StoreBoard> {
  const { stores, storeId } = await storePick(db, session, BiMenu.storeBoard, q.storeId);
  const today = shanghaiDate();
  const empty = { stores, storeId, today, leads: 0, visits: 0, orders: 0, dealTotal: '0.00', received: '0.00', refunded: '0.00', checkIns: 0, occupancy: occupancyOf(0, 0), outstanding: '0.00', overdue: '0.00' };
  if (!storeId) return empty;
  const scope = { companyId: session.companyId, storeIds: [storeId], from: today, to: today };
  const [funnel, orders, paid, nights, owed] = await Promise.all([
    funnelFacts(db, scope, []),
    orderFacts(db, scope, []),
    paymentFacts(db, scope, []),
    roomNightFacts(db, scope, []),
    receivableAging(db, { companyId: session.companyId, storeIds: [storeId], asOf: today }, []),
  ]);
  return {
    ...empty,
    leads: sumOf(funnel, (r) => r.leads),
    visits: sumOf(funnel, (r) => r.visits),
    checkIns: sumOf(funnel, (r) => r.checkIns),
    orders: sumOf(orders, (r) => r.orders),
    dealTotal: yuan(sumCents(orders, (r) => r.dealTotal)),
    received: yuan(sumCents(paid, (r) => r.received)),
    refunded: yuan(sumCents(paid, (r) => r.refunded)),
    occupancy: occupancyOf(sumOf(nights, (r) => r.occupied), sumOf(nights, (r) => r.sellable)),
    outstanding: yuan(sumCents(owed, (r) => r.outstanding)),
    overdue: overdueOf(owed[0]),
  };
}

export async function storeAmount(db: Db, session: SessionInfo, q: BiPeriodQuery): Promise<StoreAmount> {
  const { stores, storeId } = await storePick(db, session, BiMenu.storeAmount, q.storeId);
  const empty = { stores, storeId, received: '0.00', refunded: '0.00', net: '0.00', payments: 0, methods: [], items: [], owed: zeroAging, owedItems: [] };
  if (!storeId) return empty;
  const scope = { companyId: session.companyId, storeIds: [storeId], from: q.from, to: q.to };
  const [methods, items, owedItems] = await Promise.all([
    paymentFacts(db, scope, ['method']),
    paymentFacts(db, scope, ['item']),
    // Owed as of the period's last day, as 财务报表's aging (balances from payments audited by then).
    receivableAging(db, { companyId: session.companyId, storeIds: [storeId], asOf: q.to }, ['item']),
  ]);
  const money = (v: string) => yuan(priceCents(v));
  const agingKeys = ['outstanding', 'notDue', 'd0to30', 'd31to60', 'd61to90', 'over90'] as const;
  const owed = Object.fromEntries(agingKeys.map((k) => [k, yuan(sumCents(owedItems, (r) => r[k]))])) as typeof zeroAging;
  return {
    stores,
    storeId,
    received: yuan(sumCents(methods, (r) => r.received)),
    refunded: yuan(sumCents(methods, (r) => r.refunded)),
    net: yuan(sumCents(methods, (r) => r.net)),
    payments: sumOf(methods, (r) => r.payments),
    methods: methods.map((r) => ({ method: r.method ?? '', received: money(r.received), refunded: money(r.refunded), net: money(r.net), payments: r.payments })),
    items: items.map((r) => ({ item: r.item ?? '', received: money(r.received), refunded: money(r.refunded), net: money(r.net) })),
    owed,
    owedItems: owedItems
      .filter((r) => priceCents(r.outstanding) !== 0)
      .map((r) => ({ item: r.item ?? '', ...(Object.fromEntries(agingKeys.map((k) => [k, money(r[k])])) as typeof zeroAging) })),
  };
}
