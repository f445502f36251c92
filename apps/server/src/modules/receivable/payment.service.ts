import type { Kysely } from 'kysely';
import { centsToMoney, FourEyesText, moneyToCents, paymentMachine, ReceivableText, toPageResult, type PageResult, type PaymentRecord } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { uniqueViolation, type Actor } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { inTransaction } from '../../platform/db/transaction.js';
import type { LocalFileStorage } from '../../platform/storage.js';
import { shanghaiInstant } from '../../platform/time.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { fourEyes } from '../system/four-eyes.js';
import { isOwnImage } from '../upload/upload.service.js';
import { assertReversible, lockOrderMoney } from './ledger.js';
import { checkAllocations, countAllocations, insertPayment } from './payment.core.js';
import * as list from './receivable.list.js';
import * as repo from './receivable.repo.js';
import { paymentScope, receivableScope } from './receivable.rules.js';

// 收款 from its page: record against receivables of one order, 审核, 驳回, 冲销 — in the caller's scope.

const actor = (s: SessionInfo): Actor => ({ companyId: s.companyId, userId: s.userId });

export interface RecordPaymentInput {
  orderId: string;
  method: string;
  amount: string;
  /** Shanghai wall clock, `YYYY-MM-DD HH:mm[:ss]`. */
  paidAt: string;
  payer?: string;
  bankRef?: string;
  invoiceNo?: string;
  attachments?: string[];
  remark?: string;
  allocations: { receivableId: string; amount: string }[];
  /** 记为预收/超额: what the receivables do not take stays on the payment as `unapplied`. */
  advance?: boolean;
}

/**
 * A 待审核 payment against receivables of one order (each at most what it still owes, pending
 * payments deducted); an amount beyond them is refused unless recorded as 预收/超额. The receivables
 * are locked (id order) so concurrent payments cannot reserve the same money twice.
 */
export async function recordPayment(db: Kysely<DB>, storage: LocalFileStorage, session: SessionInfo, input: RecordPaymentInput): Promise<{ id: string }> {
  const amount = moneyToCents(input.amount);
  if (amount <= 0) throw new BizError(ReceivableText.paymentAmountPositive);
  const allocations = input.allocations.map((a) => ({ receivableId: a.receivableId, cents: moneyToCents(a.amount) })).filter((a) => a.cents !== 0);
  if (allocations.some((a) => a.cents < 0)) throw new BizError(ReceivableText.allocationPositive);
  if (new Set(allocations.map((a) => a.receivableId)).size !== allocations.length) throw new BizError(ReceivableText.notOfOrder);
  if (allocations.length === 0 && !input.advance) throw new BizError(ReceivableText.allocationRequired);
  const allocated = allocations.reduce((s, a) => s + a.cents, 0);
  if (allocated > amount) throw new BizError(ReceivableText.allocationsAboveAmount);
  if (allocated < amount && !input.advance) throw new BizError(ReceivableText.excessNeedsAdvance(centsToMoney(amount - allocated)));
  for (const path of input.attachments ?? []) if (!(await isOwnImage(storage, session, path))) throw new BizError(ReceivableText.badAttachment);
  const scope = await receivableScope(db, session);
  return inTransaction(db, async (trx) => {
    // The order is the caller's when one of its receivables is in the caller's scope.
    const plan = await trx
      .selectFrom('receivable as r')
      .select(['r.id', 'r.customer_id', 'r.store_id'])
      .where('r.company_id', '=', session.companyId)
      .where('r.order_id', '=', input.orderId)
      .where(scope)
      .orderBy('r.id')
      .execute();
    if (plan.length === 0) throw new BizError(ReceivableText.orderHasNoPlan);
    const ids = new Set(plan.map((r) => r.id));
    if (allocations.some((a) => !ids.has(a.receivableId))) throw new BizError(ReceivableText.notOfOrder);
    const locked = await repo.lockReceivables(trx, session.companyId, allocations.map((a) => a.receivableId));
    await checkAllocations(trx, locked, allocations);
    const id = await insertPayment(trx, actor(session), {
      customerId: plan[0]!.customer_id,
      storeId: plan[0]!.store_id,
      orderId: input.orderId,
      method: input.method,
      amountCents: amount,
      unappliedCents: amount - allocated,
      paidAt: shanghaiInstant(input.paidAt),
      payer: input.payer,
      bankRef: input.bankRef,
      invoiceNo: input.invoiceNo,
      attachments: input.attachments,
      remark: input.remark,
      allocations,
    });
    return { id };
  });
}

/**
 * 审核: the payment moves to 已审核 and its allocations count on their receivables (locked after it, in
 * id order). Not by whoever recorded it (收款, 冲销 or 退款) unless 系统配置 allows one person both.
 */
export async function auditPayment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version?: number }): Promise<void> {
  const scope = await paymentScope(db, session);
  await inTransaction(db, (trx) =>
    transition(trx, actor(session), {
      machine: paymentMachine,
      table: 'payment',
      alias: 'p',
      id: input.id,
      event: 'audit',
      version: input.version,
      scope,
      set: async () => {
        // The row is locked by now (transition), so its creator and kind are the ones audited.
        const row = await trx.selectFrom('payment').select(['created_by', 'reversal_of', 'change_order_id', 'amount']).where('id', '=', input.id).executeTakeFirstOrThrow();
        const text = row.reversal_of ? FourEyesText.reversal : moneyToCents(row.amount) < 0 ? FourEyesText.refund : FourEyesText.payment;
        (await fourEyes(trx))(row.created_by, session.userId, text);
        await countAllocations(trx, actor(session), input.id);
        return { audited_by: session.userId, audited_at: new Date() };
      },
    }),
  );
}

/** 驳回 with its reason: nothing counts; the allocations it reserved are free again. */
export async function rejectPayment(db: Kysely<DB>, session: SessionInfo, input: { id: string; version?: number; reason: string }): Promise<void> {
  const reason = input.reason.trim();
  if (!reason) throw new BizError(ReceivableText.rejectReasonRequired);
  const scope = await paymentScope(db, session);
  await inTransaction(db, (trx) =>
    transition(trx, actor(session), {
      machine: paymentMachine,
      table: 'payment',
      alias: 'p',
      id: input.id,
      event: 'reject',
      version: input.version,
      scope,
      reason,
      set: { audited_by: session.userId, audited_at: new Date(), reject_reason: reason },
    }),
  );
}

/**
 * 冲销: a new 待审核 negative payment naming the original (已审核, positive, not reversed yet) with
 * the negative of each allocation; it counts once audited.
 */
export async function reversePayment(db: Kysely<DB>, session: SessionInfo, input: { id: string; reason?: string }): Promise<{ id: string }> {
  const scope = await paymentScope(db, session);
  return inTransaction(db, async (trx) => {
    const visible = await trx.selectFrom('payment as p').select('p.id').where('p.company_id', '=', session.companyId).where('p.id', '=', input.id).where(scope).executeTakeFirst();
    if (!visible) throw new NotFound();
    // The order's money lock first (docs/ledger.md), then the payment.
    const ofOrder = await trx.selectFrom('payment').select('order_id').where('id', '=', input.id).executeTakeFirstOrThrow();
    if (ofOrder.order_id) await lockOrderMoney(trx, session.companyId, ofOrder.order_id);
    const original = (await repo.lockPayment(trx, session.companyId, input.id))!;
    if (original.status !== 'audited') throw new BizError(ReceivableText.reverseOnlyAudited);
    if (moneyToCents(original.amount) < 0) throw new BizError(ReceivableText.reverseOnlyPositive);
    const live = await trx.selectFrom('payment').select('id').where('reversal_of', '=', original.id).where('status', '<>', 'rejected').executeTakeFirst();
    if (live) throw new BizError(ReceivableText.alreadyReversed);
    await assertReversible(trx, session.companyId, original);
    const allocations = await repo.allocationsOf(trx, [original.id]);
    const reason = input.reason?.trim();
    const id = await insertPayment(trx, actor(session), {
      customerId: original.customer_id,
      storeId: original.store_id,
      orderId: original.order_id,
      reservationId: original.reservation_id,
      method: original.method,
      amountCents: -moneyToCents(original.amount),
      unappliedCents: -moneyToCents(original.unapplied),
      reversalOf: original.id,
      remark: reason ? `${ReceivableText.reversalRemark(original.payment_no)}：${reason}` : ReceivableText.reversalRemark(original.payment_no),
      allocations: allocations.map((a) => ({ receivableId: a.receivable_id, cents: -moneyToCents(a.amount) })),
    }).catch(uniqueViolation(ReceivableText.alreadyReversed));
    return { id };
  });
}

// ---- reads ----------------------------------------------------------------------------------------

export async function listPayments(db: Kysely<DB>, session: SessionInfo, q: list.PaymentFilters & { pageNo: number; pageSize: number }): Promise<PageResult<PaymentRecord>> {
  const page = await list.pagePayments(db, session.companyId, await paymentScope(db, session), q);
  return toPageResult(page.rows, page.total, q, page.capped);
}

export async function exportPayments(db: Kysely<DB>, session: SessionInfo, q: list.PaymentFilters): Promise<PaymentRecord[]> {
  return list.allPayments(db, session.companyId, await paymentScope(db, session), q, 10_000);
}

export async function getPayment(db: Kysely<DB>, session: SessionInfo, id: string): Promise<PaymentRecord> {
  const found = await list.findPayment(db, session.companyId, await paymentScope(db, session), id);
  if (!found) throw new NotFound();
  return found;
}
