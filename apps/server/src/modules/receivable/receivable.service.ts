import { sql, type Kysely } from 'kysely';
import { centsToMoney, isCalendarDate, receivableStatusOf, ReceivableText, moneyToCents } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { countAllocations, insertPayment, stillTakesCents } from './payment.core.js';
import * as repo from './receivable.repo.js';

// What change orders need of an order's plan while they apply (read under the order's money lock).
export { lockReceivables, pendingAllocated, receivablesOfChange, receivablesOfOrder } from './receivable.repo.js';

// What other modules call (docs/trade.md, Receivable L1). `trx` is the caller's transaction.

export interface ReceivableItemInput {
  /** receivable_item dictionary value (deposit 定金, first_payment 首付, final_payment 尾款 …). */
  item: string;
  dueDate: string;
  amount: string | number;
  dueBeforeCheckIn?: boolean;
  changeOrderId?: string | null;
  contractId?: string | null;
  remark?: string;
}

const money = (value: string | number, message: string = ReceivableText.amountFormat): number => {
  const text = String(value).trim();
  if (!/^-?\d{1,12}(\.\d{1,2})?$/.test(text)) throw new BizError(message);
  return moneyToCents(text);
};

/** Adds receivables (a plan, a 续住 / 升级 line) to an order; answers their ids in the order given. */
export async function createReceivables(
  trx: Db,
  actor: Actor,
  order: { id: string; customerId: string; storeId: string },
  items: ReceivableItemInput[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const it of items) {
    const cents = money(it.amount);
    if (cents < 0) throw new BizError(ReceivableText.amountFormat);
    if (!it.item) throw new BizError(ReceivableText.itemRequired);
    if (!isCalendarDate(it.dueDate)) throw new BizError(ReceivableText.dueDateFormat);
    const { id } = await trx
      .insertInto('receivable')
      .values({
        company_id: actor.companyId,
        order_id: order.id,
        customer_id: order.customerId,
        store_id: order.storeId,
        contract_id: it.contractId ?? null,
        change_order_id: it.changeOrderId ?? null,
        item: it.item,
        due_date: it.dueDate,
        amount: centsToMoney(cents),
        status: receivableStatusOf(cents, 0),
        due_before_check_in: it.dueBeforeCheckIn ?? false,
        remark: it.remark ?? '',
        created_by: actor.userId,
        updated_by: actor.userId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(id);
  }
  return ids;
}

export interface OrderMoney {
  /** The plan's total. */
  amount: string;
  /** Audited money on the plan. */
  received: string;
  outstanding: string;
  /** Still owed on receivables due before check-in (定金, 首付). */
  outstandingBeforeCheckIn: string;
  /** Audited money of the order's payments net of reversals and refunds, unapplied included. */
  paidIn: string;
}

/** The money of an order (strings, exact). */
export async function orderMoney(db: Kysely<DB> | Db, companyId: string, orderId: string): Promise<OrderMoney> {
  const t = await repo.orderTotals(db, companyId, orderId);
  return {
    amount: centsToMoney(moneyToCents(t.amount)),
    received: centsToMoney(moneyToCents(t.received)),
    outstanding: centsToMoney(moneyToCents(t.amount) - moneyToCents(t.received)),
    outstandingBeforeCheckIn: centsToMoney(moneyToCents(t.before_check_in)),
    paidIn: centsToMoney(moneyToCents(t.paid_in)),
  };
}

/** Whether an unrevoked 欠款授权 lets the order check in while money is owed. */
export function hasDebtAuthorization(db: Kysely<DB> | Db, companyId: string, orderId: string): Promise<boolean> {
  return repo.liveDebtAuthorization(db, companyId, orderId);
}

/** A 订房预约's deposit: a 待审核 payment with no order yet, all of it unapplied. */
export async function recordDeposit(
  trx: Db,
  actor: Actor,
  input: { customerId: string; storeId: string; reservationId: string; amount: string | number; method: string; paidAt?: Date | string; payer?: string },
): Promise<{ id: string }> {
  const cents = money(input.amount, ReceivableText.depositAmountPositive);
  if (cents <= 0) throw new BizError(ReceivableText.depositAmountPositive);
  const id = await insertPayment(trx, actor, {
    customerId: input.customerId,
    storeId: input.storeId,
    reservationId: input.reservationId,
    method: input.method,
    amountCents: cents,
    unappliedCents: cents,
    paidAt: input.paidAt === undefined ? undefined : new Date(input.paidAt),
    payer: input.payer,
    allocations: [],
  });
  return { id };
}

/**
 * The hold's deposit moves onto the order: linked to the order, and as much of it as the order's 定金
 * receivables may still take allocated to them (due order); the rest stays unapplied on the order.
 * Counts on the receivables at once when the deposit is audited, otherwise when it is.
 */
export async function applyDeposit(trx: Db, actor: Actor, input: { paymentId: string; orderId: string }): Promise<{ allocated: string; unapplied: string }> {
  const payment = await repo.lockPayment(trx, actor.companyId, input.paymentId);
  if (!payment) throw new NotFound();
  if (!payment.reservation_id || moneyToCents(payment.amount) <= 0 || payment.reversal_of) throw new BizError(ReceivableText.notADeposit);
  if (payment.order_id) throw new BizError(ReceivableText.depositApplied);
  if (payment.status === 'rejected') throw new BizError(ReceivableText.depositRejected);
  return allocateDeposit(trx, actor, payment, input.orderId);
}

/**
 * When an order's plan is written (it reaches 已确认 after its hold was converted as a 草稿): the
 * deposits already carried over to it but still unapplied go onto its 定金 lines.
 */
export async function applyOrderDeposits(trx: Db, actor: Actor, orderId: string): Promise<void> {
  const waiting = await trx
    .selectFrom('payment')
    .select('id')
    .where('company_id', '=', actor.companyId)
    .where('order_id', '=', orderId)
    .where('reservation_id', 'is not', null)
    .where('reversal_of', 'is', null)
    .where('status', '<>', 'rejected')
    .where('amount', '>', '0')
    .where('unapplied', '>', '0')
    .orderBy('id')
    .execute();
  for (const { id } of waiting) {
    const payment = await repo.lockPayment(trx, actor.companyId, id);
    if (payment) await allocateDeposit(trx, actor, payment, orderId);
  }
}

async function allocateDeposit(trx: Db, actor: Actor, payment: NonNullable<Awaited<ReturnType<typeof repo.lockPayment>>>, orderId: string): Promise<{ allocated: string; unapplied: string }> {
  const input = { orderId };
  const deposits = (await repo.receivablesOfOrder(trx, actor.companyId, input.orderId)).filter((r) => r.item === 'deposit');
  const locked = await repo.lockReceivables(trx, actor.companyId, deposits.map((r) => r.id));
  const dueOrder = deposits.map((d) => locked.find((l) => l.id === d.id)!);
  let left = moneyToCents(payment.unapplied);
  const allocations: { receivableId: string; cents: number }[] = [];
  for (const r of dueOrder) {
    const take = Math.min(left, Math.max(stillTakesCents(r), 0));
    if (take <= 0) continue;
    allocations.push({ receivableId: r.id, cents: take });
    left -= take;
  }
  if (allocations.length > 0) {
    await trx
      .insertInto('payment_allocation')
      .values(allocations.map((a) => ({ company_id: actor.companyId, payment_id: payment.id, receivable_id: a.receivableId, amount: centsToMoney(a.cents) })))
      .execute();
  }
  await trx
    .updateTable('payment')
    .set({ order_id: input.orderId, unapplied: centsToMoney(left), updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', payment.id)
    .execute();
  if (payment.status === 'audited' && allocations.length > 0) {
    // Only the new allocations count now: a deposit's earlier share (if any) was counted already.
    await countAllocations(trx, actor, payment.id, allocations.map((a) => a.receivableId));
  }
  return { allocated: centsToMoney(moneyToCents(payment.unapplied) - left), unapplied: centsToMoney(left) };
}

/** A refund (退款 change order, a cancelled hold): a 待审核 negative payment, audited by finance like any other. */
export async function createRefund(
  trx: Db,
  actor: Actor,
  input: { customerId: string; storeId: string; orderId?: string | null; reservationId?: string | null; changeOrderId: string; amount: string | number; method: string; remark?: string },
): Promise<{ id: string }> {
  const cents = money(input.amount, ReceivableText.refundAmountPositive);
  if (cents <= 0) throw new BizError(ReceivableText.refundAmountPositive);
  const id = await insertPayment(trx, actor, {
    customerId: input.customerId,
    storeId: input.storeId,
    orderId: input.orderId ?? null,
    reservationId: input.reservationId ?? null,
    changeOrderId: input.changeOrderId,
    method: input.method,
    amountCents: -cents,
    unappliedCents: -cents,
    remark: input.remark,
    allocations: [],
  });
  return { id };
}

/** On cancellation: each receivable of the order not paid in full is closed at what was received. Answers how many. */
export async function writeOffOpen(trx: Db, actor: Actor, orderId: string): Promise<number> {
  const plan = await repo.receivablesOfOrder(trx, actor.companyId, orderId);
  const locked = await repo.lockReceivables(trx, actor.companyId, plan.map((r) => r.id));
  let closed = 0;
  for (const r of locked) {
    if (moneyToCents(r.received) >= moneyToCents(r.amount)) continue;
    await trx
      .updateTable('receivable')
      .set({
        amount: r.received,
        // The plan's story keeps what was closed unpaid (docs/ledger.md: plan + written off = price).
        written_off: sql<string>`written_off + ${centsToMoney(moneyToCents(r.amount) - moneyToCents(r.received))}::numeric`,
        status: 'paid',
        remark: sql<string>`concat_ws(' ', nullif(remark, ''), ${ReceivableText.writtenOff}::text)`,
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', r.id)
      .execute();
    closed++;
  }
  return closed;
}
