import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  centsToMoney,
  formatDateTime,
  moneyToCents,
  receivableStatusOf,
  ReceivableText,
  toPageResult,
  type AgingRow,
  type DebtAuthorization,
  type PageResult,
  type ReceivableAdd,
  type ReceivableEdit,
  type ReceivableOrder,
  type ReceivableRecord,
  type DebtGrant,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import * as list from './receivable.list.js';
import * as repo from './receivable.repo.js';
import { receivableScope } from './receivable.rules.js';
import { createReceivables } from './receivable.service.js';
import { PLAN_FIXED_STATES } from './ledger.js';

// 应收 from its page: the list, a plan line added, edited (optimistic version) or deleted, 账龄, 欠款授权.

const actor = (s: SessionInfo) => ({ companyId: s.companyId, userId: s.userId });

export async function listReceivables(db: Kysely<DB>, session: SessionInfo, q: list.ReceivableFilters & { pageNo: number; pageSize: number }): Promise<PageResult<ReceivableRecord>> {
  const page = await list.pageReceivables(db, session.companyId, await receivableScope(db, session), q);
  return toPageResult(page.rows, page.total, q, page.capped);
}

export async function exportReceivables(db: Kysely<DB>, session: SessionInfo, q: list.ReceivableFilters): Promise<ReceivableRecord[]> {
  return list.allReceivables(db, session.companyId, await receivableScope(db, session), q, 10_000);
}

export async function getReceivable(db: Kysely<DB>, session: SessionInfo, id: string, trx: Db = db, scope?: Expression<SqlBool>): Promise<ReceivableRecord> {
  const found = await list.findReceivable(trx, session.companyId, scope ?? (await receivableScope(db, session)), id);
  if (!found) throw new NotFound();
  return found;
}

/** The first receivable of the order in the caller's scope (the order's customer and store), or 该订单还没有应收计划. */
async function planAnchor(trx: Db, session: SessionInfo, scope: Expression<SqlBool>, orderId: string) {
  const row = await trx
    .selectFrom('receivable as r')
    .select(['r.customer_id', 'r.store_id'])
    .where('r.company_id', '=', session.companyId)
    .where('r.order_id', '=', orderId)
    .where(scope)
    .orderBy('r.id')
    .executeTakeFirst();
  if (!row) throw new BizError(ReceivableText.orderHasNoPlan);
  return row;
}

/** Whether the order's plan is fixed (confirmed on): its amounts move only through change orders (docs/ledger.md). */
async function planFixed(trx: Db, companyId: string, orderId: string): Promise<boolean> {
  const order = await trx.selectFrom('sales_order').select('status').where('company_id', '=', companyId).where('id', '=', orderId).forUpdate().executeTakeFirst();
  return Boolean(order && PLAN_FIXED_STATES.includes(order.status));
}

/** A line added to an order's plan (of an order whose plan the caller may see) — only while the order is unconfirmed. */
export async function addReceivable(db: Kysely<DB>, session: SessionInfo, input: ReceivableAdd): Promise<ReceivableRecord> {
  const scope = await receivableScope(db, session);
  const id = await inTransaction(db, async (trx) => {
    const anchor = await planAnchor(trx, session, scope, input.orderId);
    if (await planFixed(trx, session.companyId, input.orderId)) throw new BizError(ReceivableText.planFixedAdd);
    const [created] = await createReceivables(trx, actor(session), { id: input.orderId, customerId: anchor.customer_id, storeId: anchor.store_id }, [
      { item: input.item, dueDate: input.dueDate, amount: String(input.amount), dueBeforeCheckIn: input.dueBeforeCheckIn, remark: input.remark },
    ]);
    return created!;
  });
  return getReceivable(db, session, id, db, scope);
}

/** A line in the caller's scope (404 otherwise), unlocked: its order is locked before it. */
async function visibleLine(trx: Db, session: SessionInfo, scope: Expression<SqlBool>, id: string) {
  const row = await trx.selectFrom('receivable as r').select(['r.order_id', 'r.due_date']).where('r.company_id', '=', session.companyId).where('r.id', '=', id).where(scope).executeTakeFirst();
  if (!row) throw new NotFound();
  return row;
}

/** The locked line in the caller's scope, at the version the caller saw. */
async function lockedLine(trx: Db, session: SessionInfo, scope: Expression<SqlBool>, id: string, version: number) {
  const visible = await trx.selectFrom('receivable as r').select('r.id').where('r.company_id', '=', session.companyId).where('r.id', '=', id).where(scope).executeTakeFirst();
  if (!visible) throw new NotFound();
  const [line] = await repo.lockReceivables(trx, session.companyId, [id]);
  if (!line) throw new NotFound();
  if (line.version !== version) throw new StaleVersion();
  return line;
}

/**
 * Amount (never below what was received plus what pending payments reserved; once the order is
 * confirmed only through a 调账 change order), due date (once confirmed with a reason, logged in
 * state_change as resource receivable, event dueDate), remark.
 */
export async function editReceivable(db: Kysely<DB>, session: SessionInfo, input: ReceivableEdit): Promise<ReceivableRecord> {
  const scope = await receivableScope(db, session);
  await inTransaction(db, async (trx) => {
    const seen = await visibleLine(trx, session, scope, input.id);
    const fixed = await planFixed(trx, session.companyId, seen.order_id);
    const line = await lockedLine(trx, session, scope, input.id, input.version);
    const amount = moneyToCents(String(input.amount));
    if (fixed && amount !== moneyToCents(line.amount)) throw new BizError(ReceivableText.planFixedAmount);
    const taken = moneyToCents(line.received) + moneyToCents(line.pending);
    if (amount < taken) throw new BizError(ReceivableText.amountBelowTaken(centsToMoney(taken)));
    const reason = input.reason?.trim() ?? '';
    const dueDateMoves = seen.due_date !== input.dueDate;
    if (fixed && dueDateMoves && !reason) throw new BizError(ReceivableText.dueDateReasonRequired);
    await trx
      .updateTable('receivable')
      .set({
        amount: centsToMoney(amount),
        due_date: input.dueDate,
        status: receivableStatusOf(amount, moneyToCents(line.received)),
        ...(input.dueBeforeCheckIn === undefined ? {} : { due_before_check_in: input.dueBeforeCheckIn }),
        remark: input.remark ?? '',
        updated_by: session.userId,
        updated_at: new Date(),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', line.id)
      .execute();
    if (dueDateMoves) {
      await trx
        .insertInto('state_change')
        .values({ company_id: session.companyId, resource: 'receivable', record_id: line.id, event: 'dueDate', from_state: seen.due_date, to_state: input.dueDate, reason, changed_by: session.userId })
        .execute();
    }
  });
  return getReceivable(db, session, input.id, db, scope);
}

/** Only a line of an unconfirmed order's plan that no payment ever named (pending, audited or rejected) is deleted. */
export async function deleteReceivable(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<null> {
  const scope = await receivableScope(db, session);
  await inTransaction(db, async (trx) => {
    const seen = await visibleLine(trx, session, scope, input.id);
    if (await planFixed(trx, session.companyId, seen.order_id)) throw new BizError(ReceivableText.planFixedDelete);
    const line = await lockedLine(trx, session, scope, input.id, input.version);
    const named = await trx.selectFrom('payment_allocation').select('id').where('receivable_id', '=', line.id).executeTakeFirst();
    if (named || moneyToCents(line.received) !== 0) throw new BizError(ReceivableText.hasAllocations);
    await trx.deleteFrom('receivable').where('id', '=', line.id).execute();
  });
  return null;
}

export async function aging(db: Kysely<DB>, session: SessionInfo, q: { storeId?: string }): Promise<AgingRow[]> {
  const rows = await list.agingByStore(db, session.companyId, await receivableScope(db, session), q.storeId || undefined);
  const money = (v: string) => centsToMoney(moneyToCents(v));
  return rows.map((r) => {
    const overdue = moneyToCents(r.d0_30) + moneyToCents(r.d31_60) + moneyToCents(r.d61_90) + moneyToCents(r.d90_plus);
    return {
      storeId: r.store_id,
      storeName: r.store_name,
      notDue: money(r.not_due),
      d0_30: money(r.d0_30),
      d31_60: money(r.d31_60),
      d61_90: money(r.d61_90),
      d90_plus: money(r.d90_plus),
      overdue: centsToMoney(overdue),
      outstanding: money(r.outstanding),
    };
  });
}

export async function ordersWithReceivables(db: Kysely<DB>, session: SessionInfo, q: { keyword?: string; openOnly?: boolean }): Promise<ReceivableOrder[]> {
  const rows = await list.ordersWithReceivables(db, session.companyId, await receivableScope(db, session), q);
  return rows.map((r) => ({
    orderId: r.order_id,
    orderNo: r.order_no,
    customerName: r.customer_name,
    storeName: r.store_name,
    amount: centsToMoney(moneyToCents(r.amount)),
    received: centsToMoney(moneyToCents(r.received)),
    outstanding: centsToMoney(moneyToCents(r.amount) - moneyToCents(r.received)),
  }));
}

export async function receivablesOfOrderInScope(db: Kysely<DB>, session: SessionInfo, orderId: string): Promise<ReceivableRecord[]> {
  return list.allReceivables(db, session.companyId, await receivableScope(db, session), { orderId }, 200);
}

// ---- 欠款授权 -----------------------------------------------------------------------------------------

async function debtRows(db: Db, companyId: string) {
  return db
    .selectFrom('debt_authorization as d')
    .leftJoin('app_user as a', 'a.id', 'd.authorized_by')
    .leftJoin('app_user as v', 'v.id', 'd.revoked_by')
    .select(['d.id', 'd.order_id', 'd.amount', 'd.reason', 'd.authorized_at', 'd.revoked_at'])
    .select([sql<string | null>`coalesce(nullif(a.first_name, ''), a.username)`.as('authorized_name'), sql<string | null>`coalesce(nullif(v.first_name, ''), v.username)`.as('revoked_name')])
    .where('d.company_id', '=', companyId);
}

const toDebt = (r: Awaited<ReturnType<Awaited<ReturnType<typeof debtRows>>['execute']>>[number]): DebtAuthorization => ({
  id: r.id,
  orderId: r.order_id,
  amount: r.amount,
  reason: r.reason,
  authorizedBy: r.authorized_name,
  authorizedAt: formatDateTime(r.authorized_at),
  revokedBy: r.revoked_name,
  revokedAt: r.revoked_at ? formatDateTime(r.revoked_at) : null,
});

export async function debtList(db: Kysely<DB>, session: SessionInfo, orderId: string): Promise<DebtAuthorization[]> {
  const scope = await receivableScope(db, session);
  await planAnchor(db, session, scope, orderId).catch(() => {
    throw new NotFound();
  });
  const rows = await (await debtRows(db, session.companyId)).where('d.order_id', '=', orderId).orderBy('d.authorized_at', 'desc').orderBy('d.id').execute();
  return rows.map(toDebt);
}

async function debtById(db: Db, companyId: string, id: string) {
  const row = await (await debtRows(db, companyId)).where('d.id', '=', id).executeTakeFirst();
  if (!row) throw new NotFound();
  return toDebt(row);
}

/** 欠款授权 of an order whose plan the caller may see: the order may check in while money is owed. */
export async function grantDebt(db: Kysely<DB>, session: SessionInfo, input: DebtGrant): Promise<DebtAuthorization> {
  const scope = await receivableScope(db, session);
  const id = await inTransaction(db, async (trx) => {
    await planAnchor(trx, session, scope, input.orderId).catch(() => {
      throw new NotFound();
    });
    const row = await trx
      .insertInto('debt_authorization')
      .values({ company_id: session.companyId, order_id: input.orderId, amount: centsToMoney(moneyToCents(String(input.amount))), reason: input.reason, authorized_by: session.userId })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  });
  return debtById(db, session.companyId, id);
}

export async function revokeDebt(db: Kysely<DB>, session: SessionInfo, id: string): Promise<DebtAuthorization> {
  const scope = await receivableScope(db, session);
  await inTransaction(db, async (trx) => {
    const row = await trx.selectFrom('debt_authorization').select(['id', 'order_id', 'revoked_at']).where('company_id', '=', session.companyId).where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw new NotFound();
    await planAnchor(trx, session, scope, row.order_id).catch(() => {
      throw new NotFound();
    });
    if (row.revoked_at) throw new BizError(ReceivableText.debtRevoked);
    await trx.updateTable('debt_authorization').set({ revoked_at: new Date(), revoked_by: session.userId }).where('id', '=', id).execute();
  });
  return debtById(db, session.companyId, id);
}
