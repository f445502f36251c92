import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { shanghaiDate, shanghaiDayStart } from '../../platform/time.js';

// The definitions every money page shares (docs/reports.md "One definition of every figure"): what is
// owed, what is overdue, how old it is on a date, and which negative payment is a refund. The SQL
// of each lives here once; report-facts.service's queries and the drill-downs build on it.

/** The aging buckets of a receivable's owed money, by days past due on the as-of day. */
export const AGING_BUCKETS = ['notDue', 'd0to30', 'd31to60', 'd61to90', 'over90'] as const;
export type AgingBucket = (typeof AGING_BUCKETS)[number];

/**
 * Days past due (as-of day − due day) each bucket holds, inclusive. Overdue = due date before the
 * as-of day and unpaid: money due ON the as-of day is not yet overdue (notDue), as the 应收 list's
 * `daysOverdue` (0 on the due day) says.
 */
export const AGING_DAYS: Record<AgingBucket, readonly [number, number]> = {
  notDue: [Number.MIN_SAFE_INTEGER, 0],
  d0to30: [1, 30],
  d31to60: [31, 60],
  d61to90: [61, 90],
  over90: [91, Number.MAX_SAFE_INTEGER],
};

/** SQL: `daysPast` (an int expression: as-of − due date) falls in the bucket. */
export function inAgingBucket(daysPast: RawBuilder<unknown>, bucket: AgingBucket): RawBuilder<boolean> {
  const [lo, hi] = AGING_DAYS[bucket];
  const parts: RawBuilder<unknown>[] = [];
  if (lo > Number.MIN_SAFE_INTEGER) parts.push(sql`${daysPast} >= ${lo}`);
  if (hi < Number.MAX_SAFE_INTEGER) parts.push(sql`${daysPast} <= ${hi}`);
  return parts.length ? sql<boolean>`(${sql.join(parts, sql` and `)})` : sql<boolean>`true`;
}

/** Overdue on `asOf`: due before it (and owed, which the caller's rows already are). */
export const overdueOn = (dueDate: RawBuilder<unknown>, asOf: string) => sql<boolean>`${dueDate} < ${asOf}::date`;

/** Whether `asOf` is today or later (Shanghai): balances are then the ledger's own `received`. */
export const isCurrent = (asOf: string, today = shanghaiDate()) => asOf >= today;

/**
 * What each receivable (alias `r`) owed at the end of `asOf`: for a past day, its amount less what
 * payments audited by then allocated to it (a payment without an audit time counts from its paid
 * time), never below 0; for today or later `amount − received` (every audited payment counts). The
 * plan lines are taken as they stand (a line's amount is not dated; the money that came in is).
 */
export function owedAsOf(asOf: string): RawBuilder<string> {
  if (isCurrent(asOf)) return sql<string>`(r.amount - r.received)`;
  const end = new Date(shanghaiDayStart(asOf).getTime() + 86_400_000).toISOString();
  const received = sql<string>`coalesce((select sum(a.amount) from payment_allocation a join payment p on p.id = a.payment_id
    where a.receivable_id = r.id and p.status = 'audited' and coalesce(p.audited_at, p.paid_at) < ${end}::timestamptz), 0)`;
  return sql<string>`greatest(r.amount - ${received}, 0)`;
}

/** Extra filters on the records (alias `r`): a data rule's predicate, one customer, one order. */
export interface ReceivableNarrowing {
  rules?: Expression<SqlBool>;
  customerId?: string;
  orderId?: string;
}

/**
 * Payments by kind (alias `p`, with its original `o` for a reversal left-joined): a receipt brings
 * money in, a refund gives it back (a negative payment of a 退款 change order), and a reversal (冲销)
 * cancels the payment it names — a reversed receipt lowers what was received, a reversed refund lowers
 * what was refunded; a reversal is never a refund.
 */
export const paymentKindSql = sql<'receipt' | 'refund'>`case when coalesce(o.amount, p.amount) > 0 then 'receipt' else 'refund' end`;
