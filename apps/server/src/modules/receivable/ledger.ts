import { sql, type Kysely } from 'kysely';
import { centsToMoney, moneyToCents, ReceivableText } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { lockReceivables } from './receivable.repo.js';

// The ledger rules of issue 29 (docs/ledger.md), one definition each:
// - the plan equals the price: Σ amount + Σ written_off = deal price + Σ plan_delta of approved change orders;
// - money owed by that rule: the price the plan must hold − what the plan received (audited allocations);
// - net money in: audited receipts − every refund and reversal not rejected (pending ones count at once),
//   the cap of a refund or a reversal.

/** Order states whose plan is fixed: changed only through a change order (调账, 换房, 续住, 升级). */
export const PLAN_FIXED_STATES: readonly string[] = ['confirmed', 'checked_in', 'checked_out', 'settled', 'cancelled'];

export interface PlanRule {
  /** The order's deal price. */
  dealCents: number;
  /** Σ plan_delta of its approved change orders (换房 differences on what is owed, 调账). */
  planDeltaCents: number;
  /** What a cancellation closed unpaid. */
  writtenOffCents: number;
  /** What the plan must hold: deal + change orders − write-offs. */
  expectedCents: number;
  /** What it holds: Σ receivable amount. */
  planCents: number;
  /** Σ audited money on the plan. */
  receivedCents: number;
  /** Money owed by the rule: expected − received (never the plan's own rows alone). */
  owedCents: number;
  /** Payments of the order still 待审核 (a receipt, a reversal or a refund): each would move what is owed once decided. */
  pendingPayments: number;
}

/** The plan rule of each order (ids of the company); orders without a row are left out. */
export async function planRules(db: Kysely<DB> | Db, companyId: string, orderIds: string[]): Promise<Map<string, PlanRule>> {
  const ids = [...new Set(orderIds)];
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('sales_order as o')
    .select([
      'o.id',
      sql<string>`o.deal_price::text`.as('deal'),
      sql<string>`coalesce((select sum(c.plan_delta) from change_order c where c.order_id = o.id and c.status = 'approved'), 0)::text`.as('plan_delta'),
      sql<string>`coalesce((select sum(r.written_off) from receivable r where r.order_id = o.id), 0)::text`.as('written_off'),
      sql<string>`coalesce((select sum(r.amount) from receivable r where r.order_id = o.id), 0)::text`.as('plan'),
      sql<string>`coalesce((select sum(r.received) from receivable r where r.order_id = o.id), 0)::text`.as('received'),
      sql<number>`(select count(*) from payment p where p.order_id = o.id and p.status = 'pending_audit')::int`.as('pending'),
    ])
    .where('o.company_id', '=', companyId)
    .where('o.id', 'in', ids)
    .execute();
  return new Map(
    rows.map((r) => {
      const dealCents = moneyToCents(r.deal);
      const planDeltaCents = moneyToCents(r.plan_delta);
      const writtenOffCents = moneyToCents(r.written_off);
      const expectedCents = dealCents + planDeltaCents - writtenOffCents;
      const receivedCents = moneyToCents(r.received);
      return [r.id, { dealCents, planDeltaCents, writtenOffCents, expectedCents, planCents: moneyToCents(r.plan), receivedCents, owedCents: expectedCents - receivedCents, pendingPayments: Number(r.pending) }];
    }),
  );
}

export async function planRule(db: Kysely<DB> | Db, companyId: string, orderId: string): Promise<PlanRule | undefined> {
  return (await planRules(db, companyId, [orderId])).get(orderId);
}

/**
 * Whether an order may be settled: its plan equals its price, nothing is owed by that rule, and no
 * payment waits for its audit (a pending reversal or refund would make it owe again once audited).
 */
export const settleable = (rule: PlanRule | undefined): boolean => Boolean(rule) && rule!.planCents === rule!.expectedCents && rule!.owedCents <= 0 && rule!.pendingPayments === 0;

/**
 * 结账's check of the whole truth, under the order's lock and its receivables' (so an audit moving what
 * they received waits for the settlement, or the settlement reads what it wrote): refused with the reason.
 */
export async function assertSettleable(db: Db, companyId: string, orderId: string): Promise<void> {
  const plan = await db.selectFrom('receivable').select('id').where('company_id', '=', companyId).where('order_id', '=', orderId).execute();
  await lockReceivables(db, companyId, plan.map((r) => r.id));
  const rule = (await planRule(db, companyId, orderId))!;
  if (rule.planCents !== rule.expectedCents) throw new BizError(ReceivableText.planMismatch(centsToMoney(rule.planCents), centsToMoney(rule.expectedCents)));
  if (rule.pendingPayments > 0) throw new BizError(ReceivableText.pendingAtSettle(rule.pendingPayments));
  if (rule.owedCents > 0) throw new BizError(ReceivableText.owedAtSettle(centsToMoney(rule.owedCents)));
}

/**
 * Net money in of an order: audited receipts (positive payments) less every refund and reversal not
 * rejected, pending ones included — what a new refund or reversal may at most take back.
 */
export async function netMoneyInCents(db: Db, companyId: string, orderId: string, exceptPaymentId?: string): Promise<number> {
  let q = db
    .selectFrom('payment')
    .select([
      sql<string>`coalesce(sum(amount) filter (where amount > 0 and status = 'audited'), 0)::text`.as('receipts'),
      sql<string>`coalesce(sum(amount) filter (where amount < 0 and status <> 'rejected'), 0)::text`.as('outflows'),
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId);
  if (exceptPaymentId) q = q.where('id', '<>', exceptPaymentId);
  const row = await q.executeTakeFirstOrThrow();
  return moneyToCents(row.receipts) + moneyToCents(row.outflows);
}

/**
 * The order's money lock: its sales_order row FOR NO KEY UPDATE (rows naming the order may still be inserted). Every refund, reversal and plan change takes
 * it before any payment or receivable lock, so caps are read and written under one lock.
 */
export async function lockOrderMoney(db: Db, companyId: string, orderId: string): Promise<void> {
  await db.selectFrom('sales_order').select('id').where('company_id', '=', companyId).where('id', '=', orderId).forNoKeyUpdate().executeTakeFirst();
}


/**
 * A reversal (冲销) of an audited receipt of an order, under the order's money lock: refused when the
 * order is 已结账 (it would owe again with no way back to 结账) and when the order's net money in would
 * fall below zero (the money was refunded or reversed already).
 */
export async function assertReversible(db: Db, companyId: string, original: { order_id: string | null; amount: string }): Promise<void> {
  if (!original.order_id) return;
  const order = await db.selectFrom('sales_order').select('status').where('company_id', '=', companyId).where('id', '=', original.order_id).executeTakeFirst();
  if (order?.status === 'settled') throw new BizError(ReceivableText.reverseSettled);
  const net = await netMoneyInCents(db, companyId, original.order_id);
  if (net - moneyToCents(original.amount) < 0) throw new BizError(ReceivableText.reverseBeyondNet(centsToMoney(Math.max(net, 0))));
}
