import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayStart } from '../../platform/time.js';
import { paymentKindSql } from './report-facts.figures.js';

/** The facts, as fact_dirty_day names them. */
export const FACTS = ['order', 'payment', 'receivable', 'room_night', 'service', 'funnel', 'serve'] as const;
export type FactName = (typeof FACTS)[number];

/** What to recompute: one company or all (null); some days or all of them (null). */
export interface FactSpan {
  companyId: string | null;
  days: readonly string[] | null;
}

const TABLE: Record<FactName, string> = {
  order: 'fact_order_day',
  payment: 'fact_payment_day',
  receivable: 'fact_receivable_day',
  room_night: 'fact_room_night_day',
  service: 'fact_service_day',
  funnel: 'fact_funnel_day',
  serve: 'fact_serve_day',
};

/** Past this many days, `source` reads one range over their span instead of a range per day. */
const MANY_DAYS = 31;

/**
 * A source table in the FROM clause, limited to the span: with days, each day's bounds in Shanghai
 * time as constants OR-ed together (so the planner sees how few rows they hold and reads an index
 * on the company and `at`, where a join to the days hid their size and it chose full scans); without,
 * the whole table of the company. `at` is a timestamptz column or, with `date`, a date column.
 */
function source(span: FactSpan, table: string, alias: string, at: string, kind: 'ts' | 'date' = 'ts'): { from: RawBuilder<unknown>; where: RawBuilder<unknown> } {
  const t = sql.raw(`${table} ${alias}`);
  const company = span.companyId === null ? sql`true` : sql`${sql.ref(`${alias}.company_id`)} = ${span.companyId}`;
  if (span.days === null) return { from: t, where: company };
  const col = sql.ref(`${alias}.${at}`);
  if (kind === 'date') return { from: t, where: sql`${company} and ${col} = any(${[...span.days]}::date[])` };
  const bounds = (first: string, last: string) => {
    const start = shanghaiDayStart(first);
    const end = new Date(shanghaiDayStart(last).getTime() + 86_400_000);
    return sql`${col} >= ${start.toISOString()}::timestamptz and ${col} < ${end.toISOString()}::timestamptz`;
  };
  if (span.days.length > MANY_DAYS) {
    // A long OR list costs more to plan and run than one range over the days' span, filtered to the days.
    const sorted = [...span.days].sort();
    return { from: t, where: sql`${company} and ${bounds(sorted[0]!, sorted.at(-1)!)} and fact_day(${col}) = any(${sorted}::date[])` };
  }
  return { from: t, where: sql`${company} and (${sql.join(span.days.map((day) => sql`(${bounds(day, day)})`), sql` or `)})` };
}

/** `source` with joins: FROM … JOIN … WHERE <span> (the caller goes on with `and …`). */
function from(span: FactSpan, table: string, alias: string, at: string, joins: RawBuilder<unknown> = sql``, kind: 'ts' | 'date' = 'ts'): RawBuilder<unknown> {
  const s = source(span, table, alias, at, kind);
  return sql`${s.from} ${joins} where ${s.where}`;
}

async function clear(db: Kysely<DB>, fact: FactName, span: FactSpan): Promise<void> {
  const table = sql.raw(TABLE[fact]);
  const company = span.companyId === null ? sql`true` : sql`company_id = ${span.companyId}`;
  const days = span.days === null ? sql`true` : sql`day = any(${[...span.days]}::date[])`;
  await sql`delete from ${table} where ${company} and ${days}`.execute(db);
}

// The lead channel of an order: its customer's, else that of the lead the customer came from.
const ORDER_LEAD_CHANNEL = sql`coalesce(c.lead_channel_id, l.lead_channel_id)`;
const ORDER_JOINS = sql`left join customer c on c.id = o.customer_id left join lead l on l.id = c.lead_id`;

const insert: Record<FactName, (db: Kysely<DB>, span: FactSpan) => Promise<unknown>> = {
  order: (db, span) => sql`
    insert into fact_order_day (company_id, store_id, day, consultant_id, channel_id, lead_channel_id, product_id, product_kind, room_type_id,
                                orders, deal_total, reference_total, discount_total, cancelled)
    select o.company_id, o.store_id, fact_day(o.created_at), o.consultant_id, o.channel_id, ${ORDER_LEAD_CHANNEL}, o.product_id,
           coalesce(o.product_snapshot ->> 'kind', ''), o.room_type_id,
           count(*) filter (where o.status <> 'cancelled'),
           coalesce(sum(o.deal_price) filter (where o.status <> 'cancelled'), 0),
           coalesce(sum(o.reference_price) filter (where o.status <> 'cancelled'), 0),
           coalesce(sum(o.discount) filter (where o.status <> 'cancelled'), 0),
           count(*) filter (where o.status = 'cancelled')
    from ${from(span, 'sales_order', 'o', 'created_at', ORDER_JOINS)} and o.status <> 'draft'
    group by 1, 2, 3, 4, 5, 6, 7, 8, 9`.execute(db),

  // Each audited payment in parts: its allocations (by receivable item) and the unallocated rest. Its
  // kind (report-facts.figures paymentKindSql): a reversal (冲销) takes its original's, so a reversed
  // receipt lowers `received` and is never counted in `refunded`. A payment counts once in `payments`
  // (on its first item) and once per item in `item_payments`.
  payment: (db, span) => sql`
    insert into fact_payment_day (company_id, store_id, day, method, item, received, refunded, payments, item_payments)
    with p as (
      select p.id, p.company_id, p.store_id, fact_day(p.paid_at) as day, p.method, p.amount, ${paymentKindSql} as kind
      from ${from(span, 'payment', 'p', 'paid_at', sql`left join payment o on o.id = p.reversal_of`)} and p.status = 'audited'
    ), allocated as (
      select p.id, r.item, sum(a.amount) as amount
      from p join payment_allocation a on a.payment_id = p.id join receivable r on r.id = a.receivable_id
      group by p.id, r.item
    ), parts as (
      select a.id, a.item, a.amount from allocated a
      union all
      select p.id, 'unapplied', p.amount - coalesce(t.total, 0)
      from p left join (select a.id, sum(a.amount) as total from allocated a group by a.id) t on t.id = p.id
    ), ranked as (
      select parts.*, row_number() over (partition by parts.id order by parts.item) as n
      from parts where parts.amount <> 0
    )
    select p.company_id, p.store_id, p.day, p.method, x.item,
           coalesce(sum(x.amount) filter (where p.kind = 'receipt'), 0),
           coalesce(-sum(x.amount) filter (where p.kind = 'refund'), 0),
           count(*) filter (where x.n = 1),
           count(*)
    from ranked x join p on p.id = x.id
    group by 1, 2, 3, 4, 5`.execute(db),

  receivable: (db, span) => sql`
    insert into fact_receivable_day (company_id, store_id, day, item, amount, received, receivables)
    select r.company_id, r.store_id, r.due_date, r.item, sum(r.amount), sum(r.received), count(*)
    from ${from(span, 'receivable', 'r', 'due_date', sql``, 'date')}
    group by 1, 2, 3, 4`.execute(db),

  room_night: (db, span) => {
    const company = span.companyId === null ? sql`true` : sql`s.company_id = ${span.companyId}`;
    const nights =
      span.days === null
        ? sql`room_stay s cross join lateral generate_series(s.start_date, s.end_date - 1, interval '1 day') g(night)
              cross join lateral (select g.night::date as day) dd`
        : sql`unnest(${[...span.days]}::date[]) as dd(day) join room_stay s on ${company} and s.start_date <= dd.day and s.end_date > dd.day`;
    return sql`
      insert into fact_room_night_day (company_id, store_id, room_type_id, day, occupied)
      select s.company_id, s.store_id, rm.room_type_id, dd.day, count(*)
      from ${nights} join room rm on rm.id = s.room_id
      where ${company} and s.status in ('booked', 'in_house', 'ended')
      group by 1, 2, 3, 4`.execute(db);
  },

  service: (db, span) => sql`
    insert into fact_service_day (company_id, store_id, day, item, source, completed)
    select so.company_id, so.store_id, fact_day(so.completed_at), so.service_item, so.source, count(*)
    from ${from(span, 'service_order', 'so', 'completed_at')} and so.status = 'completed' and so.completed_at is not null
    group by 1, 2, 3, 4, 5`.execute(db),

  funnel: (db, span) => sql`
    insert into fact_funnel_day (company_id, store_id, day, lead_channel_id, leads, visits, orders, check_ins)
    select company_id, store_id, day, lead_channel_id, sum(leads), sum(visits), sum(orders), sum(check_ins)
    from (
      select l.company_id, l.preferred_store_id as store_id, fact_day(l.created_at) as day, l.lead_channel_id, 1 as leads, 0 as visits, 0 as orders, 0 as check_ins
      from ${from(span, 'lead', 'l', 'created_at')}
      union all
      select r.company_id, r.store_id, fact_day(r.at), coalesce(l.lead_channel_id, c.lead_channel_id), 0, 1, 0, 0
      from ${from(span, 'reservation', 'r', 'at', sql`left join lead l on l.id = r.lead_id left join customer c on c.id = r.customer_id`)}
        and r.kind = 'visit' and r.status = 'arrived'
      union all
      select o.company_id, o.store_id, fact_day(o.created_at), ${ORDER_LEAD_CHANNEL}, 0, 0, 1, 0
      from ${from(span, 'sales_order', 'o', 'created_at', ORDER_JOINS)} and o.status not in ('draft', 'cancelled')
      union all
      select o.company_id, o.store_id, fact_day(o.checked_in_at), ${ORDER_LEAD_CHANNEL}, 0, 0, 0, 1
      from ${from(span, 'sales_order', 'o', 'checked_in_at', ORDER_JOINS)} and o.checked_in_at is not null and o.status in ('checked_in', 'checked_out', 'settled')
    ) x
    group by 1, 2, 3, 4`.execute(db),

  // Orders checked in, by check-in day: the allowance once per distinct item list (the orders of a
  // product version share it), then their completed services whenever completed.
  serve: (db, span) => sql`
    insert into fact_serve_day (company_id, store_id, day, orders, allowance, package_used, extra_used)
    with o as materialized (
      select o.id, o.company_id, o.store_id, fact_day(o.checked_in_at) as day, o.product_snapshot -> 'items' as items
      from ${from(span, 'sales_order', 'o', 'checked_in_at')}
        and o.checked_in_at is not null and o.status in ('checked_in', 'checked_out', 'settled')
    ), kinds as (
      select company_id, store_id, day, items, count(*) as n from o group by 1, 2, 3, 4
    ), allowed as (
      select k.company_id, k.store_id, k.day, sum(k.n) as orders,
             sum(k.n * (select coalesce(sum(coalesce((i ->> 'quantity')::int, 0)), 0) from jsonb_array_elements(coalesce(k.items, '[]'::jsonb)) as i
                        where not coalesce((i ->> 'onDemand')::boolean, false))) as allowance
      from kinds k group by 1, 2, 3
    ), used as (
      select o.company_id, o.store_id, o.day,
             coalesce(sum(so.quantity) filter (where so.source = 'package'), 0) as package_used,
             coalesce(sum(so.quantity) filter (where so.source = 'extra'), 0) as extra_used
      from o join service_order so on so.order_id = o.id and so.status = 'completed'
      group by 1, 2, 3
    )
    select a.company_id, a.store_id, a.day, a.orders, a.allowance, coalesce(u.package_used, 0), coalesce(u.extra_used, 0)
    from allowed a left join used u on u.company_id = a.company_id and u.store_id = a.store_id and u.day = a.day`.execute(db),
};

/** Recomputes one fact over the span (its rows are replaced). */
export async function recomputeFact(db: Kysely<DB>, fact: FactName, span: FactSpan): Promise<void> {
  if (span.days !== null && span.days.length === 0) return;
  await clear(db, fact, span);
  await insert[fact](db, span);
}
