import { sql, type Kysely, type RawBuilder } from 'kysely';
import { centsToMoney, moneyToCents } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { seesWholeCompany, withDataRules } from '../../platform/data-rules/index.js';
import type { DB } from '../../platform/db/schema.js';
import { FACTS, recomputeFact, type FactName } from './report-facts.refresh.js';
import { AGING_BUCKETS, inAgingBucket, isCurrent, owedAsOf, type AgingBucket, type ReceivableNarrowing } from './report-facts.figures.js';
import { analyticsStoreRules } from './report-facts.rules.js';

// The facts behind every report, BI page, dashboard and screen (docs/reports.md "Facts"): one query
// per figure, read from the daily fact tables after the company's dirty days are recomputed.

/** Inclusive day range (Shanghai `YYYY-MM-DD`) and store scope; storeIds null = every store of the company. */
export interface FactScope {
  companyId: string;
  storeIds: readonly string[] | null;
  from: string;
  to: string;
}

// ---------------------------------------------------------------------------------------------
// Freshness

const lockKey = (companyId: string) => `report_facts|${companyId}`;

/**
 * Serialises recomputations: a company's under its own key (with the all-companies key shared), a
 * rebuild of every company under the all-companies key alone, so no two write the same fact rows.
 */
async function lockFacts(trx: Kysely<DB>, companyId: string | null): Promise<void> {
  if (companyId === null) {
    await sql`select pg_advisory_xact_lock(hashtextextended('report_facts|*', 0))`.execute(trx);
    return;
  }
  await sql`select pg_advisory_xact_lock_shared(hashtextextended('report_facts|*', 0))`.execute(trx);
  await sql`select pg_advisory_xact_lock(hashtextextended(${lockKey(companyId)}, 0))`.execute(trx);
}

/**
 * Recomputes the company's dirty days (few, each read through an index) in one short transaction
 * under the company's advisory lock, so concurrent readers do not do the work twice: the second
 * waits, then finds nothing left. Answers the number of (fact, day) pairs recomputed.
 */
export async function refreshFacts(db: Kysely<DB>, companyId: string): Promise<number> {
  const dirty = await db.selectFrom('fact_dirty_day').select('day').where('company_id', '=', companyId).limit(1).executeTakeFirst();
  if (!dirty) return 0;
  const run = async (trx: Kysely<DB>) => {
    await lockFacts(trx, companyId);
    const taken = await sql<{ fact: FactName; day: string }>`delete from fact_dirty_day where company_id = ${companyId} returning fact, day::text as day`.execute(trx);
    const byFact = new Map<FactName, string[]>();
    for (const row of taken.rows) {
      const days = byFact.get(row.fact) ?? [];
      days.push(row.day);
      byFact.set(row.fact, days);
    }
    for (const fact of FACTS) {
      const days = byFact.get(fact);
      if (days) await recomputeFact(trx, fact, { companyId, days });
    }
    return taken.rows.length;
  };
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/** Recomputes every fact of the company (or of every company) from the records: after a bulk load. */
export async function rebuildFacts(db: Kysely<DB>, companyId?: string): Promise<void> {
  const run = async (trx: Kysely<DB>) => {
    await lockFacts(trx, companyId ?? null);
    // DELETE, not TRUNCATE: readers and writers go on (with the old facts) while the rebuild runs.
    if (companyId) await trx.deleteFrom('fact_dirty_day').where('company_id', '=', companyId).execute();
    else await trx.deleteFrom('fact_dirty_day').execute();
    for (const fact of FACTS) await recomputeFact(trx, fact, { companyId: companyId ?? null, days: null });
  };
  await (db.isTransaction ? run(db) : db.transaction().execute(run));
}

/** The companies with dirty days (for the job). */
export async function dirtyCompanies(db: Kysely<DB>): Promise<string[]> {
  const rows = await db.selectFrom('fact_dirty_day').select('company_id').distinct().execute();
  return rows.map((r) => r.company_id);
}

// ---------------------------------------------------------------------------------------------
// Query building

interface Dim {
  /** Result keys and the expression of each (over the fact alias `f`). */
  keys: [key: string, expr: RawBuilder<unknown>][];
  /** Name columns joined after grouping (over the grouped alias `g`). */
  names?: [key: string, expr: RawBuilder<unknown>][];
}

const DAY: Dim = { keys: [['day', sql`f.day`]] };
const MONTH: Dim = { keys: [['month', sql`to_char(f.day, 'YYYY-MM')`]] };
const STORE: Dim = { keys: [['storeId', sql`f.store_id`]], names: [['storeName', sql`(select s.name from store s where s.id = g."storeId")`]] };
const ROOM_TYPE: Dim = {
  keys: [['roomTypeId', sql`f.room_type_id`]],
  names: [['roomTypeName', sql`(select t.name from room_type t where t.id = g."roomTypeId")`]],
};
const LEAD_CHANNEL: Dim = {
  keys: [['leadChannelId', sql`f.lead_channel_id`]],
  names: [['leadChannelName', sql`(select lc.name from lead_channel lc where lc.id = g."leadChannelId")`]],
};

function scopeWhere(scope: { companyId: string; storeIds: readonly string[] | null }, range?: { from: string; to: string }): RawBuilder<unknown> {
  const parts = [sql`f.company_id = ${scope.companyId}`];
  if (range) parts.push(sql`f.day between ${range.from}::date and ${range.to}::date`);
  if (scope.storeIds !== null) parts.push(sql`f.store_id = any(${[...scope.storeIds]}::uuid[])`);
  return sql.join(parts, sql` and `);
}

/**
 * SELECT the dims and measures of `from` (aliased `f`, or a subquery), grouped by the dims, with the
 * dims' names joined to the grouped rows; ordered by the dims.
 */
async function grouped<R>(
  db: Kysely<DB>,
  from: RawBuilder<unknown>,
  where: RawBuilder<unknown>,
  dims: Dim[],
  measures: [key: string, expr: RawBuilder<unknown>][],
): Promise<R[]> {
  const keys = dims.flatMap((d) => d.keys);
  const names = dims.flatMap((d) => d.names ?? []);
  const select = sql.join([...keys, ...measures].map(([k, e]) => sql`${e} as ${sql.id(k)}`));
  const groupBy = keys.length ? sql`group by ${sql.join(keys.map((_, i) => sql.raw(String(i + 1))))}` : sql``;
  const outer = sql.join([sql`g.*`, ...names.map(([k, e]) => sql`${e} as ${sql.id(k)}`)]);
  const orderBy = keys.length ? sql`order by ${sql.join(keys.map(([k]) => sql`g.${sql.id(k)} nulls last`))}` : sql``;
  const result = await sql<R>`select ${outer} from (select ${select} from ${from} where ${where} ${groupBy}) g ${orderBy}`.execute(db);
  return result.rows;
}

const money = (expr: RawBuilder<unknown>) => sql`coalesce(${expr}, 0)::numeric(16, 2)::text`;
const count = (expr: RawBuilder<unknown>) => sql`coalesce(${expr}, 0)::int`;

function pickDims<K extends string>(table: Record<K, Dim>, groupBy: readonly K[]): Dim[] {
  return [...new Set(groupBy)].map((k) => {
    const dim = table[k];
    if (!dim) throw new Error(`Unknown fact dimension ${k}`);
    return dim;
  });
}

// ---------------------------------------------------------------------------------------------
// Orders

export type OrderDim = 'day' | 'month' | 'store' | 'consultant' | 'channel' | 'leadChannel' | 'product' | 'productKind' | 'roomType';

export interface OrderFactFilter {
  consultantId?: string;
  channelId?: string;
  leadChannelId?: string;
  productId?: string;
}

export interface OrderFactRow {
  day?: string;
  month?: string;
  storeId?: string;
  storeName?: string | null;
  consultantId?: string | null;
  consultantName?: string | null;
  channelId?: string | null;
  channelName?: string | null;
  leadChannelId?: string | null;
  leadChannelName?: string | null;
  productId?: string;
  productName?: string | null;
  productKind?: string;
  roomTypeId?: string | null;
  roomTypeName?: string | null;
  orders: number;
  dealTotal: string;
  referenceTotal: string;
  discountTotal: string;
  cancelled: number;
}

const ORDER_DIMS: Record<OrderDim, Dim> = {
  day: DAY,
  month: MONTH,
  store: STORE,
  consultant: {
    keys: [['consultantId', sql`f.consultant_id`]],
    names: [['consultantName', sql`(select u.first_name from app_user u where u.id = g."consultantId")`]],
  },
  channel: { keys: [['channelId', sql`f.channel_id`]], names: [['channelName', sql`(select c.name from channel c where c.id = g."channelId")`]] },
  leadChannel: LEAD_CHANNEL,
  product: { keys: [['productId', sql`f.product_id`]], names: [['productName', sql`(select p.name from product p where p.id = g."productId")`]] },
  productKind: { keys: [['productKind', sql`f.product_kind`]] },
  roomType: ROOM_TYPE,
};

/** 订单 figures (not 草稿; cancelled orders only in `cancelled`) by created day, grouped by `groupBy`. */
export async function orderFacts(db: Kysely<DB>, scope: FactScope & OrderFactFilter, groupBy: readonly OrderDim[]): Promise<OrderFactRow[]> {
  await refreshFacts(db, scope.companyId);
  const where = [scopeWhere(scope, scope)];
  if (scope.consultantId) where.push(sql`f.consultant_id = ${scope.consultantId}`);
  if (scope.channelId) where.push(sql`f.channel_id = ${scope.channelId}`);
  if (scope.leadChannelId) where.push(sql`f.lead_channel_id = ${scope.leadChannelId}`);
  if (scope.productId) where.push(sql`f.product_id = ${scope.productId}`);
  return grouped<OrderFactRow>(db, sql`fact_order_day f`, sql.join(where, sql` and `), pickDims(ORDER_DIMS, groupBy), [
    ['orders', count(sql`sum(f.orders)`)],
    ['dealTotal', money(sql`sum(f.deal_total)`)],
    ['referenceTotal', money(sql`sum(f.reference_total)`)],
    ['discountTotal', money(sql`sum(f.discount_total)`)],
    ['cancelled', count(sql`sum(f.cancelled)`)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Payments

export type PaymentDim = 'day' | 'month' | 'store' | 'method' | 'item';

export interface PaymentFactRow {
  day?: string;
  month?: string;
  storeId?: string;
  storeName?: string | null;
  /** payment_method dictionary value. */
  method?: string;
  /** receivable_item dictionary value, or `unapplied` for the part no receivable took. */
  item?: string;
  received: string;
  refunded: string;
  net: string;
  payments: number;
}

const PAYMENT_DIMS: Record<PaymentDim, Dim> = {
  day: DAY,
  month: MONTH,
  store: STORE,
  method: { keys: [['method', sql`f.method`]] },
  item: { keys: [['item', sql`f.item`]] },
};

/**
 * 收款 figures (audited payments by paid day): received (receipts less their reversals), refunded
 * (refunds less theirs, positive), net and count (by item: the payments touching the item).
 */
export async function paymentFacts(db: Kysely<DB>, scope: FactScope, groupBy: readonly PaymentDim[]): Promise<PaymentFactRow[]> {
  await refreshFacts(db, scope.companyId);
  const payments = groupBy.includes('item') ? sql`sum(f.item_payments)` : sql`sum(f.payments)`;
  return grouped<PaymentFactRow>(db, sql`fact_payment_day f`, scopeWhere(scope, scope), pickDims(PAYMENT_DIMS, groupBy), [
    ['received', money(sql`sum(f.received)`)],
    ['refunded', money(sql`sum(f.refunded)`)],
    ['net', money(sql`sum(f.received) - sum(f.refunded)`)],
    ['payments', count(payments)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Receivables

export interface ReceivableAgingRow {
  storeId?: string;
  storeName?: string | null;
  item?: string;
  /** Owed on `asOf` (amount − what payments audited by then brought in). */
  outstanding: string;
  /** Owed and due on or after `asOf` (not overdue yet). */
  notDue: string;
  /** Overdue by 1–30 days on `asOf`. */
  d0to30: string;
  d31to60: string;
  d61to90: string;
  over90: string;
}

/** Overdue = owed past its due date on the as-of day: outstanding − notDue (every other bucket). */
export const overdueOf = (r: Pick<ReceivableAgingRow, 'outstanding' | 'notDue'> | undefined): string =>
  r ? centsToMoney(moneyToCents(r.outstanding) - moneyToCents(r.notDue)) : '0.00';

export interface AgingScope extends ReceivableNarrowing {
  companyId: string;
  storeIds: readonly string[] | null;
  /** Shanghai day the balances and ages are taken on. */
  asOf: string;
}

/**
 * 应收账龄, the one definition of outstanding and overdue (report-facts.figures): what was owed at the
 * end of `asOf` (balances from payments audited up to that day), by how long past due it was then.
 * Today or later without narrowing: from the receivable facts; a past day, a data rule, a customer or
 * an order: from the records (the same definitions; the agreement test compares the two).
 */
export async function receivableAging(db: Kysely<DB>, scope: AgingScope, groupBy: readonly ('store' | 'item')[]): Promise<ReceivableAgingRow[]> {
  const fromFacts = isCurrent(scope.asOf) && !scope.rules && !scope.customerId && !scope.orderId;
  let owedRows: RawBuilder<unknown>;
  if (fromFacts) {
    await refreshFacts(db, scope.companyId);
    owedRows = sql`(select f.company_id, f.store_id, f.day, f.item, f.amount - f.received as owed from fact_receivable_day f
      where ${scopeWhere(scope)} and f.amount > f.received) f`;
  } else {
    const owed = owedAsOf(scope.asOf);
    const where = [sql`r.company_id = ${scope.companyId}`];
    if (scope.storeIds !== null) where.push(sql`r.store_id = any(${[...scope.storeIds]}::uuid[])`);
    if (scope.rules) where.push(sql`${scope.rules}`);
    if (scope.customerId) where.push(sql`r.customer_id = ${scope.customerId}`);
    if (scope.orderId) where.push(sql`r.order_id = ${scope.orderId}`);
    owedRows = sql`(select * from (select r.company_id, r.store_id, r.due_date as day, r.item, ${owed} as owed from receivable r
      where ${sql.join(where, sql` and `)}) x where x.owed > 0) f`;
  }
  const daysPast = sql`(${scope.asOf}::date - f.day)`;
  const bucket = (b: AgingBucket) => money(sql`sum(case when ${inAgingBucket(daysPast, b)} then f.owed else 0 end)`);
  return grouped<ReceivableAgingRow>(db, owedRows, sql`true`, pickDims({ store: STORE, item: { keys: [['item', sql`f.item`]] } }, groupBy), [
    ['outstanding', money(sql`sum(f.owed)`)],
    ...AGING_BUCKETS.map((b): [string, RawBuilder<unknown>] => [b, bucket(b)]),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Room nights

export type RoomNightDim = 'day' | 'month' | 'store' | 'roomType';

export interface RoomNightFactRow {
  day?: string;
  month?: string;
  storeId?: string;
  storeName?: string | null;
  roomTypeId?: string;
  roomTypeName?: string | null;
  /** Nights occupied (stays 已排房 / 在住 / 已退房 covering the night). */
  occupied: number;
  /** Rooms of the group not 停用 × days of the period; occupancy = occupied ÷ sellable. */
  sellable: number;
}

/** 间夜 figures: occupied nights and sellable room-nights of the period. */
export async function roomNightFacts(db: Kysely<DB>, scope: FactScope, groupBy: readonly RoomNightDim[]): Promise<RoomNightFactRow[]> {
  await refreshFacts(db, scope.companyId);
  const stores = scope.storeIds === null ? sql`true` : sql`rm.store_id = any(${[...scope.storeIds]}::uuid[])`;
  // Occupied nights from the facts and sellable nights (rooms not 停用 × days) in one set.
  const nights = sql`(
    select f.company_id, f.store_id, f.room_type_id, f.day, f.occupied, 0 as sellable
    from fact_room_night_day f where ${scopeWhere(scope, scope)}
    union all
    select rm.company_id, rm.store_id, rm.room_type_id, d.day::date, 0, count(*)
    from room rm cross join generate_series(${scope.from}::date, ${scope.to}::date, interval '1 day') d(day)
    where rm.company_id = ${scope.companyId} and rm.status <> 'disabled' and ${stores}
    group by 1, 2, 3, 4
  ) f`;
  return grouped<RoomNightFactRow>(db, nights, sql`true`, pickDims({ day: DAY, month: MONTH, store: STORE, roomType: ROOM_TYPE }, groupBy), [
    ['occupied', count(sql`sum(f.occupied)`)],
    ['sellable', count(sql`sum(f.sellable)`)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Services

export type ServiceDim = 'day' | 'month' | 'store' | 'item' | 'source';

export interface ServiceFactRow {
  day?: string;
  month?: string;
  storeId?: string;
  storeName?: string | null;
  /** service_item dictionary value. */
  item?: string;
  /** package 套餐内 / extra 加购. */
  source?: string;
  completed: number;
}

/** 服务 figures: service orders 已完成 by completion day. */
export async function serviceFacts(db: Kysely<DB>, scope: FactScope, groupBy: readonly ServiceDim[]): Promise<ServiceFactRow[]> {
  await refreshFacts(db, scope.companyId);
  const dims = pickDims({ day: DAY, month: MONTH, store: STORE, item: { keys: [['item', sql`f.item`]] }, source: { keys: [['source', sql`f.source`]] } }, groupBy);
  return grouped<ServiceFactRow>(db, sql`fact_service_day f`, scopeWhere(scope, scope), dims, [['completed', count(sql`sum(f.completed)`)]]);
}

// ---------------------------------------------------------------------------------------------
// Served orders (订单服务)

export interface ServeFactRow {
  day?: string;
  month?: string;
  storeId?: string;
  storeName?: string | null;
  /** Orders checked in (在住 / 已退房 / 已结算) on the day. */
  orders: number;
  /** Σ quantity of their packages' counted (not 按需) items. */
  packageAllowance: number;
  /** Completed services of those orders (whenever completed), 套餐内 and 加购. */
  packageUsed: number;
  extraUsed: number;
}

/** 订单服务 figures by the orders' check-in day. */
export async function serveFacts(db: Kysely<DB>, scope: FactScope, groupBy: readonly ('day' | 'month' | 'store')[]): Promise<ServeFactRow[]> {
  await refreshFacts(db, scope.companyId);
  return grouped<ServeFactRow>(db, sql`fact_serve_day f`, scopeWhere(scope, scope), pickDims({ day: DAY, month: MONTH, store: STORE }, groupBy), [
    ['orders', count(sql`sum(f.orders)`)],
    ['packageAllowance', sql`coalesce(sum(f.allowance), 0)::float8`],
    ['packageUsed', sql`coalesce(sum(f.package_used), 0)::float8`],
    ['extraUsed', sql`coalesce(sum(f.extra_used), 0)::float8`],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Funnel

export type FunnelDim = 'day' | 'month' | 'store' | 'leadChannel';

export interface FunnelFactRow {
  day?: string;
  month?: string;
  /** A lead without a preferred store has none. */
  storeId?: string | null;
  storeName?: string | null;
  leadChannelId?: string | null;
  leadChannelName?: string | null;
  leads: number;
  visits: number;
  orders: number;
  checkIns: number;
}

/** 漏斗: leads created, 参观 arrived, orders (not cancelled) and orders checked in, by their day. */
export async function funnelFacts(db: Kysely<DB>, scope: FactScope, groupBy: readonly FunnelDim[]): Promise<FunnelFactRow[]> {
  await refreshFacts(db, scope.companyId);
  return grouped<FunnelFactRow>(db, sql`fact_funnel_day f`, scopeWhere(scope, scope), pickDims({ day: DAY, month: MONTH, store: STORE, leadChannel: LEAD_CHANNEL }, groupBy), [
    ['leads', count(sql`sum(f.leads)`)],
    ['visits', count(sql`sum(f.visits)`)],
    ['orders', count(sql`sum(f.orders)`)],
    ['checkIns', count(sql`sum(f.check_ins)`)],
  ]);
}

// ---------------------------------------------------------------------------------------------
// Analytics store scope

/**
 * The stores a caller may see on an analytics page guarded by `permission`: null = every store of the
 * company (an exempt user, no data rule on it, or rules that let every store through); else the ids
 * its data rules on the 分析门店 resource (column storeId) allow.
 */
export async function analyticsStoreIds(db: Kysely<DB>, session: SessionInfo, permission: string): Promise<string[] | null> {
  if (await seesWholeCompany(db, session)) return null;
  const rules = await withDataRules(db, { resource: analyticsStoreRules, permission, session });
  const rows = await db
    .selectFrom('store as s')
    .select(['s.id'])
    .select(sql<boolean>`${rules}`.as('allowed'))
    .where('s.company_id', '=', session.companyId)
    .orderBy('s.sort')
    .orderBy('s.code')
    .execute();
  const allowed = rows.filter((r) => r.allowed).map((r) => r.id);
  return allowed.length === rows.length ? null : allowed;
}
