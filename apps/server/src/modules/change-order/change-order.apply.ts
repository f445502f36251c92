import { sql } from 'kysely';
import { ChangeOrderText, fromCents, receivableStatusOf, toCents } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { BizError } from '../../platform/errors.js';
import { supplementForChange } from '../contract/contract.supplement.js';
import { changeOrderTerms } from '../order/order.service.js';
import { lockOrderMoney } from '../receivable/ledger.js';
import { createReceivables, createRefund, lockReceivables, pendingAllocated, receivablesOfOrder } from '../receivable/receivable.service.js';
import { extendStay, moveStay } from '../room-stay/room-stay.service.js';
import { assertRefundable, todayInShanghai } from './change-order.pricing.js';
import * as repo from './change-order.repo.js';

type Row = NonNullable<repo.ChangeOrderRow>;

/** The refund's payment method until finance pays it out (it audits and may record otherwise). */
const REFUND_METHOD = 'transfer';

export interface Applied {
  receivableId: string | null;
  refundPaymentId: string | null;
  /** How much it moved the plan beyond the deal price (change_order.plan_delta, docs/ledger.md). */
  planDeltaCents: number;
}

/**
 * Applies an approved change order inside the approval's transaction: the order's terms, the stay and
 * the money. Any refusal (a night taken by another order …) throws, so the caller's transaction rolls
 * back and nothing of it stays; the message says why.
 */
export async function applyChangeOrder(trx: Db, actor: Actor, row: Row): Promise<Applied> {
  try {
    const applied = await applyKind(trx, actor, row);
    // Each 续住 / 升级 gets its 补充协议 beside the contract, which stays as signed (the receivable it raised is its plan).
    if ((row.kind === 'extend' || row.kind === 'upgrade') && row.order_id) {
      const names = (await repo.namesOf(trx, actor.companyId, { orders: [], customers: [], stores: [], rooms: [], products: [row.from_product_id, row.to_product_id].filter((id): id is string => Boolean(id)) })).products;
      await supplementForChange(trx, actor, { ...row, kind: row.kind, order_id: row.order_id }, { from: names.get(row.from_product_id ?? '') ?? '', to: names.get(row.to_product_id ?? '') ?? '' });
    }
    return applied;
  } catch (err) {
    if (err instanceof BizError) throw new BizError(ChangeOrderText.applyFailed(err.message));
    throw err;
  }
}

async function applyKind(trx: Db, actor: Actor, row: Row): Promise<Applied> {
  const cents = toCents(row.amount_delta);
  const orderId = row.order_id;
  // The order's money lock before any receivable or payment (docs/ledger.md).
  if (orderId) await lockOrderMoney(trx, actor.companyId, orderId);
  const none: Applied = { receivableId: null, refundPaymentId: null, planDeltaCents: 0 };
  /** A new receivable of the change order's amount (> 0). */
  const raise = async (item: string, remark: string): Promise<string> => {
    const [id] = await createReceivables(trx, actor, { id: orderId!, customerId: row.customer_id, storeId: row.store_id }, [
      { item, dueDate: todayInShanghai(), amount: fromCents(cents), changeOrderId: row.id, remark: `${row.change_no} ${remark}` },
    ]);
    return id!;
  };

  switch (row.kind) {
    case 'extend': {
      // The deal stays as signed (docs/ledger.md): the order only gets its nights; the line is the plan's movement.
      await changeOrderTerms(trx, actor, orderId!, { addDays: row.days });
      // An order not yet given a room has only its terms extended; its stay is assigned for the new length.
      if ((await repo.activeStaysOf(trx, actor.companyId, orderId!)).length > 0) await extendStay(trx, actor, orderId!, row.days);
      return cents > 0 ? { ...none, receivableId: await raise('extension', `续住${row.days}天`), planDeltaCents: cents } : none;
    }
    case 'change_room':
      await moveStay(trx, actor, orderId!, row.to_room_id!, row.effective_date!);
      return priceThePlan(trx, actor, row, cents, () => raise('other', '换房差价'));
    case 'upgrade':
      // The order takes the new product; its deal, reference and discount stay as signed.
      await changeOrderTerms(trx, actor, orderId!, { productVersionId: row.to_product_version_id! });
      return priceThePlan(trx, actor, row, cents, () => raise('upgrade', '升级差价'));
    case 'refund':
      if (orderId) await assertRefundable(trx, actor.companyId, orderId, -cents, row.id);
      return { ...none, refundPaymentId: await refund(trx, actor, row, -cents) };
    case 'adjust':
      return adjust(trx, actor, row, cents);
  }
}

/**
 * 换房 / 升级 on the plan (the deal price stays): dearer, a new line of the amount (plan_delta + it);
 * cheaper, what is still owed is lowered and the rest refunded (plan_delta − what was lowered).
 */
async function priceThePlan(trx: Db, actor: Actor, row: Row, cents: number, raise: () => Promise<string>): Promise<Applied> {
  const none: Applied = { receivableId: null, refundPaymentId: null, planDeltaCents: 0 };
  if (cents > 0) return { ...none, receivableId: await raise(), planDeltaCents: cents };
  if (cents < 0) {
    const cheaper = await lowerPlan(trx, actor, row, -cents);
    return { ...none, refundPaymentId: cheaper.refundPaymentId, planDeltaCents: -cheaper.loweredCents };
  }
  return none;
}

/**
 * A cheaper 换房 or 升级 (`cents` > 0 less): first lowers what is still owed (open receivables, latest due
 * first, each down to what was received and what pending payments reserved); only what was paid
 * beyond the new total is refunded, within the order's net money in. Pending payments that keep the
 * plan from being lowered enough are refused first (they are audited or rejected, then 换房 again).
 */
async function lowerPlan(trx: Db, actor: Actor, row: Row, cents: number): Promise<{ loweredCents: number; refundPaymentId: string | null }> {
  const orderId = row.order_id!;
  const plan = await receivablesOfOrder(trx, actor.companyId, orderId);
  const locked = new Map((await lockReceivables(trx, actor.companyId, plan.map((r) => r.id))).map((r) => [r.id, r]));
  let left = cents;
  for (const r of [...plan].reverse()) {
    if (left === 0) break;
    const line = locked.get(r.id)!;
    const taken = toCents(line.received) + toCents(line.pending);
    const cut = Math.min(left, toCents(line.amount) - taken);
    if (cut <= 0) continue;
    const amount = toCents(line.amount) - cut;
    await trx
      .updateTable('receivable')
      .set({
        amount: fromCents(amount),
        status: receivableStatusOf(amount, toCents(line.received)),
        remark: sql<string>`concat_ws(' ', nullif(remark, ''), ${`${row.change_no} 差价冲减 ${fromCents(cut)} 元`}::text)`,
        updated_by: actor.userId,
        updated_at: new Date(),
        version: sql<number>`version + 1`,
      })
      .where('id', '=', line.id)
      .execute();
    left -= cut;
  }
  const lowered = cents - left;
  if (left > 0) {
    const pending = [...(await pendingAllocated(trx, plan.map((r) => r.id))).values()].reduce((s, v) => s + toCents(v), 0);
    if (pending > 0) throw new BizError(ChangeOrderText.roomCutBlocked(fromCents(pending)));
    await assertRefundable(trx, actor.companyId, orderId, left, row.id);
  }
  return { loweredCents: lowered, refundPaymentId: left > 0 ? await refund(trx, actor, row, left) : null };
}

/** 调账: its receivable moves by the change order's amount, never below what was received and reserved; logged on the line. */
async function adjust(trx: Db, actor: Actor, row: Row, cents: number): Promise<Applied> {
  const [line] = row.receivable_id ? await lockReceivables(trx, actor.companyId, [row.receivable_id]) : [];
  if (!line || line.order_id !== row.order_id) throw new BizError(ChangeOrderText.adjustReceivableMissing);
  const amount = toCents(line.amount) + cents;
  const taken = toCents(line.received) + toCents(line.pending);
  if (amount < taken) throw new BizError(ChangeOrderText.adjustBelowTaken(fromCents(taken)));
  await trx
    .updateTable('receivable')
    .set({ amount: fromCents(amount), status: receivableStatusOf(amount, toCents(line.received)), updated_by: actor.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', line.id)
    .execute();
  await trx
    .insertInto('state_change')
    .values({
      company_id: actor.companyId,
      resource: 'receivable',
      record_id: line.id,
      event: 'adjust',
      from_state: fromCents(toCents(line.amount)),
      to_state: fromCents(amount),
      reason: `${row.change_no} ${row.reason}`.trim().slice(0, 500),
      changed_by: actor.userId,
    })
    .execute();
  return { receivableId: line.id, refundPaymentId: null, planDeltaCents: cents };
}

async function refund(trx: Db, actor: Actor, row: Row, cents: number): Promise<string> {
  const { id } = await createRefund(trx, actor, {
    customerId: row.customer_id,
    storeId: row.store_id,
    orderId: row.order_id,
    reservationId: row.reservation_id,
    changeOrderId: row.id,
    amount: fromCents(cents),
    method: REFUND_METHOD,
    remark: `${row.change_no} ${row.reason}`.trim(),
  });
  return id;
}
