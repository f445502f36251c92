import {
  changeRoomAmount,
  ChangeOrderText,
  extendLine,
  fromCents,
  moneyToCents,
  nightsBetween,
  orderStatusLabel,
  toCents,
  upgradeLine,
  type ChangeOrderAddParsed,
  type OrderStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { AppError, BizError } from '../../platform/errors.js';
import { shanghaiDate } from '../../platform/time.js';
import { lookupPrice } from '../finance-price/finance-price.service.js';
import { lockOrder } from '../order/order.service.js';
import { productSnapshot, productStoreIds } from '../product/product.service.js';
import { netMoneyInCents } from '../receivable/ledger.js';
import * as repo from './change-order.repo.js';

export type OrderRow = Awaited<ReturnType<typeof lockOrder>>;

/** What a change order of an order would be: the kind's columns and the amount the server computes. */
export interface PricedChange {
  order: OrderRow;
  columns: Pick<repo.NewChangeOrder, 'days' | 'from_room_id' | 'to_room_id' | 'from_product_id' | 'to_product_id' | 'to_product_version_id' | 'effective_date'>;
  amountCents: number;
  /** 续住 / 升级: the line's reference price and discount (0 for other kinds). */
  referenceCents: number;
  discountCents: number;
  basis: string;
  fromRoomNo: string | null;
  /** 调账: the receivable adjusted. */
  receivableId?: string;
}

const CHANGEABLE: OrderStatus[] = ['confirmed', 'checked_in'];
/** A 调账 also fixes the plan of an order checked out and not yet settled (so it can be settled). */
const ADJUSTABLE: OrderStatus[] = ['confirmed', 'checked_in', 'checked_out'];

export const todayInShanghai = () => shanghaiDate();

/** The order (in the caller's scope, locked) and the change priced by the rules of change-order.pricing (shared). */
export async function priceChange(trx: Db, session: SessionInfo, input: ChangeOrderAddParsed, exceptId?: string): Promise<PricedChange> {
  const order = await lockOrder(trx, session, input.orderId).catch((err: unknown) => {
    throw err instanceof AppError && !(err instanceof BizError) ? new BizError(ChangeOrderText.orderMissing) : err;
  });
  const { companyId } = session;
  // The order keeps its signed deal (docs/ledger.md): its days less the nights of approved 续住 are the
  // signed days; the present terms add the lines of its approved 续住 / 升级.
  const lines = await repo.appliedLinesOf(trx, companyId, order.id);
  const signed = { days: order.days - lines.days, dealPriceCents: toCents(order.deal_price), referencePriceCents: toCents(order.reference_price) };
  const present = { dealPriceCents: signed.dealPriceCents + moneyToCents(lines.amount), referencePriceCents: signed.referencePriceCents + moneyToCents(lines.reference) };
  if (input.kind !== 'refund' && input.kind !== 'adjust' && !CHANGEABLE.includes(order.status)) throw new BizError(ChangeOrderText.orderNotLive(orderStatusLabel(order.status)));
  const none = { days: 0, from_room_id: null, to_room_id: null, from_product_id: null, to_product_id: null, to_product_version_id: null, effective_date: null };

  if (input.kind === 'extend') {
    const longer = await lookupPrice(trx, companyId, { productId: order.product_id, storeId: order.store_id, roomTypeId: order.room_type_id, days: order.days + input.days, date: todayInShanghai() }).catch(
      (err: unknown) => {
        if (err instanceof BizError) return null;
        throw err;
      },
    );
    const priced = extendLine(signed, present, input.days, longer ? toCents(longer.referencePrice) : null);
    const basis =
      priced.basis === 'financePrice'
        ? `按${order.days + input.days}天财务定价参考价 ${longer!.referencePrice} 元（保持订单折扣）减现成交价 ${fromCents(present.dealPriceCents)} 元`
        : `按签约成交价 ${order.deal_price} 元 ÷ ${signed.days} 天 × ${input.days} 天`;
    return { order, columns: { ...none, days: input.days }, amountCents: priced.cents, referenceCents: priced.referenceCents, discountCents: priced.discountCents, basis, fromRoomNo: null };
  }

  if (input.kind === 'change_room') {
    const stays = await repo.activeStaysOf(trx, companyId, order.id);
    if (stays.length === 0) throw new BizError(ChangeOrderText.noStay);
    const stay = stays.find((s) => s.start_date <= input.effectiveDate && input.effectiveDate < s.end_date);
    if (!stay) throw new BizError(ChangeOrderText.notEffectiveDate);
    if (stay.room_id === input.toRoomId) throw new BizError(ChangeOrderText.sameRoom);
    const lastNight = stays[stays.length - 1]!.end_date;
    const rooms = await repo.roomsWithTypePrice(trx, companyId, [stay.room_id, input.toRoomId]);
    const from = rooms.find((r) => r.id === stay.room_id);
    const to = rooms.find((r) => r.id === input.toRoomId);
    if (!from || !to || to.store_id !== order.store_id) throw new BizError(ChangeOrderText.roomMissing);
    const nights = nightsBetween(input.effectiveDate, lastNight);
    const cents = changeRoomAmount(toCents(from.daily_price), toCents(to.daily_price), nights);
    const basis = `（新房型日价 ${to.daily_price} − 原房型日价 ${from.daily_price}）× 剩余 ${nights} 晚`;
    return { order, columns: { ...none, from_room_id: from.id, to_room_id: to.id, effective_date: input.effectiveDate }, amountCents: cents, referenceCents: 0, discountCents: 0, basis, fromRoomNo: from.room_no };
  }

  if (input.kind === 'upgrade') {
    if (input.toProductId === order.product_id) throw new BizError(ChangeOrderText.sameProduct);
    const stores = await productStoreIds(trx, companyId, input.toProductId);
    if (!stores?.includes(order.store_id)) throw new BizError(ChangeOrderText.productNotSold);
    const version = await productSnapshot(trx, companyId, input.toProductId);
    const price = await lookupPrice(trx, companyId, {
      productId: input.toProductId,
      storeId: order.store_id,
      roomTypeId: version.snapshot.roomTypeId ?? order.room_type_id,
      days: order.days,
      date: todayInShanghai(),
    });
    const line = upgradeLine(signed, present, toCents(price.referencePrice));
    const basis = `（新产品参考价 ${price.referencePrice} − 订单现参考价 ${fromCents(present.referencePriceCents)}）× 签约成交价 ÷ 签约参考价`;
    const columns = { ...none, from_product_id: order.product_id, to_product_id: input.toProductId, to_product_version_id: version.versionId };
    return { order, columns, amountCents: line.cents, referenceCents: line.referenceCents, discountCents: line.discountCents, basis, fromRoomNo: null };
  }

  if (input.kind === 'adjust') {
    if (!ADJUSTABLE.includes(order.status)) throw new BizError(ChangeOrderText.adjustOrderState(orderStatusLabel(order.status)));
    const line = await trx
      .selectFrom('receivable')
      .select(['id', 'item', 'amount', 'received'])
      .where('company_id', '=', companyId)
      .where('order_id', '=', order.id)
      .where('id', '=', input.receivableId)
      .executeTakeFirst();
    if (!line) throw new BizError(ChangeOrderText.adjustReceivableMissing);
    const cents = toCents(input.amount) - toCents(line.amount);
    if (cents === 0) throw new BizError(ChangeOrderText.adjustSameAmount);
    if (toCents(input.amount) < toCents(line.received)) throw new BizError(ChangeOrderText.adjustBelowTaken(fromCents(toCents(line.received))));
    const basis = `应收由 ${fromCents(toCents(line.amount))} 元调整为 ${fromCents(toCents(input.amount))} 元`;
    return { order, columns: none, amountCents: cents, referenceCents: 0, discountCents: 0, basis, fromRoomNo: null, receivableId: line.id };
  }

  const cents = toCents(input.amount);
  await assertRefundable(trx, companyId, order.id, cents, exceptId);
  return { order, columns: none, amountCents: -cents, referenceCents: 0, discountCents: 0, basis: '退款金额', fromRoomNo: null };
}

/**
 * A refund of an order never exceeds its net money in (audited receipts less every refund and reversal
 * not rejected, pending ones included — docs/ledger.md), less the other refunds asked for and not yet
 * decided. Callers that write the refund hold the order's money lock (ledger.lockOrderMoney).
 */
export async function assertRefundable(trx: Db, companyId: string, orderId: string, cents: number, exceptId?: string): Promise<void> {
  const net = await netMoneyInCents(trx, companyId, orderId);
  const max = Math.max(0, net - (await repo.undecidedRefundCents(trx, companyId, orderId, exceptId)));
  if (cents > max) throw new BizError(ChangeOrderText.refundTooMuch(fromCents(max)));
}

