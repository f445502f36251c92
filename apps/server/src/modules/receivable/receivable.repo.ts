import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

// The SQL of 应收 / 收款 / 分配 / 欠款授权 (apps/server/migrations/0020_receivables.sql).

export interface LockedReceivable {
  id: string;
  order_id: string;
  customer_id: string;
  store_id: string;
  item: string;
  amount: string;
  received: string;
  status: string;
  version: number;
  /** Positive allocations of payments still 待审核 (reserved: new payments may not take them). */
  pending: string;
}

/**
 * The receivables (of the company) locked FOR UPDATE in id order — every writer locks them in this
 * order after any payment it locks, so concurrent payments, audits and edits never deadlock.
 */
export async function lockReceivables(db: Db, companyId: string, ids: string[]): Promise<LockedReceivable[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('receivable')
    .select(['id', 'order_id', 'customer_id', 'store_id', 'item', 'amount', 'received', 'status', 'version'])
    .where('company_id', '=', companyId)
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .forNoKeyUpdate()
    .execute();
  const pending = await pendingAllocated(db, rows.map((r) => r.id));
  return rows.map((r) => ({ ...r, pending: pending.get(r.id) ?? '0' }));
}

/** Per receivable: the positive amounts pending payments allocate to it. */
export async function pendingAllocated(db: Db, receivableIds: string[], exceptPaymentId?: string): Promise<Map<string, string>> {
  if (receivableIds.length === 0) return new Map();
  let query = db
    .selectFrom('payment_allocation as a')
    .innerJoin('payment as p', 'p.id', 'a.payment_id')
    .select(['a.receivable_id', sql<string>`sum(a.amount)::text`.as('total')])
    .where('a.receivable_id', 'in', receivableIds)
    .where('p.status', '=', 'pending_audit')
    .where('a.amount', '>', '0')
    .groupBy('a.receivable_id');
  if (exceptPaymentId) query = query.where('p.id', '<>', exceptPaymentId);
  return new Map((await query.execute()).map((r) => [r.receivable_id, r.total]));
}

const planRows = (db: Db, companyId: string) =>
  db
    .selectFrom('receivable')
    .select(['id', 'order_id', 'customer_id', 'store_id', 'item', 'due_date', 'amount', 'received', 'status', 'due_before_check_in', 'version'])
    .where('company_id', '=', companyId)
    .orderBy('due_date')
    .orderBy('id');

/** The order's receivables, in plan order. */
export function receivablesOfOrder(db: Db, companyId: string, orderId: string) {
  return planRows(db, companyId).where('order_id', '=', orderId).execute();
}

/** The receivables a change order raised, in plan order. */
export function receivablesOfChange(db: Db, companyId: string, changeOrderId: string) {
  return planRows(db, companyId).where('change_order_id', '=', changeOrderId).execute();
}

export function lockPayment(db: Db, companyId: string, id: string) {
  return db.selectFrom('payment').selectAll().where('company_id', '=', companyId).where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
}

export function allocationsOf(db: Db, paymentIds: string[]) {
  if (paymentIds.length === 0) return Promise.resolve([]);
  return db.selectFrom('payment_allocation').select(['id', 'payment_id', 'receivable_id', 'amount']).where('payment_id', 'in', paymentIds).orderBy('receivable_id').execute();
}

/** Adds `deltaCents` to a locked receivable's received and sets its status. */
export async function moveReceived(db: Db, actorId: string, id: string, received: string, status: 'unpaid' | 'partial' | 'paid'): Promise<void> {
  await db
    .updateTable('receivable')
    .set({ received, status, updated_by: actorId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** Totals of an order's plan (strings). */
export async function orderTotals(db: Db, companyId: string, orderId: string) {
  const plan = await db
    .selectFrom('receivable')
    .select([
      sql<string>`coalesce(sum(amount), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(received), 0)::text`.as('received'),
      sql<string>`coalesce(sum(amount - received) filter (where due_before_check_in), 0)::text`.as('before_check_in'),
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .executeTakeFirstOrThrow();
  const paid = await db
    .selectFrom('payment')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('paid_in'))
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'audited')
    .executeTakeFirstOrThrow();
  return { ...plan, paid_in: paid.paid_in };
}

export async function liveDebtAuthorization(db: Db, companyId: string, orderId: string): Promise<boolean> {
  const row = await db
    .selectFrom('debt_authorization')
    .select('id')
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Boolean(row);
}
