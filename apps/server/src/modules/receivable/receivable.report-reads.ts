import { sql, type Kysely } from 'kysely';
import { centsToMoney, moneyToCents, toPageResult, type PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiDate, shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';
import { inAgingBucket, owedAsOf, type AgingBucket } from '../report-facts/report-facts.figures.js';

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

function inStores(storeIds: readonly string[] | null, alias = 'x') {
  if (!storeIds) return sql<boolean>`true`;
  return storeIds.length ? sql<boolean>`${sql.ref(`${alias}.store_id`)} in (${sql.join(storeIds.map((id) => sql`${id}::uuid`))})` : sql<boolean>`false`;
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

export type AgingBucketName = 'outstanding' | AgingBucket;

/** Receivables with money outstanding, of one aging bucket as of `asOf`: the records behind an aging figure. */
export async function agingDrillPage(
  db: Kysely<DB>,
  s: MoneyReadScope & { asOf: string; bucket: AgingBucketName; orderId?: string | undefined },
  page: { pageNo: number; pageSize: number },
): Promise<PageResult<MoneyDrillRow>> {
  // The aging's own definitions (report-facts.figures): owed at the end of asOf, its bucket by days past due then.
  const owed = owedAsOf(s.asOf);
  let matches = db
    .selectFrom('receivable as r')
    .where('r.company_id', '=', s.companyId)
    .where(sql<boolean>`${owed} > 0`)
    .where(inStores(s.storeIds, 'r'));
  if (s.storeId) matches = matches.where('r.store_id', '=', s.storeId);
  if (s.orderId) matches = matches.where('r.order_id', '=', s.orderId);
  if (s.bucket !== 'outstanding') matches = matches.where(inAgingBucket(sql`(${s.asOf}::date - r.due_date)`, s.bucket));
  const rows = matches
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .leftJoin('sales_order as o', 'o.id', 'r.order_id')
    .select(['r.id', 'o.order_no', 'r.due_date', 'cu.name as customer_name', 'st.name as store_name', 'r.item', sql<string>`${owed}`.as('outstanding')])
    .orderBy('r.due_date')
    .orderBy('r.id');
  const found = await pageWithCappedCount(db, rows, matches, page);
  return toPageResult(
    found.rows.map((r) => ({ id: r.id, no: r.order_no ?? '', day: r.due_date, customerName: r.customer_name, storeName: r.store_name, label: r.item, amount: centsToMoney(moneyToCents(r.outstanding)) })),
    found.total,
    page,
    found.capped,
  );
}
