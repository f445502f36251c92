import { centsToPrice, priceCents } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { shanghaiDate } from '../../platform/time.js';
import { applyOrderDeposits, createReceivables, type ReceivableItemInput } from '../receivable/receivable.service.js';


/**
 * The plan of an order's deal price: 定金 = the deposit taken over from its room hold (due now), 首付 =
 * half of the rest in whole yuan (due before check-in, by the planned check-in), 尾款 = the remainder
 * (due on the planned check-out). Zero lines are left out.
 */
export function defaultPlan(o: { dealPrice: string; depositApplied: string; plannedCheckIn: string; plannedCheckOut: string; today: string }): ReceivableItemInput[] {
  const deposit = Math.min(priceCents(o.depositApplied), priceCents(o.dealPrice));
  const rest = priceCents(o.dealPrice) - deposit;
  const first = Math.floor(rest / 200) * 100;
  const lines: ReceivableItemInput[] = [
    { item: 'deposit', dueDate: o.today < o.plannedCheckIn ? o.today : o.plannedCheckIn, amount: centsToPrice(deposit), dueBeforeCheckIn: true },
    { item: 'first_payment', dueDate: o.plannedCheckIn, amount: centsToPrice(first), dueBeforeCheckIn: true },
    { item: 'final_payment', dueDate: o.plannedCheckOut, amount: centsToPrice(rest - first) },
  ];
  return lines.filter((l) => priceCents(String(l.amount)) > 0);
}

/** On reaching 已确认 (inside the move's transaction): the order's default receivable plan, its deposits applied. */
export async function createDefaultPlan(trx: Db, actor: Actor, orderId: string): Promise<void> {
  const o = await trx
    .selectFrom('sales_order')
    .select(['id', 'customer_id', 'store_id', 'deal_price', 'deposit_applied', 'planned_check_in', 'planned_check_out'])
    .where('id', '=', orderId)
    .where('company_id', '=', actor.companyId)
    .executeTakeFirstOrThrow();
  const today = shanghaiDate();
  const checkIn = o.planned_check_in ?? today;
  const lines = defaultPlan({ dealPrice: o.deal_price, depositApplied: o.deposit_applied, plannedCheckIn: checkIn, plannedCheckOut: o.planned_check_out ?? checkIn, today });
  await createReceivables(trx, actor, { id: o.id, customerId: o.customer_id, storeId: o.store_id }, lines);
  // A hold's deposit carried over while the order was a draft pays its 定金 now.
  await applyOrderDeposits(trx, actor, o.id);
}
