import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { toPageResult, type PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { SalesOrderTable } from '../../platform/db/schema-trade.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiDate, shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';
import { snapshotItems } from './service-order.allowance.js';

// Read-only services against package allowances for the 报表 module (订单服务, drill-downs of 服务汇总).

export interface ServeReadScope {
  companyId: string;
  storeIds: readonly string[] | null;
  storeId?: string | undefined;
}

export interface OrderServeFilter extends ServeReadScope {
  from: string;
  to: string;
  orderNo?: string | undefined;
}

export interface OrderServeReadRow {
  id: string;
  orderNo: string;
  checkInDay: string | null;
  customerName: string | null;
  storeName: string | null;
  productName: string | null;
  status: string;
  packageAllowance: number;
  packageUsed: number;
  extraUsed: number;
  items: { serviceItem: string; total: number | null; used: number; remaining: number | null }[];
}

type O_ = DB & { o: SalesOrderTable };
function storeScoped<O>(q: SelectQueryBuilder<O_, 'o', O>, s: ServeReadScope) {
  let out = q.where('o.company_id', '=', s.companyId);
  if (s.storeIds) out = s.storeIds.length ? out.where('o.store_id', 'in', [...s.storeIds]) : out.where(sql<boolean>`false`);
  if (s.storeId) out = out.where('o.store_id', '=', s.storeId);
  return out;
}

/** Orders checked in during the period (Shanghai days), in check-in order. */
function servedOrders(db: Kysely<DB>, f: OrderServeFilter) {
  let q = storeScoped(db.selectFrom('sales_order as o'), f)
    .where('o.checked_in_at', '>=', shanghaiDayStart(f.from))
    .where('o.checked_in_at', '<', shanghaiDayAfter(f.to))
    .where('o.status', 'in', ['checked_in', 'checked_out', 'settled']);
  if (f.orderNo) q = q.where('o.order_no', '=', f.orderNo.trim());
  return q;
}

/** Σ quantity of the package's counted (not 按需) items. */
const allowanceSql = sql<string>`coalesce((select sum(coalesce((i->>'quantity')::int, 0)) from jsonb_array_elements(coalesce(o.product_snapshot->'items', '[]'::jsonb)) as i where not coalesce((i->>'onDemand')::boolean, false)), 0)`;

/**
 * The first `first` orders in check-in order, then their customer and store: the names are joined to
 * those rows only (orders checked in at one instant, as a bulk load's, had the sort join them all).
 */
function servedRows(db: Kysely<DB>, f: OrderServeFilter, first: number) {
  const top = servedOrders(db, f)
    .select(['o.id', 'o.order_no', 'o.checked_in_at', 'o.status', 'o.product_snapshot', 'o.customer_id', 'o.store_id'])
    .orderBy('o.checked_in_at', 'desc')
    .orderBy('o.id', 'desc')
    .limit(first);
  return db
    .selectFrom(top.as('o'))
    .leftJoin('customer as cu', 'cu.id', 'o.customer_id')
    .leftJoin('store as st', 'st.id', 'o.store_id')
    .select([
      'o.id',
      'o.order_no',
      'o.checked_in_at',
      'o.status',
      'o.product_snapshot',
      'cu.name as customer_name',
      'st.name as store_name',
      sql<string | null>`o.product_snapshot->>'name'`.as('product_name'),
      allowanceSql.as('allowance'),
    ])
    .orderBy('o.checked_in_at', 'desc')
    .orderBy('o.id', 'desc');
}

/**
 * The rows with their completed services: one grouped read of the orders' services by item and
 * source (the ids as one array parameter), summed here into 套餐内已用, 加购 and each item's use.
 */
async function withItems(db: Kysely<DB>, rows: Awaited<ReturnType<ReturnType<typeof servedRows>['execute']>>): Promise<OrderServeReadRow[]> {
  const ids = rows.map((r) => r.id);
  const used = ids.length
    ? await db
        .selectFrom('service_order')
        .select(['order_id', 'service_item', 'source', sql<string>`sum(quantity)`.as('used')])
        .where(sql<boolean>`order_id = any(${ids}::uuid[])`)
        .where('status', '=', 'completed')
        .groupBy(['order_id', 'service_item', 'source'])
        .execute()
    : [];
  const itemUsed = new Map<string, number>();
  const sourceUsed = new Map<string, number>();
  for (const u of used) {
    const n = Number(u.used);
    if (u.source === 'package') itemUsed.set(`${u.order_id}/${u.service_item}`, (itemUsed.get(`${u.order_id}/${u.service_item}`) ?? 0) + n);
    sourceUsed.set(`${u.order_id}/${u.source}`, (sourceUsed.get(`${u.order_id}/${u.source}`) ?? 0) + n);
  }
  return rows.map((r) => ({
    id: r.id,
    orderNo: r.order_no,
    checkInDay: r.checked_in_at ? shanghaiDate(r.checked_in_at) : null,
    customerName: r.customer_name,
    storeName: r.store_name,
    productName: r.product_name,
    status: r.status,
    packageAllowance: Number(r.allowance),
    packageUsed: sourceUsed.get(`${r.id}/package`) ?? 0,
    extraUsed: sourceUsed.get(`${r.id}/extra`) ?? 0,
    items: snapshotItems(r.product_snapshot).map((i) => {
      const spent = itemUsed.get(`${r.id}/${i.serviceItem}`) ?? 0;
      const total = i.onDemand ? null : (i.quantity ?? 0);
      return { serviceItem: i.serviceItem, total, used: spent, remaining: total === null ? null : Math.max(total - spent, 0) };
    }),
  }));
}

export async function orderServePage(db: Kysely<DB>, f: OrderServeFilter, page: { pageNo: number; pageSize: number }): Promise<PageResult<OrderServeReadRow>> {
  const found = await pageWithCappedCount(db, servedRows(db, f, page.pageNo * page.pageSize), servedOrders(db, f), page);
  return toPageResult(await withItems(db, found.rows), found.total, page, found.capped);
}

export async function orderServeAll(db: Kysely<DB>, f: OrderServeFilter, limit = 10_000): Promise<OrderServeReadRow[]> {
  return withItems(db, await servedRows(db, f, limit).execute());
}

/**
 * Totals of 订单服务 over the filtered set read from the orders, in one pass: the orders once
 * (materialized), the package allowance per distinct item list (orders of a product version share
 * it), the completed services joined to those orders. The report reads the fact_serve_day for a
 * period (a year of a large company is ~430,000 orders) and this for an order number.
 */
export async function orderServeTotals(db: Kysely<DB>, f: OrderServeFilter) {
  const orders = servedOrders(db, f).select(['o.id', sql<unknown>`o.product_snapshot->'items'`.as('items')]);
  const result = await sql<{ orders: string | null; allowance: string | null; package_used: string | null; extra_used: string | null }>`
    with o as materialized (${orders}),
    a as (select items, count(*) as n from o group by items),
    s as (select sum(so.quantity) filter (where so.source = 'package') as p, sum(so.quantity) filter (where so.source = 'extra') as e
          from service_order so join o on o.id = so.order_id where so.status = 'completed')
    select (select sum(n) from a) as orders,
           (select sum(n * (select coalesce(sum(coalesce((i->>'quantity')::int, 0)), 0) from jsonb_array_elements(coalesce(a.items, '[]'::jsonb)) as i
                            where not coalesce((i->>'onDemand')::boolean, false))) from a) as allowance,
           s.p as package_used, s.e as extra_used
    from s`.execute(db);
  const row = result.rows[0];
  return { orders: Number(row?.orders ?? 0), packageAllowance: Number(row?.allowance ?? 0), packageUsed: Number(row?.package_used ?? 0), extraUsed: Number(row?.extra_used ?? 0) };
}

export interface ServiceDrillRow {
  id: string;
  no: string;
  day: string;
  customerName: string | null;
  storeName: string | null;
  label: string;
  quantity: number;
  source: string;
}

/** Completed services of one order, or of one item completed in a period: the records behind a service figure. */
export async function serviceDrillPage(
  db: Kysely<DB>,
  f: ServeReadScope & { orderId?: string | undefined; item?: string | undefined; source?: 'package' | 'extra' | undefined; from?: string | undefined; to?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<PageResult<ServiceDrillRow>> {
  let matches = db.selectFrom('service_order as so').where('so.company_id', '=', f.companyId).where('so.status', '=', 'completed');
  if (f.storeIds) matches = f.storeIds.length ? matches.where('so.store_id', 'in', [...f.storeIds]) : matches.where(sql<boolean>`false`);
  if (f.storeId) matches = matches.where('so.store_id', '=', f.storeId);
  if (f.orderId) matches = matches.where('so.order_id', '=', f.orderId);
  if (f.item) matches = matches.where('so.service_item', '=', f.item);
  if (f.source) matches = matches.where('so.source', '=', f.source);
  if (f.from) matches = matches.where('so.completed_at', '>=', shanghaiDayStart(f.from));
  if (f.to) matches = matches.where('so.completed_at', '<', shanghaiDayAfter(f.to));
  const rows = matches
    .leftJoin('customer as cu', 'cu.id', 'so.customer_id')
    .leftJoin('store as st', 'st.id', 'so.store_id')
    .select(['so.id', 'so.service_no', 'so.completed_at', 'so.scheduled_at', 'cu.name as customer_name', 'st.name as store_name', 'so.service_item', 'so.quantity', 'so.source'])
    .orderBy('so.completed_at', 'desc')
    .orderBy('so.id', 'desc');
  const found = await pageWithCappedCount(db, rows, matches, page);
  return toPageResult(
    found.rows.map((r) => ({
      id: r.id,
      no: r.service_no,
      day: shanghaiDate(r.completed_at ?? r.scheduled_at),
      customerName: r.customer_name,
      storeName: r.store_name,
      label: r.service_item,
      quantity: r.quantity,
      source: r.source,
    })),
    found.total,
    page,
    found.capped,
  );
}
