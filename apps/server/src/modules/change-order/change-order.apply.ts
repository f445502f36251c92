import { ChangeOrderText, fromCents, toCents } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { BizError } from '../../platform/errors.js';
import { changeOrderTerms } from '../order/order.service.js';
import { createReceivables, createRefund } from '../receivable/receivable.service.js';
import { extendStay, moveStay } from '../room-stay/room-stay.service.js';
import { assertRefundable, todayInShanghai } from './change-order.pricing.js';
import * as repo from './change-order.repo.js';

type Row = NonNullable<repo.ChangeOrderRow>;

/** The refund's payment method until finance pays it out (it audits and may record otherwise). */
const REFUND_METHOD = 'transfer';

/**
 * Applies an approved change order inside the approval's transaction: the order's terms, the stay and
 * the money. Any refusal (a night taken by another order …) throws, so the caller's transaction rolls
 * back and nothing of it stays; the message says why.
 */
export async function applyChangeOrder(trx: Db, actor: Actor, row: Row): Promise<{ receivableId: string | null; refundPaymentId: string | null }> {
  try {
    return await applyKind(trx, actor, row);
  } catch (err) {
    if (err instanceof BizError) throw new BizError(ChangeOrderText.applyFailed(err.message));
    throw err;
  }
}

async function applyKind(trx: Db, actor: Actor, row: Row) {
  const cents = toCents(row.amount_delta);
  const orderId = row.order_id;
  const money = async (item: string, remark: string) => {
    if (!orderId || cents === 0) return { receivableId: null, refundPaymentId: null };
    if (cents > 0) {
      const [id] = await createReceivables(trx, actor, { id: orderId, customerId: row.customer_id, storeId: row.store_id }, [
        { item, dueDate: todayInShanghai(), amount: fromCents(cents), changeOrderId: row.id, remark: `${row.change_no} ${remark}` },
      ]);
      return { receivableId: id!, refundPaymentId: null };
    }
    return { receivableId: null, refundPaymentId: await refund(trx, actor, row, -cents) };
  };

  switch (row.kind) {
    case 'extend': {
      await changeOrderTerms(trx, actor, orderId!, { addDays: row.days, dealPriceDelta: row.amount_delta });
      // An order not yet given a room has only its terms extended; its stay is assigned for the new length.
      if ((await repo.activeStaysOf(trx, actor.companyId, orderId!)).length > 0) await extendStay(trx, actor, orderId!, row.days);
      return money('extension', `续住${row.days}天`);
    }
    case 'change_room':
      await moveStay(trx, actor, orderId!, row.to_room_id!, row.effective_date!);
      return money('other', '换房差价');
    case 'upgrade':
      await changeOrderTerms(trx, actor, orderId!, { productVersionId: row.to_product_version_id!, dealPriceDelta: row.amount_delta });
      return money('upgrade', '升级差价');
    case 'refund':
      if (orderId) await assertRefundable(trx, actor.companyId, orderId, -cents, row.id);
      return { receivableId: null, refundPaymentId: await refund(trx, actor, row, -cents) };
  }
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
