import type { Kysely } from 'kysely';
import {
  moneyToCents,
  percentText,
  reportPeriodDays,
  ReportText as T,
  SALE_GROUP_LABELS,
  type DrillRecord,
  type FinanceDrill,
  type FinanceQuery,
  type FinanceResult,
  type MoneyRow,
  type MonthlyNurseQuery,
  type MonthlyNurseResult,
  type MonthlyNurseRow,
  type NurseDrill,
  type OrderDrill,
  type OrderServeDrill,
  type OrderServeQuery,
  type OrderServeResult,
  type PageResult,
  type ReportAgingRow,
  type SaleOrderQuery,
  type SaleOrderResult,
  type SaleSummaryDrill,
  type SaleSummaryQuery,
  type SaleSummaryResult,
  type SaleSummaryRow,
  type ServeSummaryDrill,
  type ServeSummaryQuery,
  type ServeSummaryResult,
  type ServeSummaryRow,
  type WaitingMoveInQuery,
  type WaitingMoveInResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDate } from '../../platform/time.js';
import { dictLabeler } from '../dict/dict.service.js';
import { nurseAssignmentDrill, nurseReportAll, nurseReportPage, nurseReportTotals, type NurseReportFilter, type NurseReportRow } from '../nurse-assignment/nurse-assignment.report-reads.js';
import { orderInScope, saleOrderAll, saleOrderPage, waitingAll, waitingPage, waitingTotals, type SaleOrderFilter, type WaitingReadRow } from '../order/order.report-reads.js';
import { agingDrillPage, paymentDrillPage } from '../receivable/receivable.report-reads.js';
import { analyticsStoreIds, orderFacts, paymentFacts, receivableAging, serveFacts, serviceFacts, type PaymentFactRow } from '../report-facts/report-facts.service.js';
import { orderServeAll, orderServePage, orderServeTotals, serviceDrillPage, type OrderServeFilter } from '../service-order/service-order.report-reads.js';

// 报表 (docs/reports.md "Reports"): big-table figures from the report-facts queries, rows and
// drill-downs from the owning modules' report reads; every read limited to the stores the report's
// view permission allows (its menu path's data rules on 分析门店).

type Db = Kysely<DB>;
const PATHS = {
  finance: '/report/finance',
  saleOrder: '/report/saleOrder',
  saleSummary: '/report/saleSummary',
  orderServe: '/report/orderServe',
  serveSummary: '/report/serveSummary',
  waitingMoveIn: '/report/waitingMoveIn',
  monthlyNurse: '/report/monthlyNurse',
} as const;
export type ReportName = keyof typeof PATHS;

/** The stores the report may show for the caller, narrowed to the filter's store (an unseen store: none). */
async function storesOf(db: Db, session: SessionInfo, report: ReportName, storeId?: string): Promise<string[] | null> {
  const allowed = await analyticsStoreIds(db, session, PATHS[report]);
  if (!storeId) return allowed;
  return allowed === null || allowed.includes(storeId) ? [storeId] : [];
}

const ZERO = '0.00';

// ---- 财务报表 ----

function moneyRow(key: string, label: string, r: PaymentFactRow | undefined): MoneyRow {
  return { key, label, received: r?.received ?? ZERO, refunded: r?.refunded ?? ZERO, net: r?.net ?? ZERO, payments: r?.payments ?? 0 };
}

export async function financeReport(db: Db, session: SessionInfo, q: FinanceQuery): Promise<FinanceResult> {
  const storeIds = await storesOf(db, session, 'finance', q.storeId);
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const [byMethod, byItem, byStore, all, aging, agingAll, methodLabel, itemLabel] = await Promise.all([
    paymentFacts(db, scope, ['method']),
    paymentFacts(db, scope, ['item']),
    paymentFacts(db, scope, ['store']),
    paymentFacts(db, scope, []),
    receivableAging(db, { companyId: session.companyId, storeIds, asOf: q.to }, ['store']),
    receivableAging(db, { companyId: session.companyId, storeIds, asOf: q.to }, []),
    dictLabeler(db, 'payment_method'),
    dictLabeler(db, 'receivable_item'),
  ]);
  const agingRow = (key: string, label: string, r: (typeof aging)[number] | undefined): ReportAgingRow => ({
    key,
    label,
    outstanding: r?.outstanding ?? ZERO,
    notDue: r?.notDue ?? ZERO,
    d0to30: r?.d0to30 ?? ZERO,
    d31to60: r?.d31to60 ?? ZERO,
    d61to90: r?.d61to90 ?? ZERO,
    over90: r?.over90 ?? ZERO,
  });
  return {
    byMethod: byMethod.map((r) => moneyRow(r.method ?? '', methodLabel(r.method), r)),
    byItem: byItem.map((r) => moneyRow(r.item ?? '', r.item === 'unapplied' ? T.unapplied : itemLabel(r.item), r)),
    byStore: byStore.map((r) => moneyRow(r.storeId ?? '', r.storeName ?? T.none, r)),
    totals: moneyRow('total', T.totalRow, all[0]),
    aging: aging.map((r) => agingRow(r.storeId ?? '', r.storeName ?? T.none, r)),
    agingTotals: agingRow('total', T.totalRow, agingAll[0]),
  };
}

export async function financeDrill(db: Db, session: SessionInfo, q: FinanceDrill): Promise<PageResult<DrillRecord>> {
  const storeIds = await storesOf(db, session, 'finance', q.storeId ?? (q.dim === 'store' ? q.key : undefined));
  const base = { companyId: session.companyId, storeIds };
  if (q.figure === 'aging') {
    const page = await agingDrillPage(db, { ...base, asOf: q.to, bucket: q.bucket ?? 'outstanding' }, q);
    const item = await dictLabeler(db, 'receivable_item');
    return { ...page, records: page.records.map((r) => ({ ...r, kind: 'receivable', label: item(r.label), quantity: null })) };
  }
  const page = await paymentDrillPage(db, { ...base, from: q.from, to: q.to, method: q.dim === 'method' ? q.key : undefined }, q);
  const method = await dictLabeler(db, 'payment_method');
  return { ...page, records: page.records.map((r) => ({ ...r, kind: 'payment', label: method(r.label), quantity: null })) };
}

// ---- 销售订单 / 销售汇总 ----

async function saleFilter(db: Db, session: SessionInfo, report: ReportName, q: SaleOrderQuery | SaleSummaryQuery): Promise<SaleOrderFilter> {
  return {
    companyId: session.companyId,
    storeIds: await storesOf(db, session, report, q.storeId),
    from: q.from,
    to: q.to,
    consultantId: q.consultantId,
    channelId: q.channelId,
    productId: q.productId,
  };
}

async function saleTotals(db: Db, f: SaleOrderFilter) {
  const [all] = await orderFacts(db, { companyId: f.companyId, storeIds: f.storeIds, from: f.from, to: f.to, ...definedOf(f) }, []);
  return { orders: all?.orders ?? 0, referenceTotal: all?.referenceTotal ?? ZERO, dealTotal: all?.dealTotal ?? ZERO, discountTotal: all?.discountTotal ?? ZERO };
}

function definedOf(f: SaleOrderFilter) {
  const out: { consultantId?: string; channelId?: string; productId?: string } = {};
  if (f.consultantId) out.consultantId = f.consultantId;
  if (f.channelId) out.channelId = f.channelId;
  if (f.productId) out.productId = f.productId;
  return out;
}

export async function saleOrderReport(db: Db, session: SessionInfo, q: SaleOrderQuery): Promise<SaleOrderResult> {
  const f = await saleFilter(db, session, 'saleOrder', q);
  const [page, totals] = await Promise.all([saleOrderPage(db, f, q), saleTotals(db, f)]);
  return { ...page, totals };
}

// An export holds the report's rows (at most EXPORT_LIMIT) and the totals row of the on-screen query,
// read for one filter; it needs no page and no count.

/**
 * The rows, and the totals still being computed: a year's totals take longer than the rows, so the
 * workbook is written meanwhile and the totals row added last.
 */
async function rowsWhileTotals<R, T>(rows: Promise<R>, totals: Promise<T>): Promise<{ rows: R; totals: Promise<T> }> {
  // The caller awaits the totals; this keeps them from going unobserved when the rows fail first.
  totals.catch(() => undefined);
  return { rows: await rows, totals };
}

export async function saleOrderExport(db: Db, session: SessionInfo, q: SaleOrderQuery) {
  const f = await saleFilter(db, session, 'saleOrder', q);
  return rowsWhileTotals(saleOrderAll(db, f), saleTotals(db, f));
}

const dealRate = (deal: string, reference: string) => percentText(moneyToCents(deal), moneyToCents(reference));

export async function saleSummaryReport(db: Db, session: SessionInfo, q: SaleSummaryQuery): Promise<SaleSummaryResult> {
  const f = await saleFilter(db, session, 'saleSummary', q);
  const scope = { companyId: f.companyId, storeIds: f.storeIds, from: f.from, to: f.to, ...definedOf(f) };
  const [rows, totals] = await Promise.all([orderFacts(db, scope, [q.groupBy]), saleTotals(db, f)]);
  const keyOf = { consultant: 'consultantId', store: 'storeId', channel: 'channelId', product: 'productId' } as const;
  const nameOf = { consultant: 'consultantName', store: 'storeName', channel: 'channelName', product: 'productName' } as const;
  const out: SaleSummaryRow[] = rows
    .filter((r) => r.orders > 0)
    .map((r) => ({
      key: r[keyOf[q.groupBy]] ?? 'none',
      label: r[keyOf[q.groupBy]] ? (r[nameOf[q.groupBy]] ?? T.none) : T.none,
      orders: r.orders,
      referenceTotal: r.referenceTotal,
      dealTotal: r.dealTotal,
      discountTotal: r.discountTotal,
      dealRate: dealRate(r.dealTotal, r.referenceTotal),
    }))
    .sort((a, b) => moneyToCents(b.dealTotal) - moneyToCents(a.dealTotal));
  return { rows: out, totals: { key: 'total', label: T.totalRow, ...totals, dealRate: dealRate(totals.dealTotal, totals.referenceTotal) } };
}

export const saleGroupLabel = (g: SaleSummaryQuery['groupBy']) => SALE_GROUP_LABELS[g];

export async function saleSummaryDrill(db: Db, session: SessionInfo, q: SaleSummaryDrill): Promise<PageResult<DrillRecord>> {
  const f = await saleFilter(db, session, 'saleSummary', q);
  const page = await saleOrderPage(db, { ...f, group: { by: q.groupBy, key: q.key } }, q);
  return {
    ...page,
    records: page.records.map((r) => ({ id: r.id, kind: 'order', no: r.orderNo, day: r.day, customerName: r.customerName, storeName: r.storeName, label: r.productName ?? '', amount: r.dealPrice, quantity: null })),
  };
}

// ---- 订单服务 / 服务汇总 ----

async function serveFilter(db: Db, session: SessionInfo, q: OrderServeQuery): Promise<OrderServeFilter> {
  return { companyId: session.companyId, storeIds: await storesOf(db, session, 'orderServe', q.storeId), from: q.from, to: q.to, orderNo: q.orderNo };
}

/**
 * The totals row: from the served-orders fact (a year of a large company is ~430,000 orders), or
 * for one order number from the order itself.
 */
async function serveTotals(db: Db, f: OrderServeFilter): Promise<OrderServeResult['totals']> {
  if (f.orderNo?.trim()) return orderServeTotals(db, f);
  const [all] = await serveFacts(db, { companyId: f.companyId, storeIds: f.storeIds, from: f.from, to: f.to }, []);
  return { orders: all?.orders ?? 0, packageAllowance: all?.packageAllowance ?? 0, packageUsed: all?.packageUsed ?? 0, extraUsed: all?.extraUsed ?? 0 };
}

export async function orderServeReport(db: Db, session: SessionInfo, q: OrderServeQuery): Promise<OrderServeResult> {
  const f = await serveFilter(db, session, q);
  const [page, totals] = await Promise.all([orderServePage(db, f, q), serveTotals(db, f)]);
  return { ...page, totals };
}

export async function orderServeExport(db: Db, session: SessionInfo, q: OrderServeQuery) {
  const f = await serveFilter(db, session, q);
  return rowsWhileTotals(orderServeAll(db, f), serveTotals(db, f));
}

async function serviceRecords(db: Db, page: Awaited<ReturnType<typeof serviceDrillPage>>): Promise<PageResult<DrillRecord>> {
  const item = await dictLabeler(db, 'service_item');
  return { ...page, records: page.records.map((r) => ({ id: r.id, kind: 'serviceOrder', no: r.no, day: r.day, customerName: r.customerName, storeName: r.storeName, label: item(r.label), amount: null, quantity: r.quantity })) };
}

export async function orderServeDrill(db: Db, session: SessionInfo, q: OrderServeDrill): Promise<PageResult<DrillRecord>> {
  const storeIds = await storesOf(db, session, 'orderServe');
  return serviceRecords(db, await serviceDrillPage(db, { companyId: session.companyId, storeIds, orderId: q.orderId, source: q.source }, q));
}

export async function serveSummaryReport(db: Db, session: SessionInfo, q: ServeSummaryQuery): Promise<ServeSummaryResult> {
  const storeIds = await storesOf(db, session, 'serveSummary', q.storeId);
  const scope = { companyId: session.companyId, storeIds, from: q.from, to: q.to };
  const [facts, item] = await Promise.all([serviceFacts(db, scope, ['item', 'source']), dictLabeler(db, 'service_item')]);
  const byItem = new Map<string, ServeSummaryRow>();
  for (const f of facts) {
    const key = f.item ?? '';
    const row = byItem.get(key) ?? { key, label: item(key), package: 0, extra: 0, completed: 0 };
    if (f.source === 'extra') row.extra += f.completed;
    else row.package += f.completed;
    row.completed += f.completed;
    byItem.set(key, row);
  }
  const rows = [...byItem.values()].filter((r) => r.completed > 0).sort((a, b) => b.completed - a.completed || a.key.localeCompare(b.key));
  const totals = rows.reduce<ServeSummaryRow>((t, r) => ({ ...t, package: t.package + r.package, extra: t.extra + r.extra, completed: t.completed + r.completed }), {
    key: 'total',
    label: T.totalRow,
    package: 0,
    extra: 0,
    completed: 0,
  });
  return { rows, totals };
}

export async function serveSummaryDrill(db: Db, session: SessionInfo, q: ServeSummaryDrill): Promise<PageResult<DrillRecord>> {
  const storeIds = await storesOf(db, session, 'serveSummary', q.storeId);
  return serviceRecords(db, await serviceDrillPage(db, { companyId: session.companyId, storeIds, item: q.item, source: q.source, from: q.from, to: q.to }, q));
}

// ---- 待入住 ----

const daysBetween = (from: string, to: string) => reportPeriodDays(from, to) - 1;
const withCountdown = (r: WaitingReadRow, today: string) => ({ ...r, daysLeft: r.plannedCheckIn ? daysBetween(today, r.plannedCheckIn) : null });

async function waitingFilter(db: Db, session: SessionInfo, q: WaitingMoveInQuery) {
  return { companyId: session.companyId, storeIds: await storesOf(db, session, 'waitingMoveIn', q.storeId), from: q.from, to: q.to };
}

export async function waitingMoveInReport(db: Db, session: SessionInfo, q: WaitingMoveInQuery): Promise<WaitingMoveInResult> {
  const f = await waitingFilter(db, session, q);
  const [page, totals] = await Promise.all([waitingPage(db, f, q), waitingTotals(db, f)]);
  const today = shanghaiDate();
  return { ...page, records: page.records.map((r) => withCountdown(r, today)), totals };
}

export async function waitingMoveInExport(db: Db, session: SessionInfo, q: WaitingMoveInQuery) {
  const f = await waitingFilter(db, session, q);
  const today = shanghaiDate();
  const [rows, totals] = await Promise.all([waitingAll(db, f), waitingTotals(db, f)]);
  return { rows: rows.map((r) => withCountdown(r, today)), totals };
}

/** 待入住's 欠款 drill-down: the order's receivables with money outstanding. */
export async function waitingMoveInDrill(db: Db, session: SessionInfo, q: OrderDrill): Promise<PageResult<DrillRecord>> {
  const storeIds = await storesOf(db, session, 'waitingMoveIn');
  const order = await orderInScope(db, { companyId: session.companyId, storeIds }, q.orderId);
  if (!order) return { records: [], total: 0, current: q.pageNo, size: q.pageSize, pages: 0 };
  const page = await agingDrillPage(db, { companyId: session.companyId, storeIds, asOf: shanghaiDate(), bucket: 'outstanding', orderId: q.orderId }, q);
  const item = await dictLabeler(db, 'receivable_item');
  return { ...page, records: page.records.map((r) => ({ ...r, kind: 'receivable', label: item(r.label), quantity: null })) };
}

// ---- 月嫂报表 ----

async function nurseFilter(db: Db, session: SessionInfo, q: MonthlyNurseQuery | NurseDrill): Promise<NurseReportFilter> {
  return { companyId: session.companyId, storeIds: await storesOf(db, session, 'monthlyNurse', q.storeId), from: q.from, to: q.to, keyword: 'keyword' in q ? q.keyword : undefined };
}

const nurseRow = (r: NurseReportRow, days: number): MonthlyNurseRow => {
  const available = Math.max(days - r.leaveDays, 0);
  return {
    id: r.id,
    nurseNo: r.nurseNo,
    name: r.name,
    level: r.level,
    status: r.status,
    storeName: r.storeName,
    daysServed: r.daysServed,
    availableDays: available,
    utilisation: percentText(r.daysServed, available),
    earnings: r.earnings,
    rating: r.rating,
    ratingCount: r.ratingCount,
  };
};

const nurseTotals = (t: Awaited<ReturnType<typeof nurseReportTotals>>, days: number): MonthlyNurseResult['totals'] => {
  const available = Math.max(t.nurses * days - t.leaveDays, 0);
  return { nurses: t.nurses, daysServed: t.daysServed, availableDays: available, utilisation: percentText(t.daysServed, available), earnings: t.earnings };
};

export async function monthlyNurseReport(db: Db, session: SessionInfo, q: MonthlyNurseQuery): Promise<MonthlyNurseResult> {
  const f = await nurseFilter(db, session, q);
  const days = reportPeriodDays(q.from, q.to);
  const [page, t, level] = await Promise.all([nurseReportPage(db, f, q), nurseReportTotals(db, f), dictLabeler(db, 'nurse_level')]);
  return { ...page, records: page.records.map((r) => ({ ...nurseRow(r, days), level: level(r.level) })), totals: nurseTotals(t, days) };
}

export async function monthlyNurseExport(db: Db, session: SessionInfo, q: MonthlyNurseQuery) {
  const f = await nurseFilter(db, session, q);
  const days = reportPeriodDays(q.from, q.to);
  const [rows, t, level] = await Promise.all([nurseReportAll(db, f), nurseReportTotals(db, f), dictLabeler(db, 'nurse_level')]);
  return { rows: rows.map((r) => ({ ...nurseRow(r, days), level: level(r.level) })), totals: nurseTotals(t, days) };
}

export async function monthlyNurseDrill(db: Db, session: SessionInfo, q: NurseDrill): Promise<PageResult<DrillRecord>> {
  const page = await nurseAssignmentDrill(db, { ...(await nurseFilter(db, session, q)), nurseId: q.nurseId }, q);
  return { ...page, records: page.records.map((r) => ({ ...r, kind: 'assignment' })) };
}

