import { centsToMoney, NumberRuleCode, receivableStatusOf, ReceivableText, moneyToCents } from '@care/shared';
import { randomUUID } from 'node:crypto';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { BizError } from '../../platform/errors.js';
import { atCommit } from '../../platform/db/transaction.js';
import type { DB } from '../../platform/db/schema.js';
import type { Kysely } from 'kysely';
import { dictLabeler } from '../dict/dict.service.js';
import { nextNumber } from '../number-rule/index.js';
import * as repo from './receivable.repo.js';

// The money rules every path shares (payments from the page, deposits, refunds, reversals, audits).
// Lock order (docs/money.md): the order or change order a caller moves, then payments, then receivables
// in id order (repo.lockReceivables), and the 收款单号 counter last of all (insertPayment, atCommit).

export interface PaymentValues {
  customerId: string;
  storeId: string;
  orderId?: string | null;
  reservationId?: string | null;
  method: string;
  amountCents: number;
  /** What no receivable takes (an advance, an overpayment, a deposit, a refund): same sign as the amount. */
  unappliedCents: number;
  paidAt?: Date;
  payer?: string;
  bankRef?: string;
  invoiceNo?: string;
  attachments?: string[];
  reversalOf?: string | null;
  changeOrderId?: string | null;
  remark?: string;
  allocations: { receivableId: string; cents: number }[];
}

const asKysely = (db: Db) => db as unknown as Kysely<DB>;

/** The label of a receivable item (receivable_item dictionary) for messages. */
export async function itemLabeler(db: Db) {
  return dictLabeler(asKysely(db), 'receivable_item');
}

/** What a receivable may still take: amount − received − what pending payments have reserved. */
export const stillTakesCents = (r: repo.LockedReceivable) => moneyToCents(r.amount) - moneyToCents(r.received) - moneyToCents(r.pending);

/**
 * Positive allocations against locked receivables: each at most what the receivable may still take
 * (refused naming the item otherwise).
 */
export async function checkAllocations(db: Db, locked: repo.LockedReceivable[], allocations: { receivableId: string; cents: number }[]): Promise<void> {
  const byId = new Map(locked.map((r) => [r.id, r]));
  const label = await itemLabeler(db);
  for (const a of allocations) {
    const r = byId.get(a.receivableId)!;
    const left = stillTakesCents(r);
    if (a.cents > left) throw new BizError(ReceivableText.overAllocated(label(r.item), centsToMoney(Math.max(left, 0)), centsToMoney(a.cents)));
  }
}

/**
 * Inserts a 待审核 payment and its allocations under a new 收款单号; answers its id. The number is
 * drawn at the end of the transaction (atCommit): the counter's row lock is the last one taken, after
 * the payments and receivables, so a payment being recorded never holds the counter while it waits
 * for a receivable another transaction holds (the deadlock of issue 29).
 */
export async function insertPayment(db: Db, actor: Actor, v: PaymentValues): Promise<string> {
  const { id } = await db
    .insertInto('payment')
    .values({
      company_id: actor.companyId,
      // Unique until the number is drawn; never seen outside this transaction.
      payment_no: `~${randomUUID()}`,
      customer_id: v.customerId,
      store_id: v.storeId,
      order_id: v.orderId ?? null,
      reservation_id: v.reservationId ?? null,
      method: v.method,
      amount: centsToMoney(v.amountCents),
      unapplied: centsToMoney(v.unappliedCents),
      paid_at: v.paidAt ?? new Date(),
      payer: v.payer ?? '',
      bank_ref: v.bankRef ?? '',
      invoice_no: v.invoiceNo ?? '',
      attachments: v.attachments ?? [],
      reversal_of: v.reversalOf ?? null,
      change_order_id: v.changeOrderId ?? null,
      remark: v.remark ?? '',
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (v.allocations.length > 0) {
    await db
      .insertInto('payment_allocation')
      .values(v.allocations.map((a) => ({ company_id: actor.companyId, payment_id: id, receivable_id: a.receivableId, amount: centsToMoney(a.cents) })))
      .execute();
  }
  await atCommit(db, NumberRuleCode.payment, async () => {
    const paymentNo = await nextNumber(asKysely(db), NumberRuleCode.payment);
    await db.updateTable('payment').set({ payment_no: paymentNo }).where('id', '=', id).execute();
  });
  return id;
}

/**
 * Counts an audited payment's allocations on their receivables (locked in id order): received moves
 * by each, status follows. Refused, changing nothing, when a receivable would be over-paid (a plan
 * cut below what pending payments had reserved) — only `unapplied` may hold excess.
 */
export async function countAllocations(db: Db, actor: Actor, paymentId: string, onlyReceivables?: string[]): Promise<void> {
  // `onlyReceivables`: the allocations just added to an already audited payment (a deposit applied later).
  const allocations = (await repo.allocationsOf(db, [paymentId])).filter((a) => !onlyReceivables || onlyReceivables.includes(a.receivable_id));
  const locked = await repo.lockReceivables(db, actor.companyId, allocations.map((a) => a.receivable_id));
  const byId = new Map(locked.map((r) => [r.id, r]));
  const label = await itemLabeler(db);
  const moves = allocations.map((a) => {
    const r = byId.get(a.receivable_id)!;
    const received = moneyToCents(r.received) + moneyToCents(a.amount);
    if (received > moneyToCents(r.amount) || received < 0) throw new BizError(ReceivableText.auditOverflow(label(r.item)));
    return { r, received };
  });
  for (const { r, received } of moves) await repo.moveReceived(db, actor.userId, r.id, centsToMoney(received), receivableStatusOf(moneyToCents(r.amount), received));
}
