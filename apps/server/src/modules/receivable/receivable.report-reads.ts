import { sql, type Kysely } from 'kysely';
import { centsToMoney, moneyToCents, toPageResult, type PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiDate, shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// Read-only payments and receivables for the 报表 module's drill-downs (财务报表, 待入住): indexed, paged SQL.

export interface MoneyReadScope {
  companyId: string;
  storeIds: readonly string[] | null;
  storeId?: string | undefined;
}

export interface MoneyDrillRow {
  id: string;
  no: string;
  day: string;
  customerName: string | null;
  storeName: string | null;
  label: string;
  amount: string;
}

function inStores(storeIds: readonly string[] | null) {
  if (!storeIds) return sql<boolean>`true`;
  return storeIds.length ? sql<boolean>`x.store_id in (${sql.join(storeIds.map((id) => sql`${id}::uuid`))})` : sql<boolean>`false`;
}

/** Audited payments paid in the period (Shanghai days), optionally of one method or store: the records behind a 收款 figure. */
export async function paymentDrillPage(
  db: Kysely<DB>,
  s: MoneyReadScope & { from: string; to: string; method?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<PageResult<MoneyDrillRow>> {
  let matches = db
    .selectFrom('payment as x')
    .where('x.company_id', '=', s.companyId)
    .where('x.status', '=', 'audited')
    .where('x.paid_at', '>=', shanghaiDayStart(s.from))
    .where('x.paid_at', '<', shanghaiDayAfter(s.to))
    .where(inStores(s.storeIds));
  if (s.storeId) matches = matches.where('x.store_id', '=', s.storeId);
  if (s.method) matches = matches.where('x.method', '=', s.method);
  const rows = matches
    .leftJoin('customer as cu', 'cu.id', 'x.customer_id')
    .leftJoin('store as st', 'st.id', 'x.store_id')
    .select(['x.id', 'x.payment_no', 'x.paid_at', 'cu.name as customer_name', 'st.name as store_name', 'x.method', 'x.amount'])
    .orderBy('x.paid_at', 'desc')
    .orderBy('x.id', 'desc');
  const found = await pageWithCappedCount(db, rows, matches, page);
  return toPageResult(
    found.rows.map((r) => ({ id: r.id, no: r.payment_no, day: shanghaiDate(r.paid_at), customerName: r.customer_name, storeName: r.store_name, label: r.method, amount: r.amount })),
    found.total,
    page,
    found.capped,
  );
}

export type AgingBucketName = 'outstanding' | 'notDue' | 'd0to30' | 'd31to60' | 'd61to90' | 'over90';

/** Days past due as of `asOf` bounding each bucket (inclusive); notDue = due after asOf, due on asOf is 0 (as receivableAging). */
const BUCKET_DAYS: Record<Exclude<AgingBucketName, 'outstanding'>, [number, number]> = {
  notDue: [Number.MIN_SAFE_INTEGER, -1],
  d0to30: [0, 30],
  d31to60: [31, 60],
  d61to90: [61, 90],
  over90: [91, Number.MAX_SAFE_INTEGER],
};

/** Receivables with money outstanding, of one aging bucket as of `asOf`: the records behind an aging figure. */
export async function agingDrillPage(
  db: Kysely<DB>,
  s: MoneyReadScope & { asOf: string; bucket: AgingBucketName; orderId?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<PageResult<MoneyDrillRow>> {
  let matches = db
    .selectFrom('receivable as x')
    .where('x.company_id', '=', s.companyId)
    .where(sql<boolean>`x.amount > x.received`)
    .where(inStores(s.storeIds));
  if (s.storeId) matches = matches.where('x.store_id', '=', s.storeId);
  if (s.orderId) matches = matches.where('x.order_id', '=', s.orderId);
  if (s.bucket !== 'outstanding') {
    const [lo, hi] = BUCKET_DAYS[s.bucket];
    // due_date between asOf − hi and asOf − lo
    if (hi < Number.MAX_SAFE_INTEGER) matches = matches.where(sql<boolean>`x.due_date >= ${s.asOf}::date - ${hi}::int`);
    if (lo > Number.MIN_SAFE_INTEGER) matches = matches.where(sql<boolean>`x.due_date <= ${s.asOf}::date - ${lo}::int`);
  }
  const rows = matches
    .leftJoin('customer as cu', 'cu.id', 'x.customer_id')
    .leftJoin('store as st', 'st.id', 'x.store_id')
    .leftJoin('sales_order as o', 'o.id', 'x.order_id')
    .select(['x.id', 'o.order_no', 'x.due_date', 'cu.name as customer_name', 'st.name as store_name', 'x.item', sql<string>`x.amount - x.received`.as('outstanding')])
    .orderBy('x.due_date')
    .orderBy('x.id');
  const found = await pageWithCappedCount(db, rows, matches, page);
  return toPageResult(
    found.rows.map((r) => ({ id: r.id, no: r.order_no ?? '', day: r.due_date, customerName: r.customer_name, storeName: r.store_name, label: r.item, amount: centsToMoney(moneyToCents(r.outstanding)) })),
    found.total,
    page,
    found.capped,
  );
}
