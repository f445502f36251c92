import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import { agingBucketOf, centsToMoney, formatDateTime, moneyToCents, type PaymentRecord, type ReceivableRecord } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { shanghaiTodaySql } from '../../platform/time.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import { PLAN_FIXED_STATES } from './ledger.js';
import { sortTerm } from '../../platform/db/sort.js';
import { shanghaiDate, shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';
import type { DB } from '../../platform/db/schema.js';
import { inAgingBucket, overdueOn, type AgingBucket } from '../report-facts/report-facts.figures.js';
import { receivableAging } from '../report-facts/report-facts.service.js';

// Lists of 应收 (alias r) and 收款 (alias p) with the names of their order, customer and store.

/** Today in Asia/Shanghai, as a date. */
const shanghaiToday = shanghaiTodaySql;
const owed = sql<SqlBool>`r.received < r.amount`;
const daysOverdue = sql<number>`case when r.received < r.amount and r.due_date < ${shanghaiToday} then (${shanghaiToday} - r.due_date) else 0 end`;
const pendingOf = sql<string>`coalesce((select sum(a.amount) from payment_allocation a join payment x on x.id = a.payment_id
  where a.receivable_id = r.id and x.status = 'pending_audit' and a.amount > 0), 0)::text`;

export interface ReceivableFilters {
  storeId?: string;
  keyword?: string;
  orderId?: string;
  item?: string;
  status?: string;
  dueFrom?: string;
  dueTo?: string;
  overdueOnly?: boolean;
  agingBucket?: string;
  column?: string;
  order?: 'asc' | 'desc';
}

/** The list's bucket filter keys, on the aging's own buckets (report-facts.figures). */
const BUCKET_OF: Record<string, AgingBucket> = { d0_30: 'd0to30', d31_60: 'd31to60', d61_90: 'd61to90', d90_plus: 'over90' };

function receivableMatches(db: Db, companyId: string, scope: Expression<SqlBool>, f: ReceivableFilters) {
  let q = db
    .selectFrom('receivable as r')
    .leftJoin('sales_order as o', 'o.id', 'r.order_id')
    .leftJoin('customer as c', 'c.id', 'r.customer_id')
    .where('r.company_id', '=', companyId)
    .where(scope);
  if (f.storeId) q = q.where('r.store_id', '=', f.storeId);
  if (f.orderId) q = q.where('r.order_id', '=', f.orderId);
  if (f.item) q = q.where('r.item', '=', f.item);
  if (f.status) q = q.where('r.status', '=', f.status as 'unpaid');
  if (f.dueFrom) q = q.where('r.due_date', '>=', f.dueFrom);
  if (f.dueTo) q = q.where('r.due_date', '<=', f.dueTo);
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    q = q.where((eb) => eb.or([eb('o.order_no', 'ilike', like), eb('c.name', 'ilike', like)]));
  }
  if (f.overdueOnly) q = q.where(owed).where(overdueOn(sql`r.due_date`, shanghaiDate()));
  const bucket = f.agingBucket ? BUCKET_OF[f.agingBucket] : undefined;
  if (bucket) q = q.where(owed).where(inAgingBucket(sql`(${shanghaiDate()}::date - r.due_date)`, bucket));
  return q;
}

const RECEIVABLE_SORT: Record<string, string> = { dueDate: 'r.due_date', amount: 'r.amount', received: 'r.received', createdAt: 'r.created_at' };

function receivableRows(db: Db, companyId: string, scope: Expression<SqlBool>, f: ReceivableFilters) {
  const column = RECEIVABLE_SORT[f.column ?? ''] ?? 'r.due_date';
  const order = f.column ? f.order : (f.order ?? 'asc');
  return receivableMatches(db, companyId, scope, f)
    .leftJoin('store as s', 's.id', 'r.store_id')
    .select([
      'r.id', 'r.version', 'r.order_id', 'o.order_no', 'r.customer_id', 'c.name as customer_name', 'r.store_id', 's.name as store_name', 'r.contract_id',
      'r.change_order_id', 'r.item', 'r.due_date', 'r.amount', 'r.received', 'r.due_before_check_in', 'r.status', 'r.remark', 'r.created_at',
      'o.status as order_status',
    ])
    .select([daysOverdue.as('days_overdue'), pendingOf.as('pending')])
    .orderBy(sortTerm({ column, nullable: false }, order))
    .orderBy('r.id');
}

type ReceivableRow = Awaited<ReturnType<ReturnType<typeof receivableRows>['execute']>>[number];

export function toReceivableRecord(r: ReceivableRow): ReceivableRecord {
  const days = Number(r.days_overdue);
  return {
    id: r.id,
    version: r.version,
    orderId: r.order_id,
    orderNo: r.order_no,
    customerId: r.customer_id,
    customerName: r.customer_name,
    storeId: r.store_id,
    storeName: r.store_name,
    contractId: r.contract_id,
    changeOrderId: r.change_order_id,
    item: r.item,
    dueDate: r.due_date,
    amount: r.amount,
    received: r.received,
    outstanding: centsToMoney(moneyToCents(r.amount) - moneyToCents(r.received)),
    pending: centsToMoney(moneyToCents(r.pending)),
    dueBeforeCheckIn: r.due_before_check_in,
    status: r.status,
    daysOverdue: days,
    agingBucket: agingBucketOf(days),
    remark: r.remark,
    createdAt: formatDateTime(r.created_at),
    planFixed: PLAN_FIXED_STATES.includes(r.order_status ?? ''),
  };
}

export async function pageReceivables(db: Db, companyId: string, scope: Expression<SqlBool>, f: ReceivableFilters & { pageNo: number; pageSize: number }) {
  const page = await pageWithCappedCount(db, receivableRows(db, companyId, scope, f), receivableMatches(db, companyId, scope, f).select('r.id'), f);
  return { ...page, rows: page.rows.map(toReceivableRecord) };
}

export async function allReceivables(db: Db, companyId: string, scope: Expression<SqlBool>, f: ReceivableFilters, limit: number) {
  return (await receivableRows(db, companyId, scope, f).limit(limit).execute()).map(toReceivableRecord);
}

export async function findReceivable(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  const row = await receivableRows(db, companyId, scope, {}).where('r.id', '=', id).executeTakeFirst();
  return row ? toReceivableRecord(row) : undefined;
}

/**
 * Per store in scope: owed not yet due, and owed past due by aging bucket, on `asOf` (today by
 * default) — the one aging definition (report-facts receivableAging) under the 应收 data rules.
 */
export async function agingByStore(db: Db, companyId: string, scope: Expression<SqlBool>, storeId?: string, asOf = shanghaiDate()) {
  const rows = await receivableAging(db as Kysely<DB>, { companyId, storeIds: storeId ? [storeId] : null, asOf, rules: scope }, ['store']);
  // In the stores' order (sort, then name), as the page lists stores.
  const ids = rows.map((r) => r.storeId ?? '').filter(Boolean);
  const stores = ids.length ? await db.selectFrom('store').select(['id', 'sort', 'name']).where('id', 'in', ids).execute() : [];
  const rank = new Map([...stores].sort((a, b) => a.sort - b.sort || a.name.localeCompare(b.name)).map((s, i) => [s.id, i]));
  rows.sort((a, b) => (rank.get(a.storeId ?? '') ?? Infinity) - (rank.get(b.storeId ?? '') ?? Infinity));
  return rows.map((r) => ({
    store_id: r.storeId ?? '',
    store_name: r.storeName ?? null,
    not_due: r.notDue,
    d0_30: r.d0to30,
    d31_60: r.d31to60,
    d61_90: r.d61to90,
    d90_plus: r.over90,
    outstanding: r.outstanding,
  }));
}

/** Orders with receivables in scope (the 收款 form's picker): by order no or customer name, open ones first. */
export function ordersWithReceivables(db: Db, companyId: string, scope: Expression<SqlBool>, f: { keyword?: string; openOnly?: boolean }) {
  let q = receivableMatches(db, companyId, scope, { keyword: f.keyword }).leftJoin('store as s', 's.id', 'r.store_id');
  if (f.openOnly) q = q.where(owed);
  return q
    .select(['r.order_id', 'o.order_no', 'c.name as customer_name', 's.name as store_name'])
    .select([sql<string>`sum(r.amount)::text`.as('amount'), sql<string>`sum(r.received)::text`.as('received')])
    .groupBy(['r.order_id', 'o.order_no', 'c.name', 's.name'])
    .orderBy(sql`max(r.created_at)`, 'desc')
    .limit(50)
    .execute();
}

// ---- 收款 ------------------------------------------------------------------------------------------

export interface PaymentFilters {
  storeId?: string;
  keyword?: string;
  orderId?: string;
  status?: string;
  method?: string;
  kind?: string;
  paidFrom?: string;
  paidTo?: string;
  column?: string;
  order?: 'asc' | 'desc';
}

function paymentMatches(db: Db, companyId: string, scope: Expression<SqlBool>, f: PaymentFilters) {
  let q = db
    .selectFrom('payment as p')
    .leftJoin('sales_order as o', 'o.id', 'p.order_id')
    .leftJoin('customer as c', 'c.id', 'p.customer_id')
    .where('p.company_id', '=', companyId)
    .where(scope);
  if (f.storeId) q = q.where('p.store_id', '=', f.storeId);
  if (f.orderId) q = q.where('p.order_id', '=', f.orderId);
  if (f.status) q = q.where('p.status', '=', f.status as 'audited');
  if (f.method) q = q.where('p.method', '=', f.method);
  if (f.kind === 'reversal') q = q.where('p.reversal_of', 'is not', null);
  if (f.kind === 'refund') q = q.where('p.reversal_of', 'is', null).where('p.amount', '<', '0');
  if (f.kind === 'receipt') q = q.where('p.amount', '>', '0');
  if (f.paidFrom) q = q.where('p.paid_at', '>=', shanghaiDayStart(f.paidFrom));
  if (f.paidTo) q = q.where('p.paid_at', '<', shanghaiDayAfter(f.paidTo));
  if (f.keyword) {
    const like = `%${escapeLike(f.keyword)}%`;
    q = q.where((eb) => eb.or([eb('p.payment_no', 'ilike', like), eb('o.order_no', 'ilike', like), eb('c.name', 'ilike', like)]));
  }
  return q;
}

const PAYMENT_SORT: Record<string, string> = { paidAt: 'p.paid_at', amount: 'p.amount', createdAt: 'p.created_at' };

function paymentRows(db: Db, companyId: string, scope: Expression<SqlBool>, f: PaymentFilters) {
  const column = PAYMENT_SORT[f.column ?? ''] ?? 'p.created_at';
  return paymentMatches(db, companyId, scope, f)
    .leftJoin('store as s', 's.id', 'p.store_id')
    .leftJoin('payment as orig', 'orig.id', 'p.reversal_of')
    .leftJoin('app_user as au', 'au.id', 'p.audited_by')
    .selectAll('p')
    .select(['o.order_no', 'c.name as customer_name', 's.name as store_name', 'orig.payment_no as reversal_of_no'])
    .select(sql<string | null>`coalesce(nullif(au.first_name, ''), au.username)`.as('audited_by_name'))
    .select(sql<string | null>`(select rv.id from payment rv where rv.reversal_of = p.id and rv.status <> 'rejected' limit 1)`.as('reversed_by'))
    .orderBy(sortTerm({ column, nullable: false }, f.order))
    .orderBy('p.id', 'desc');
}

type PaymentRow = Awaited<ReturnType<ReturnType<typeof paymentRows>['execute']>>[number];

async function withAllocations(db: Db, rows: PaymentRow[]): Promise<PaymentRecord[]> {
  const ids = rows.map((r) => r.id);
  const allocations = ids.length
    ? await db
        .selectFrom('payment_allocation as a')
        .innerJoin('receivable as r', 'r.id', 'a.receivable_id')
        .select(['a.payment_id', 'a.receivable_id', 'r.item', 'r.due_date', 'a.amount'])
        .where('a.payment_id', 'in', ids)
        .orderBy('r.due_date')
        .orderBy('r.id')
        .execute()
    : [];
  return rows.map((p) => ({
    id: p.id,
    version: p.version,
    paymentNo: p.payment_no,
    orderId: p.order_id,
    orderNo: p.order_no,
    reservationId: p.reservation_id,
    customerId: p.customer_id,
    customerName: p.customer_name,
    storeId: p.store_id,
    storeName: p.store_name,
    method: p.method,
    amount: p.amount,
    unapplied: p.unapplied,
    paidAt: formatDateTime(p.paid_at),
    payer: p.payer,
    bankRef: p.bank_ref,
    invoiceNo: p.invoice_no,
    attachments: p.attachments,
    status: p.status,
    kind: p.reversal_of ? 'reversal' : moneyToCents(p.amount) < 0 ? 'refund' : 'receipt',
    reversalOf: p.reversal_of,
    reversalOfNo: p.reversal_of_no,
    reversedBy: p.reversed_by,
    changeOrderId: p.change_order_id,
    auditedBy: p.audited_by_name,
    auditedAt: p.audited_at ? formatDateTime(p.audited_at) : null,
    rejectReason: p.reject_reason,
    remark: p.remark,
    createdAt: formatDateTime(p.created_at),
    createdBy: p.created_by,
    allocations: allocations.filter((a) => a.payment_id === p.id).map((a) => ({ receivableId: a.receivable_id, item: a.item, dueDate: a.due_date, amount: a.amount })),
  }));
}

export async function pagePayments(db: Db, companyId: string, scope: Expression<SqlBool>, f: PaymentFilters & { pageNo: number; pageSize: number }) {
  const page = await pageWithCappedCount(db, paymentRows(db, companyId, scope, f), paymentMatches(db, companyId, scope, f).select('p.id'), f);
  return { ...page, rows: await withAllocations(db, page.rows) };
}

export async function allPayments(db: Db, companyId: string, scope: Expression<SqlBool>, f: PaymentFilters, limit: number) {
  return withAllocations(db, await paymentRows(db, companyId, scope, f).limit(limit).execute());
}

export async function findPayment(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  const rows = await paymentRows(db, companyId, scope, {}).where('p.id', '=', id).execute();
  return rows.length ? (await withAllocations(db, rows))[0] : undefined;
}
