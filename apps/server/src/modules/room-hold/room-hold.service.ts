import { sql, type Kysely, type SqlBool } from 'kysely';
import {
  addDays,
  EXPORT_MAX_ROWS,
  formatDateTime,
  NumberRuleCode,
  ROOM_OUT_OF_SERVICE,
  roomHoldMachine,
  RoomHoldText,
  roomStatusLabel,
  toCents,
  toPageResult,
  type PageResult,
  type RoomHold,
  type RoomHoldAssign,
  type RoomHoldCancel,
  type RoomHoldConvert,
  type RoomHoldCreate,
  type RoomHoldEvent,
  type RoomHoldListQuery,
  type RoomStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import { recordMapper } from '../../platform/db/records.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import { shanghaiInstant } from '../../platform/time.js';
import { createRefundChangeOrder } from '../change-order/change-order.service.js';
import { lockVisibleCustomer } from '../customer/customer.service.js';
import { nextNumber } from '../number-rule/index.js';
import { createOrder } from '../order/order.service.js';
import { applyDeposit, recordDeposit } from '../receivable/receivable.service.js';
import { reservationScope } from '../reservation/reservation.rules.js';
import { isEnabledRoomTypeOfStore, roomTypeOptions } from '../room-type/room-type.service.js';
import { assignStay, releaseStays, transferHoldStay } from '../room-stay/room-stay.service.js';
import { roomScope } from '../room/room.rules.js';
import { enabledStoreExists } from '../store/store.service.js';
import * as repo from './room-hold.repo.js';

// Rooms a hold may not take (room-stay refuses them too; checked first so the form's refusal names the room).
const UNAVAILABLE: readonly string[] = ROOM_OUT_OF_SERVICE;

const toHold = recordMapper<RoomHold>();

/** Holds follow the 预约 data rules (`/crm/reservation`). */
const holdScope = (db: Db, session: SessionInfo) => reservationScope(db as Kysely<DB>, session);

export async function pageHolds(db: Kysely<DB>, session: SessionInfo, q: RoomHoldListQuery): Promise<PageResult<RoomHold>> {
  const { rows, total } = await repo.pageHolds(db, session.companyId, await holdScope(db, session), q);
  return toPageResult(rows.map(toHold), total, q);
}

export async function exportHolds(db: Kysely<DB>, session: SessionInfo, q: RoomHoldListQuery): Promise<RoomHold[]> {
  return (await repo.listHolds(db, session.companyId, await holdScope(db, session), q, EXPORT_MAX_ROWS)).map(toHold);
}

export async function getHold(db: Kysely<DB>, session: SessionInfo, id: string): Promise<RoomHold> {
  const row = await repo.findHold(db, session.companyId, await holdScope(db, session), id);
  if (!row) throw new NotFound();
  return toHold(row);
}

/** For the customer's 360 page: her holds the caller may see, latest first. */
export async function holdsOfCustomer(db: Kysely<DB>, session: SessionInfo, customerId: string): Promise<RoomHold[]> {
  return (await repo.listHolds(db, session.companyId, await holdScope(db, session), { customerId }, 200)).map(toHold);
}

/** The room a hold takes: one the caller's 房间 rules let her see, of its store, of its room type when it named one, and in service. */
async function checkRoom(db: Db, session: SessionInfo, roomId: string, storeId: string, roomTypeId: string | null) {
  const room = await repo.roomOf(db, session.companyId, roomId, await roomScope(db as Kysely<DB>, session));
  if (!room || room.store_id !== storeId) throw new BizError(RoomHoldText.roomMissing);
  if (roomTypeId && room.room_type_id !== roomTypeId) throw new BizError(RoomHoldText.roomNotOfType);
  if (UNAVAILABLE.includes(room.status)) throw new BizError(RoomHoldText.roomUnavailable(room.room_no, roomStatusLabel(room.status as RoomStatus)));
  return room;
}

const shanghaiToday = () => formatDateTime(new Date()).slice(0, 10);

/**
 * 订房 for a customer the caller can see: with a room it is 已预订 and the room's nights are held on
 * the board (a double booking refused naming the holder); with a room type only it waits for 排房.
 * A deposit is recorded as a payment awaiting finance's audit. One transaction.
 */
export async function addHold(db: Kysely<DB>, session: SessionInfo, input: RoomHoldCreate): Promise<RoomHold> {
  const { companyId } = session;
  if (input.plannedCheckIn < shanghaiToday()) throw new BizError(RoomHoldText.checkInPast);
  if (!(await enabledStoreExists(db, companyId, input.storeId))) throw new BizError(RoomHoldText.storeMissing);
  if (input.roomTypeId && !(await isEnabledRoomTypeOfStore(db, companyId, input.storeId, input.roomTypeId))) throw new BizError(RoomHoldText.roomTypeMissing);
  // A type-only hold (no room) reaches no type outside the caller's 房型 rules (another store's) either.
  if (input.roomTypeId && !(await roomTypeOptions(db, session, input.storeId)).some((t) => t.id === input.roomTypeId)) throw new BizError(RoomHoldText.outOfScope);
  const room = input.roomId ? await checkRoom(db, session, input.roomId, input.storeId, input.roomTypeId) : null;
  const deposit = toCents(input.depositAmount) > 0;
  const id = await db.transaction().execute(async (trx) => {
    const customer = await lockVisibleCustomer(trx, session, input.customerId);
    const id = await repo.insertHold(trx, session, {
      reservationNo: await nextNumber(trx, NumberRuleCode.reservation),
      customerId: input.customerId,
      ownerId: customer.owner_id ?? session.userId,
      storeId: input.storeId,
      roomTypeId: room?.room_type_id ?? input.roomTypeId!,
      roomId: input.roomId,
      plannedCheckIn: input.plannedCheckIn,
      days: input.days,
      depositAmount: input.depositAmount,
      remark: input.remark,
    });
    // A 店长 books in her own stores only: the new hold must be one she may see.
    if (!(await repo.inScope(trx, companyId, id, await holdScope(trx, session)))) throw new BizError(RoomHoldText.outOfScope);
    if (input.roomId) await holdRoom(trx, session, { id, customerId: input.customerId, storeId: input.storeId, plannedCheckIn: input.plannedCheckIn, days: input.days }, input.roomId);
    if (deposit) {
      const payment = await recordDeposit(trx, session, {
        customerId: input.customerId,
        storeId: input.storeId,
        reservationId: id,
        amount: input.depositAmount,
        method: input.depositMethod!,
        paidAt: shanghaiInstant(input.depositPaidAt!),
        payer: input.depositPayer,
      });
      await repo.setDepositPayment(trx, companyId, id, payment.id);
    }
    return id;
  });
  return getHold(db, session, id);
}

function holdRoom(trx: Db, session: SessionInfo, hold: { id: string; customerId: string; storeId: string; plannedCheckIn: string; days: number }, roomId: string) {
  return assignStay(trx, session, {
    roomId,
    reservationId: hold.id,
    customerId: hold.customerId,
    storeId: hold.storeId,
    startDate: hold.plannedCheckIn,
    endDate: addDays(hold.plannedCheckIn, hold.days),
    status: 'held',
  });
}

type LockedHold = NonNullable<Awaited<ReturnType<typeof repo.lockHold>>>;

/** One move of a hold at the version the caller saw, in the caller's scope; `apply` does its work once the move is allowed. */
async function moveHold(
  db: Kysely<DB>,
  session: SessionInfo,
  input: { id: string; version: number },
  event: RoomHoldEvent,
  apply: (trx: Db, hold: LockedHold) => Promise<Record<string, unknown>>,
  reason?: string,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const scope = sql<SqlBool>`r.kind = 'room_hold' and ${await holdScope(trx, session)}`;
    await transition(trx, session, {
      machine: roomHoldMachine,
      table: 'reservation',
      id: input.id,
      event,
      version: input.version,
      scope,
      reason,
      set: async () => apply(trx, (await repo.lockHold(trx, session.companyId, scope, input.id))!),
    });
  });
}

/** 排房: a 待排房 hold takes a room of its store and type; its nights are held on the board. */
export async function assignHold(db: Kysely<DB>, session: SessionInfo, input: RoomHoldAssign): Promise<RoomHold> {
  await moveHold(db, session, input, 'assign', async (trx, hold) => {
    await checkRoom(trx, session, input.roomId, hold.store_id, hold.room_type_id);
    await holdRoom(trx, session, { id: hold.id, customerId: hold.customer_id!, storeId: hold.store_id, plannedCheckIn: hold.planned_check_in, days: hold.days! }, input.roomId);
    return { room_id: input.roomId };
  });
  return getHold(db, session, input.id);
}

/**
 * 转订单: a 草稿 order of the hold's customer, store, room type, check-in and days with the product and
 * price chosen; the deposit moves onto the order and the held room becomes the order's booking.
 */
export async function convertHold(db: Kysely<DB>, session: SessionInfo, input: RoomHoldConvert): Promise<{ hold: RoomHold; orderId: string; orderNo: string }> {
  let order: { id: string; orderNo: string } | undefined;
  await moveHold(db, session, input, 'convert', async (trx, hold) => {
    order = await createOrder(trx, session, {
      customerId: hold.customer_id!,
      storeId: hold.store_id,
      productId: input.productId,
      roomTypeId: hold.room_type_id,
      days: hold.days!,
      plannedCheckIn: hold.planned_check_in,
      dealPrice: input.dealPrice,
      consultantId: input.consultantId,
      channelId: input.channelId,
      remark: input.remark,
      reservationId: hold.id,
      depositApplied: hold.deposit_payment_id ? hold.deposit_amount : '0',
    });
    if (hold.deposit_payment_id) await applyDeposit(trx, session, { paymentId: hold.deposit_payment_id, orderId: order.id });
    if (hold.room_id) await transferHoldStay(trx, session, hold.id, order.id);
    return { order_id: order.id, closed_at: new Date() };
  });
  return { hold: await getHold(db, session, input.id), orderId: order!.id, orderNo: order!.orderNo };
}

/** 取消: the held room is released; a deposit taken becomes a 退款 change order (approved and paid back by finance). */
export async function cancelHold(db: Kysely<DB>, session: SessionInfo, input: RoomHoldCancel): Promise<RoomHold> {
  await moveHold(
    db,
    session,
    input,
    'cancel',
    async (trx, hold) => {
      await releaseStays(trx, session, { reservationId: hold.id });
      if (hold.deposit_payment_id && toCents(hold.deposit_amount) > 0) {
        await createRefundChangeOrder(trx, session, { reservationId: hold.id, customerId: hold.customer_id!, storeId: hold.store_id, amount: hold.deposit_amount, reason: input.reason });
      }
      return { cancel_reason: input.reason, closed_at: new Date() };
    },
    input.reason,
  );
  return getHold(db, session, input.id);
}
