import { sql, type Kysely } from 'kysely';
import {
  approvalSteps,
  changeOrderAddSchema,
  changeOrderMachine,
  changeOrderResource,
  ChangeOrderText,
  formatDateTime,
  FourEyesText,
  fromCents,
  NumberRuleCode,
  stepLabel,
  toCents,
  toPageResult,
  type ChangeOrder,
  type ChangeOrderAdd,
  type ChangeOrderApproval,
  type ChangeOrderKind,
  type ChangeOrderListQuery,
  type ChangeOrderQuote,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { crudRepo, type Db, type Scope } from '../../platform/crud/crud-repo.js';
import { assertMove, transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { nextNumber } from '../number-rule/number-rule.service.js';
import { fourEyes } from '../system/four-eyes.js';
import { applyChangeOrder } from './change-order.apply.js';
import { priceChange } from './change-order.pricing.js';
import * as repo from './change-order.repo.js';
import { changeOrderScope } from './change-order.rules.js';

const rows = crudRepo(changeOrderResource);
const both = (terms: Scope[]): Scope => (terms.length === 0 ? sql<boolean>`true` : sql<boolean>`(${sql.join(terms, sql` and `)})`);

/**
 * For other modules, inside their transaction: a 退款 change order waiting for approval (待审核,
 * step 1) that refunds `amount` (yuan, > 0) of an order or of a 订房预约's deposit once approved.
 * Used by the order's cancellation and by the room hold's cancellation.
 */
export async function createRefundChangeOrder(
  trx: Db,
  session: SessionInfo,
  input: { orderId?: string | null; reservationId?: string | null; customerId: string; storeId: string; amount: string | number; reason: string },
): Promise<{ id: string; changeNo: string }> {
  const cents = toCents(input.amount);
  if (cents <= 0) throw new BizError('退款金额必须大于0');
  if (!input.orderId && !input.reservationId) throw new BizError('退款须关联订单或订房预约');
  const changeNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.changeOrder);
  const reason = input.reason.slice(0, 500);
  const id = await repo.insertChangeOrder(trx, {
    company_id: session.companyId,
    change_no: changeNo,
    order_id: input.orderId ?? null,
    reservation_id: input.reservationId ?? null,
    customer_id: input.customerId,
    store_id: input.storeId,
    kind: 'refund',
    amount_delta: fromCents(-cents),
    reason,
    status: 'pending_audit',
    approval_step: 1,
    submitted_at: new Date(),
    created_by: session.userId,
    updated_by: session.userId,
  });
  await trx
    .insertInto('state_change')
    .values({ company_id: session.companyId, resource: 'change_order', record_id: id, event: 'submit', from_state: 'draft', to_state: 'pending_audit', reason, changed_by: session.userId })
    .execute();
  return { id, changeNo };
}

/** What the add form shows before saving: the amount and the chain, computed as saving would. */
export async function quoteChange(db: Kysely<DB>, session: SessionInfo, body: ChangeOrderAdd): Promise<ChangeOrderQuote> {
  const input = changeOrderAddSchema.parse(body);
  return inTransaction(db, async (trx) => {
    const priced = await priceChange(trx, session, input);
    return {
      amountDelta: fromCents(priced.amountCents),
      referenceDelta: fromCents(priced.referenceCents),
      discountDelta: fromCents(priced.discountCents),
      approvalSteps: approvalSteps(input.kind, priced.amountCents),
      basis: priced.basis,
      orderNo: priced.order.order_no,
      fromRoomId: priced.columns.from_room_id ?? null,
      fromRoomNo: priced.fromRoomNo,
    };
  });
}

/** 新增变更单 (待提交) for an order the caller may see, in a store the caller's change-order scope covers. */
export async function addChange(db: Kysely<DB>, session: SessionInfo, body: ChangeOrderAdd): Promise<ChangeOrder> {
  const input = changeOrderAddSchema.parse(body);
  const scope = await changeOrderScope(db, session);
  const id = await inTransaction(db, async (trx) => {
    const priced = await priceChange(trx, session, input);
    const id = await repo.insertChangeOrder(trx, {
      company_id: session.companyId,
      change_no: await nextNumber(trx, NumberRuleCode.changeOrder),
      order_id: priced.order.id,
      reservation_id: null,
      customer_id: priced.order.customer_id,
      store_id: priced.order.store_id,
      kind: input.kind,
      ...priced.columns,
      amount_delta: fromCents(priced.amountCents),
      reference_delta: fromCents(priced.referenceCents),
      discount_delta: fromCents(priced.discountCents),
      receivable_id: priced.receivableId ?? null,
      reason: input.reason,
      status: 'draft',
      approval_step: 0,
      created_by: session.userId,
      updated_by: session.userId,
    });
    // A 店长 raises change orders in her own stores only.
    if (!(await repo.lockChangeOrder(trx, session.companyId, id, scope))) throw new NotFound(ChangeOrderText.orderMissing);
    return id;
  });
  return getChange(db, session, id);
}

async function lockVisible(trx: Db, session: SessionInfo, id: string, scope: Scope, version?: number) {
  const row = await repo.lockChangeOrder(trx, session.companyId, id, scope);
  if (!row) throw new NotFound();
  if (version !== undefined && row.version !== version) throw new StaleVersion();
  return row;
}

/** 提交: 待提交 → 待审核 at step 1; the amount is computed again (prices and payments may have moved since). */
export async function submitChange(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<ChangeOrder> {
  const scope = await changeOrderScope(db, session);
  await inTransaction(db, async (trx) => {
    const row = await lockVisible(trx, session, input.id, scope, input.version);
    assertMove(changeOrderMachine, row.status, 'submit');
    const again = changeOrderAddSchema.parse(addInputOf(row, row.kind === 'adjust' ? await adjustTargetOf(trx, session.companyId, row) : 0));
    const priced = await priceChange(trx, session, again, row.id);
    await transition(trx, session, {
      machine: changeOrderMachine,
      table: 'change_order',
      id: row.id,
      event: 'submit',
      version: input.version,
      set: { amount_delta: fromCents(priced.amountCents), reference_delta: fromCents(priced.referenceCents), discount_delta: fromCents(priced.discountCents), approval_step: 1, submitted_at: new Date() },
    });
  });
  return getChange(db, session, input.id);
}

function addInputOf(row: NonNullable<repo.ChangeOrderRow>, adjustTarget = 0): ChangeOrderAdd {
  const orderId = row.order_id ?? '';
  switch (row.kind) {
    case 'extend':
      return { kind: 'extend', orderId, days: row.days, reason: row.reason };
    case 'change_room':
      return { kind: 'change_room', orderId, toRoomId: row.to_room_id ?? '', effectiveDate: row.effective_date ?? '', reason: row.reason };
    case 'upgrade':
      return { kind: 'upgrade', orderId, toProductId: row.to_product_id ?? '', reason: row.reason };
    case 'refund':
      return { kind: 'refund', orderId, amount: fromCents(-toCents(row.amount_delta)), reason: row.reason || '退款' };
    case 'adjust':
      // Priced again as its receivable's present amount moved by the same difference.
      return { kind: 'adjust', orderId, receivableId: row.receivable_id ?? '', amount: fromCents(adjustTarget), reason: row.reason || '调账' };
  }
}

/** 调账 at submission: its receivable's present amount plus the difference asked for (never below 0, refused then by pricing). */
async function adjustTargetOf(trx: Db, companyId: string, row: NonNullable<repo.ChangeOrderRow>): Promise<number> {
  const line = row.receivable_id ? await trx.selectFrom('receivable').select('amount').where('company_id', '=', companyId).where('id', '=', row.receivable_id).executeTakeFirst() : undefined;
  return Math.max(0, toCents(line?.amount ?? '0') + toCents(row.amount_delta));
}

/** 删除: a draft only. */
export async function deleteChange(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<null> {
  const scope = await changeOrderScope(db, session);
  await inTransaction(db, async (trx) => {
    const row = await lockVisible(trx, session, input.id, scope, input.version);
    if (row.status !== 'draft') throw new BizError(`变更单当前状态为「${row.status === 'pending_audit' ? '待审核' : row.status === 'approved' ? '已通过' : '已驳回'}」，不能删除`);
    await repo.deleteDraft(trx, session.companyId, row.id);
  });
  return null;
}

/**
 * One approval decision at `step` (1 店长/主管, 2 财务), recorded as a change_order_approval row. A
 * rejection ends the change order; an approval hands it to the next step, or — the last one — applies
 * it in the same transaction: if applying is refused nothing is kept (it stays 待审核) and the
 * refusal is answered.
 */
export async function decideChange(
  db: Kysely<DB>,
  session: SessionInfo,
  step: 1 | 2,
  input: { id: string; version?: number; decision: 'approved' | 'rejected'; comment: string },
): Promise<ChangeOrder> {
  const scope = await changeOrderScope(db, session);
  await inTransaction(db, async (trx) => {
    const row = await lockVisible(trx, session, input.id, scope, input.version);
    const event = input.decision === 'rejected' ? 'reject' : 'approve';
    assertMove(changeOrderMachine, row.status, event);
    if (row.approval_step !== step) throw new BizError(ChangeOrderText.waitingStep(stepLabel(row.approval_step)));
    // 四眼原则: whoever raised it approves no step of it (a rejection stays open to her).
    if (event === 'approve') (await fourEyes(trx))(row.created_by, session.userId, FourEyesText.changeOrder);
    await repo.insertApproval(trx, { company_id: session.companyId, change_order_id: row.id, step, approver_id: session.userId, decision: input.decision, comment: input.comment });
    const move = { machine: changeOrderMachine, table: 'change_order', id: row.id, version: row.version, reason: input.comment };
    if (event === 'reject') {
      await transition(trx, session, { ...move, event: 'reject', set: { decided_at: new Date() } });
      return;
    }
    if (step < approvalSteps(row.kind as ChangeOrderKind, toCents(row.amount_delta))) {
      await transition(trx, session, { ...move, event: 'pass', set: { approval_step: step + 1 } });
      return;
    }
    const applied = await applyChangeOrder(trx, session, row);
    const now = new Date();
    await transition(trx, session, { ...move, event: 'approve', set: { decided_at: now, applied_at: now, receivable_id: applied.receivableId, refund_payment_id: applied.refundPaymentId, plan_delta: fromCents(applied.planDeltaCents) } });
  });
  return getChange(db, session, input.id);
}

/** A change order the caller may see (404 otherwise), with its names. */
export async function getChange(db: Kysely<DB>, session: SessionInfo, id: string): Promise<ChangeOrder> {
  const found = await rows.find(db, session, id, await changeOrderScope(db, session));
  if (!found) throw new NotFound();
  return (await withNames(db, session, [found]))[0]!;
}

export async function pageChanges(db: Kysely<DB>, session: SessionInfo, q: ChangeOrderListQuery): Promise<PageResult<ChangeOrder>> {
  const scope = both([await changeOrderScope(db, session), ...repo.listFilters(q)]);
  const page = await rows.page(db, session, q, scope);
  return toPageResult(await withNames(db, session, page.rows), page.total, q, page.capped);
}

export async function exportChanges(db: Kysely<DB>, session: SessionInfo, q: Omit<ChangeOrderListQuery, 'pageNo' | 'pageSize'>): Promise<ChangeOrder[]> {
  const scope = both([await changeOrderScope(db, session), ...repo.listFilters(q)]);
  return withNames(db, session, await rows.all(db, session, q, 10_000, scope));
}

/** For 客户360: the customer's change orders the caller may see, newest first. */
export async function changeOrdersOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string): Promise<ChangeOrder[]> {
  const found = await rows.all(db, session, { customerId, column: 'createdAt', order: 'desc' }, 500, await changeOrderScope(db, session));
  return withNames(db, session, found);
}

/** 审批记录 of a change order the caller may see, oldest first. */
export async function approvalTrail(db: Kysely<DB>, session: SessionInfo, id: string): Promise<ChangeOrderApproval[]> {
  await getChange(db, session, id);
  const found = await repo.approvalsOf(db, session.companyId, id);
  return found.map((a) => ({ step: a.step, decision: a.decision, comment: a.comment, approverName: a.first_name || a.username || '', decidedAt: formatDateTime(a.decided_at) }));
}

async function withNames(db: Db, session: Pick<SessionInfo, 'companyId'>, records: Record<string, unknown>[]): Promise<ChangeOrder[]> {
  const ids = (...keys: string[]) => [...new Set(records.flatMap((r) => keys.map((k) => r[k] as string | null)).filter((v): v is string => Boolean(v)))];
  const names = await repo.namesOf(db, session.companyId, {
    orders: ids('orderId'),
    customers: ids('customerId'),
    stores: ids('storeId'),
    rooms: ids('fromRoomId', 'toRoomId'),
    products: ids('fromProductId', 'toProductId'),
  });
  const name = (map: Map<string, string>, id: unknown) => (id ? (map.get(id as string) ?? null) : null);
  return records.map(
    (r) =>
      ({
        ...r,
        orderNo: name(names.orders, r.orderId),
        customerName: name(names.customers, r.customerId),
        storeName: name(names.stores, r.storeId),
        fromRoomNo: name(names.rooms, r.fromRoomId),
        toRoomNo: name(names.rooms, r.toRoomId),
        fromProductName: name(names.products, r.fromProductId),
        toProductName: name(names.products, r.toProductId),
        approvalSteps: approvalSteps(r.kind as ChangeOrderKind, toCents(r.amountDelta as string)),
      }) as ChangeOrder,
  );
}
