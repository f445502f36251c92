import type { Kysely } from 'kysely';
import { fromCents, type OrderCancel } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { inTransaction } from '../../platform/db/transaction.js';
import { voidForCancel } from '../contract/contract.service.js';
import { moveCustomerStatus } from '../customer/customer.service.js';
import { lockOrder, moveOrder } from '../order/order.service.js';
import { netMoneyInCents } from '../receivable/ledger.js';
import { writeOffOpen } from '../receivable/receivable.service.js';
import { releaseStays } from '../room-stay/room-stay.service.js';
import { createRefundChangeOrder } from './change-order.service.js';
import * as repo from './change-order.repo.js';

/**
 * 取消订单, in one transaction: the order → 已取消 (refused from 已入住 on), its stays released, its
 * live contract voided, its open receivables written off at what was received, the customer back to
 * 意向客户 where her status allows, and — when money was paid in and not yet asked back — a 退款
 * change order (待审核) for it. Any refusal leaves everything as it was.
 */
export async function cancelOrder(db: Kysely<DB>, session: SessionInfo, input: OrderCancel): Promise<{ orderId: string; refundChangeOrderId: string | null; refundAmount: string }> {
  const reason = input.reason.trim();
  return inTransaction(db, async (trx) => {
    const order = await lockOrder(trx, session, input.id, input.version);
    await moveOrder(trx, session, order.id, 'cancel', { reason, version: input.version });
    await releaseStays(trx, session, { orderId: order.id });
    await voidForCancel(trx, session, order.id, reason);
    await writeOffOpen(trx, session, order.id);
    await moveCustomerStatus(trx, session, order.customer_id, 'contractVoided', { ifAllowed: true, reason: `订单${order.order_no}取消` });
    // What may still go back: net money in (refunds and reversals, pending ones too, deducted) less refunds asked for.
    const owed = (await netMoneyInCents(trx, session.companyId, order.id)) - (await repo.undecidedRefundCents(trx, session.companyId, order.id));
    if (owed <= 0) return { orderId: order.id, refundChangeOrderId: null, refundAmount: '0.00' };
    const refund = await createRefundChangeOrder(trx, session, {
      orderId: order.id,
      customerId: order.customer_id,
      storeId: order.store_id,
      amount: fromCents(owed),
      reason: `订单${order.order_no}取消退款：${reason}`,
    });
    return { orderId: order.id, refundChangeOrderId: refund.id, refundAmount: fromCents(owed) };
  });
}
