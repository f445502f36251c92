import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { centsToMoney, moneyToCents, toPageResult, type PageResult, type SaleGroup } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { SalesOrderTable } from '../../platform/db/schema-trade.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiDate, shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// Read-only order rows for the 报表 module (销售订单, 销售汇总 drill-down, 待入住): indexed, paged SQL.

/** Rows an export holds at most (as the list kit's exports). */
export const EXPORT_LIMIT = 10_000;

/** Company, the stores a caller may see (null: all) and an optional store filter. */
export interface OrderReadScope {
  companyId: string;
  storeIds: readonly string[] | null;
  storeId?: string | undefined;
}

export interface SaleOrderFilter extends OrderReadScope {
  from: string;
  to: string;
  consultantId?: string | undefined;
  channelId?: string | undefined;
  productId?: string | undefined;
  /** One group of 销售汇总 ('none': the orders without one). */
  group?: { by: SaleGroup; key: string } | undefined;
}

export interface SaleOrderReadRow {
  id: string;
  orderNo: string;
  day: string;
  customerName: string | null;
  storeName: string | null;
  productName: string | null;
  consultantName: string | null;
  channelName: string | null;
  status: string;
  referencePrice: string;
  dealPrice: string;
  discount: string;
}

const groupColumn = { consultant: 'o.consultant_id', store: 'o.store_id', channel: 'o.channel_id', product: 'o.product_id' } as const;

type O_ = DB & { o: SalesOrderTable };
function scoped<O>(q: SelectQueryBuilder<O_, 'o', O>, s: OrderReadScope) {
  let out = q.where('o.company_id', '=', s.companyId);
  if (s.storeIds) out = s.storeIds.length ? out.where('o.store_id', 'in', [...s.storeIds]) : out.where(sql<boolean>`false`);
  if (s.storeId) out = out.where('o.store_id', '=', s.storeId);
  return out;
}

/** The orders a sale figure counts: not 草稿, not cancelled, created in the period (Shanghai days). */
function saleOrders(db: Kysely<DB>, f: SaleOrderFilter) {
  let q = scoped(db.selectFrom('sales_order as o'), f)
    .where('o.created_at', '>=', shanghaiDayStart(f.from))
    .where('o.created_at', '<', shanghaiDayAfter(f.to))
    .where('o.status', 'not in', ['draft', 'cancelled']);
  if (f.consultantId) q = q.where('o.consultant_id', '=', f.consultantId);
  if (f.channelId) q = q.where('o.channel_id', '=', f.channelId);
  if (f.productId) q = q.where('o.product_id', '=', f.productId);
  if (f.group) {
    const col = groupColumn[f.group.by];
    q = f.group.key === 'none' ? q.where(col, 'is', null) : q.where(col, '=', f.group.key);
  }
  return q;
}

function saleOrderRows(db: Kysely<DB>, f: SaleOrderFilter) {
  return saleOrders(db, f)
    .leftJoin('customer as cu', 'cu.id', 'o.customer_id')
    .leftJoin('store as st', 'st.id', 'o.store_id')
    .leftJoin('app_user as u', 'u.id', 'o.consultant_id')
    .leftJoin('channel as ch', 'ch.id', 'o.channel_id')
    .select([
      'o.id',
      'o.order_no',
      'o.created_at',
      'cu.name as customer_name',
      'st.name as store_name',
      sql<string | null>`o.product_snapshot->>'name'`.as('product_name'),
      'u.first_name as consultant_name',
      'ch.name as channel_name',
      'o.status',
      'o.reference_price',
      'o.deal_price',
      'o.discount',
    ])
    .orderBy('o.created_at', 'desc')
    .orderBy('o.id', 'desc');
}

type Raw = Awaited<ReturnType<ReturnType<typeof saleOrderRows>['execute']>>[number];
const toRow = (r: Raw): SaleOrderReadRow => ({
  id: r.id,
  orderNo: r.order_no,
  day: shanghaiDate(r.created_at),
  customerName: r.customer_name,
  storeName: r.store_name,
  productName: r.product_name,
  consultantName: r.consultant_name,
  channelName: r.channel_name,
  status: r.status,
  referencePrice: r.reference_price,
  dealPrice: r.deal_price,
  discount: r.discount,
});

/** One page of the orders a sale figure counts, newest first. */
export async function saleOrderPage(db: Kysely<DB>, f: SaleOrderFilter, page: { pageNo: number; pageSize: number }): Promise<PageResult<SaleOrderReadRow>> {
  const found = await pageWithCappedCount(db, saleOrderRows(db, f), saleOrders(db, f), page);
  return toPageResult(found.rows.map(toRow), found.total, page, found.capped);
}

/** Every order a sale figure counts (the export; capped by the caller's period). */
export async function saleOrderAll(db: Kysely<DB>, f: SaleOrderFilter, limit = EXPORT_LIMIT): Promise<SaleOrderReadRow[]> {
  return (await saleOrderRows(db, f).limit(limit).execute()).map(toRow);
}

export interface WaitingFilter extends OrderReadScope {
  from?: string | undefined;
  to?: string | undefined;
}

export interface WaitingReadRow {
  id: string;
  orderNo: string;
  customerName: string | null;
  storeName: string | null;
  productName: string | null;
  plannedCheckIn: string | null;
  dueDate: string | null;
  roomNo: string | null;
  dealPrice: string;
  owed: string;
}

/** 待入住: confirmed orders not checked in, by planned check-in (range on the planned day). */
function waitingOrders(db: Kysely<DB>, f: WaitingFilter) {
  let q = scoped(db.selectFrom('sales_order as o'), f).where('o.status', '=', 'confirmed');
  if (f.from) q = q.where('o.planned_check_in', '>=', f.from);
  if (f.to) q = q.where('o.planned_check_in', '<=', f.to);
  return q;
}

const owedSql = sql<string>`coalesce((select sum(r.amount - r.received) from receivable r where r.order_id = o.id and r.amount > r.received), 0)`;

function waitingRows(db: Kysely<DB>, f: WaitingFilter) {
  return waitingOrders(db, f)
    .leftJoin('customer as cu', 'cu.id', 'o.customer_id')
    .leftJoin('store as st', 'st.id', 'o.store_id')
    .select([
      'o.id',
      'o.order_no',
      'cu.name as customer_name',
      'cu.due_date',
      'st.name as store_name',
      sql<string | null>`o.product_snapshot->>'name'`.as('product_name'),
      'o.planned_check_in',
      'o.deal_price',
      owedSql.as('owed'),
      sql<string | null>`(select rm.room_no from room_stay rs join room rm on rm.id = rs.room_id where rs.order_id = o.id and rs.status in ('held', 'booked') order by rs.start_date limit 1)`.as('room_no'),
    ])
    .orderBy(sql`o.planned_check_in asc nulls last`)
    .orderBy('o.id');
}

type WaitRaw = Awaited<ReturnType<ReturnType<typeof waitingRows>['execute']>>[number];
const toWaiting = (r: WaitRaw): WaitingReadRow => ({
  id: r.id,
  orderNo: r.order_no,
  customerName: r.customer_name,
  storeName: r.store_name,
  productName: r.product_name,
  plannedCheckIn: r.planned_check_in,
  dueDate: r.due_date,
  roomNo: r.room_no,
  dealPrice: r.deal_price,
  owed: centsToMoney(moneyToCents(r.owed)),
});

export async function waitingPage(db: Kysely<DB>, f: WaitingFilter, page: { pageNo: number; pageSize: number }): Promise<PageResult<WaitingReadRow>> {
  const found = await pageWithCappedCount(db, waitingRows(db, f), waitingOrders(db, f), page);
  return toPageResult(found.rows.map(toWaiting), found.total, page, found.capped);
}

export async function waitingAll(db: Kysely<DB>, f: WaitingFilter, limit = EXPORT_LIMIT): Promise<WaitingReadRow[]> {
  return (await waitingRows(db, f).limit(limit).execute()).map(toWaiting);
}

/** Totals of 待入住 over the whole filtered set: the orders read once, their open receivables joined. */
export async function waitingTotals(db: Kysely<DB>, f: WaitingFilter): Promise<{ orders: number; dealTotal: string; owed: string }> {
  const orders = waitingOrders(db, f).select(['o.id', 'o.deal_price']);
  const result = await sql<{ orders: string; deal: string | null; owed: string | null }>`
    with w as materialized (${orders})
    select (select count(*) from w) as orders, (select sum(deal_price) from w) as deal,
           (select sum(r.amount - r.received) from receivable r join w on w.id = r.order_id where r.amount > r.received) as owed`.execute(db);
  const row = result.rows[0];
  return { orders: Number(row?.orders ?? 0), dealTotal: centsToMoney(moneyToCents(row?.deal ?? '0')), owed: centsToMoney(moneyToCents(row?.owed ?? '0')) };
}

/** An order the caller may see (its number and customer), or undefined. */
export async function orderInScope(db: Kysely<DB>, s: OrderReadScope, id: string) {
  return scoped(db.selectFrom('sales_order as o'), s)
    .leftJoin('customer as cu', 'cu.id', 'o.customer_id')
    .leftJoin('store as st', 'st.id', 'o.store_id')
    .select(['o.id', 'o.order_no', 'cu.name as customer_name', 'st.name as store_name'])
    .where('o.id', '=', id)
    .executeTakeFirst();
}
