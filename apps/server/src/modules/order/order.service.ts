import type { Expression, Kysely, SqlBool } from 'kysely';
import {
  FourEyesText,
  centsToPrice,
  NumberRuleCode,
  orderEditable,
  orderMachine,
  orderResource,
  orderStatusLabel,
  OrderText,
  plannedCheckOutOf,
  priceCents,
  type Order,
  type OrderEvent,
  type OrderQuote,
  type OrderQuoteQuery,
  type OrderStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { enabledChannelExists } from '../channel/channel.service.js';
import { lockVisibleCustomer } from '../customer/customer.service.js';
import { lookupPrice } from '../finance-price/finance-price.service.js';
import { nextNumber } from '../number-rule/index.js';
import { productSnapshot, productStoreIds, productVersionById, roomTypeStoreId } from '../product/product.service.js';
import { enabledStoreExists } from '../store/store.service.js';
import { createDefaultPlan } from './order.plan.js';
import * as repo from './order.repo.js';
import { orderScopeOf } from './order.rules.js';

/** What an order is placed with (the add route's body, or the room hold's conversion). */
export interface OrderInput {
  customerId: string;
  storeId: string;
  productId: string;
  roomTypeId: string | null;
  days: number;
  plannedCheckIn: string | null;
  dealPrice: string;
  consultantId?: string | null;
  channelId?: string | null;
  remark?: string;
  /** The 订房预约 converted, and its deposit taken over (room-hold). */
  reservationId?: string | null;
  depositApplied?: string;
}

/** The caller's data scope of orders (rules by store, consultant, status …), alias `r`. */
export function orderScope(db: Kysely<DB>, session: SessionInfo): Promise<Expression<SqlBool>> {
  return orderScopeOf(db, session);
}

/** For other modules: the order in the caller's scope, locked for the transaction (404 / stale otherwise). */
export async function lockOrder(trx: Db, session: SessionInfo, id: string, version?: number): Promise<repo.OrderRow> {
  const row = await repo.lockRow(trx, session.companyId, id, await orderScope(trx as Kysely<DB>, session));
  if (!row) throw new NotFound();
  if (version !== undefined && row.version !== version) throw new StaleVersion();
  return row;
}

/** The reference and floor price in force on the planned check-in, and the planned check-out. */
export async function quoteOrder(db: Db, companyId: string, q: Required<OrderQuoteQuery>): Promise<OrderQuote> {
  const price = await lookupPrice(db, companyId, { productId: q.productId, storeId: q.storeId, roomTypeId: q.roomTypeId, days: q.days, date: q.plannedCheckIn });
  return { referencePrice: price.referencePrice, floorPrice: price.floorPrice, plannedCheckOut: plannedCheckOutOf(q.plannedCheckIn, q.days) };
}

/** Checks the references and prices the order: the columns an add or a draft's edit writes. */
async function termsOf(trx: Db, session: SessionInfo, input: OrderInput) {
  const { companyId } = session;
  const customer = await lockVisibleCustomer(trx as Kysely<DB>, session, input.customerId).catch((err: unknown) => {
    throw err instanceof NotFound ? new BizError(OrderText.customerMissing) : err;
  });
  if (!(await enabledStoreExists(trx as Kysely<DB>, companyId, input.storeId))) throw new BizError(OrderText.storeMissing);
  const stores = await productStoreIds(trx, companyId, input.productId);
  if (!stores) throw new BizError(OrderText.productMissing);
  if (!stores.includes(input.storeId)) throw new BizError(OrderText.notSoldInStore);
  if (input.roomTypeId && (await roomTypeStoreId(trx, companyId, input.roomTypeId)) !== input.storeId) throw new BizError(OrderText.roomTypeStore);
  if (!input.plannedCheckIn) throw new BizError(OrderText.checkInRequired);
  const consultantId = input.consultantId ?? customer.owner_id ?? null;
  if (consultantId && !(await repo.isEnabledMember(trx, companyId, consultantId))) throw new BizError(OrderText.consultantMissing);
  if (input.channelId && !(await enabledChannelExists(trx as Kysely<DB>, companyId, input.channelId))) throw new BizError(OrderText.channelMissing);
  const quote = await quoteOrder(trx, companyId, { productId: input.productId, storeId: input.storeId, roomTypeId: input.roomTypeId, days: input.days, plannedCheckIn: input.plannedCheckIn });
  const product = await productSnapshot(trx, companyId, input.productId);
  return {
    customer_id: input.customerId,
    store_id: input.storeId,
    product_id: input.productId,
    product_version_id: product.versionId,
    product_snapshot: JSON.stringify(product.snapshot),
    room_type_id: input.roomTypeId,
    days: input.days,
    planned_check_in: input.plannedCheckIn,
    planned_check_out: quote.plannedCheckOut,
    reference_price: quote.referencePrice,
    floor_price: quote.floorPrice,
    deal_price: input.dealPrice,
    discount: centsToPrice(priceCents(quote.referencePrice) - priceCents(input.dealPrice)),
    consultant_id: consultantId,
    channel_id: input.channelId ?? null,
    remark: input.remark ?? '',
  };
}

/** A new 草稿 order (the add route; the room hold converts through it with `reservationId`). */
export async function createOrder(trx: Db, session: SessionInfo, input: OrderInput): Promise<{ id: string; orderNo: string }> {
  const terms = await termsOf(trx, session, input);
  const orderNo = await nextNumber(trx as Kysely<DB>, NumberRuleCode.order);
  const { id } = await trx
    .insertInto('sales_order')
    .values({
      ...terms,
      company_id: session.companyId,
      order_no: orderNo,
      reservation_id: input.reservationId ?? null,
      deposit_applied: input.depositApplied ?? '0',
      created_by: session.userId,
      updated_by: session.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  // A 店长 places orders in her own stores only: the new row must be one she may see.
  if (!(await repo.inScope(trx, session.companyId, id, await orderScope(trx as Kysely<DB>, session)))) throw new BizError(OrderText.outOfScope);
  return { id, orderNo };
}

/** A draft's edit at the version the caller saw: the references checked and the prices looked up again. */
export async function editOrder(trx: Db, session: SessionInfo, id: string, version: number, input: OrderInput): Promise<void> {
  const row = await lockOrder(trx, session, id, version);
  if (!orderEditable(row.status)) throw new BizError(OrderText.notEditable(orderStatusLabel(row.status)));
  const terms = await termsOf(trx, session, input);
  await trx
    .updateTable('sales_order')
    .set({ ...terms, version: row.version + 1, updated_by: session.userId, updated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', session.companyId)
    .execute();
  if (!(await repo.inScope(trx, session.companyId, id, await orderScope(trx as Kysely<DB>, session)))) throw new BizError(OrderText.outOfScope);
}

/**
 * For other modules, inside their transaction: moves the order by `event` through orderMachine,
 * recorded in state_change. A deal below the floor is confirmed only through 折扣审批 (`approve`
 * records who and when); reaching 已确认 writes the default receivable plan.
 */
export async function moveOrder(
  trx: Db,
  actor: Actor,
  id: string,
  event: OrderEvent,
  options: { set?: Record<string, unknown>; reason?: string; version?: number } = {},
): Promise<{ from: OrderStatus; to: OrderStatus; version: number }> {
  const moved = await transition(trx, actor, {
    machine: orderMachine,
    table: orderResource.table,
    id,
    event,
    version: options.version,
    reason: options.reason,
    set: async () => {
      const row = await trx.selectFrom('sales_order').select(['deal_price', 'floor_price']).where('id', '=', id).executeTakeFirstOrThrow();
      if (event === 'confirm' && priceCents(row.deal_price) < priceCents(row.floor_price)) throw new BizError(OrderText.needsApproval);
      if (event === 'submitForApproval' && priceCents(row.deal_price) >= priceCents(row.floor_price)) throw new BizError(OrderText.noApprovalNeeded);
      const stamps: Record<string, unknown> = {};
      if (event === 'approve') Object.assign(stamps, { approved_by: actor.userId, approved_at: new Date() });
      if (event === 'checkIn') stamps.checked_in_at = new Date();
      if (event === 'checkOut') stamps.checked_out_at = new Date();
      if (event === 'settle') stamps.settled_at = new Date();
      if (event === 'cancel') Object.assign(stamps, { cancelled_at: new Date(), cancel_reason: options.reason ?? '' });
      return { ...stamps, ...options.set };
    },
  });
  if (moved.to === 'confirmed') await createDefaultPlan(trx, actor, id);
  return moved;
}

/** 提交: 已确认 at or above the floor price, 待审核 (折扣审批) below it. */
export async function submitOrder(trx: Db, session: SessionInfo, id: string, version?: number): Promise<void> {
  const row = await lockOrder(trx, session, id, version);
  const below = priceCents(row.deal_price) < priceCents(row.floor_price);
  await moveOrder(trx, session, id, below ? 'submitForApproval' : 'confirm', { version });
}

/**
 * 折扣审批: 审批通过 (已确认, who and when recorded) or 驳回 (back to 草稿) with the remark. `notOwn`
 * (fourEyes of this transaction): whoever created the order does not approve it.
 */
export async function decideDiscount(
  trx: Db,
  session: SessionInfo,
  id: string,
  approve: boolean,
  remark: string,
  version: number | undefined,
  notOwn: (createdBy: string | null | undefined, userId: string, text: string) => void,
): Promise<void> {
  const row = await lockOrder(trx, session, id, version);
  if (approve) notOwn(row.created_by, session.userId, FourEyesText.order);
  await moveOrder(trx, session, id, approve ? 'approve' : 'reject', { version, reason: remark, set: { approval_remark: remark } });
}

/**
 * For approved change orders, inside their transaction: more days (planned check-out moves), another
 * product version (upgrade; its snapshot copied) and the deal price changed by a delta.
 */
export async function changeOrderTerms(trx: Db, actor: Actor, id: string, change: { addDays?: number; productVersionId?: string; dealPriceDelta?: string }): Promise<void> {
  const row = await trx.selectFrom('sales_order').selectAll().where('id', '=', id).where('company_id', '=', actor.companyId).forNoKeyUpdate().executeTakeFirst();
  if (!row) throw new NotFound();
  if (!['confirmed', 'checked_in'].includes(row.status)) throw new BizError(OrderText.notChangeable(orderStatusLabel(row.status)));
  const days = row.days + (change.addDays ?? 0);
  if (days < 1) throw new BizError(OrderText.badDays);
  const deal = priceCents(row.deal_price) + priceCents(change.dealPriceDelta ?? '0');
  if (deal < 0) throw new BizError(OrderText.negativeDeal);
  // An upgrade is priced at the new product's reference scaled by the order's deal ÷ reference, so the
  // reference moves in the same ratio as the deal and the discount stays the order's own.
  const oldDeal = priceCents(row.deal_price);
  const reference = change.productVersionId && oldDeal > 0 ? Math.round((priceCents(row.reference_price) * deal) / oldDeal) : priceCents(row.reference_price);
  const values: Record<string, unknown> = {
    days,
    planned_check_out: row.planned_check_in ? plannedCheckOutOf(row.planned_check_in, days) : null,
    deal_price: centsToPrice(deal),
    reference_price: centsToPrice(reference),
    discount: centsToPrice(reference - deal),
  };
  if (change.productVersionId) {
    const version = await productVersionById(trx, actor.companyId, change.productVersionId);
    Object.assign(values, { product_id: version.productId, product_version_id: version.versionId, product_snapshot: JSON.stringify(version.snapshot) });
  }
  await trx
    .updateTable('sales_order')
    .set({ ...values, version: row.version + 1, updated_by: actor.userId, updated_at: new Date() })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
}

/** Orders as the API answers them: with the names of what they reference (orderListView). */
const records = crudRepo(orderResource, repo.orderListView);

type OrderQ = Record<string, unknown> & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };

/** A page of the orders the caller may see: one statement with the names and the capped count. */
export async function listOrders(db: Kysely<DB>, session: SessionInfo, q: OrderQ) {
  const page = await records.page(db, session, q, await orderScope(db, session));
  return { ...page, rows: page.rows as Order[] };
}

/** Every order the caller may see matching the list's filters (the export), in the list's order. */
export async function exportOrders(db: Kysely<DB>, session: SessionInfo, q: Record<string, unknown>): Promise<Order[]> {
  return (await records.all(db, session, q, 10_000, await orderScope(db, session))) as Order[];
}

/** An order the caller may see, as answered (404 otherwise). */
export async function getOrder(db: Kysely<DB>, session: SessionInfo, id: string): Promise<Order> {
  const found = await records.find(db, session, id, await orderScope(db, session));
  if (!found) throw new NotFound();
  return found as Order;
}

/** For 客户360: the customer's orders the caller may see, newest first. */
export async function ordersOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string): Promise<Order[]> {
  return (await records.all(db, session, { customerId }, 500, await orderScope(db, session))) as Order[];
}
