import type { Kysely } from 'kysely';
import { addDays, roomMachine, roomStatusLabel, roomStayMachine, RoomStayText, ROOM_OUT_OF_SERVICE, type RoomEvent, type RoomStatus, type RoomStayStatus } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import * as repo from './room-stay.repo.js';

// The cross-module functions of 住房安排 (docs/trade.md, L3): every write runs in the caller's
// transaction; the no-overlap trigger (0021) is the one guard against double booking.

const OUT_OF_SERVICE: readonly string[] = ROOM_OUT_OF_SERVICE;

/** The trigger's 23P01 (detail: the holder's order or hold number) as the refusal a person reads. */
export function overlapRefusal(err: unknown): never {
  const e = err as { code?: string; detail?: string };
  if (e.code === '23P01') throw new BizError(RoomStayText.overlap(e.detail ?? ''));
  throw err;
}

/** A room a stay may be put in: of the store, and neither 维修 nor 停用. */
async function usableRoom(db: Db, companyId: string, roomId: string, storeId: string) {
  const room = await repo.roomOf(db, companyId, roomId);
  if (!room) throw new BizError(RoomStayText.roomMissing);
  if (room.store_id !== storeId) throw new BizError(RoomStayText.otherStore);
  if (OUT_OF_SERVICE.includes(room.status)) throw new BizError(RoomStayText.outOfService(room.room_no, roomStatusLabel(room.status as RoomStatus)));
  return room;
}

/** A room's status move by the transactions (入住, 退房 …), recorded with the reason. */
export function moveRoom(trx: Db, actor: Actor, roomId: string, event: RoomEvent, reason = '') {
  return transition(trx, actor, { machine: roomMachine, table: 'room', id: roomId, event, reason });
}

export interface StayInput {
  roomId: string;
  orderId?: string | null;
  reservationId?: string | null;
  customerId: string;
  storeId: string;
  /** First night (YYYY-MM-DD). */
  startDate: string;
  /** Check-out day, exclusive. */
  endDate: string;
  status: Extract<RoomStayStatus, 'held' | 'booked'>;
}

/**
 * Puts an order (booked) or a 订房预约 (held) in a room for [startDate, endDate). Refused when the
 * room is another store's, 维修 / 停用, or already holds one of those nights (naming its holder).
 */
export async function assignStay(trx: Db, actor: Actor, s: StayInput): Promise<{ id: string }> {
  await usableRoom(trx, actor.companyId, s.roomId, s.storeId);
  const id = await repo.insertStay(trx, actor, s).catch(overlapRefusal);
  return { id };
}

/** 续住: the order's last active stay ends `days` later (a negative number shortens it, never below one night). */
export async function extendStay(trx: Db, actor: Actor, orderId: string, days: number): Promise<{ id: string; endDate: string }> {
  if (!Number.isInteger(days) || days === 0 || Math.abs(days) > 365) throw new BizError(RoomStayText.badDays);
  const stays = await repo.activeStaysOf(trx, actor.companyId, { orderId });
  const last = stays[stays.length - 1];
  if (!last) throw new BizError(RoomStayText.noActiveStay);
  const endDate = addDays(last.end_date, days);
  if (endDate <= last.start_date) throw new BizError(RoomStayText.badDays);
  await repo.updateStay(trx, actor, last.id, { end_date: endDate }).catch(overlapRefusal);
  return { id: last.id, endDate };
}

/**
 * 换房: from `fromDate` on, the order's nights move to `toRoomId` (a stay that began earlier is split at
 * that date). A guest in the room moves with them: the old room becomes 脏房, the new one 在住.
 */
export async function moveStay(trx: Db, actor: Actor, orderId: string, toRoomId: string, fromDate: string): Promise<{ ids: string[] }> {
  const stays = (await repo.activeStaysOf(trx, actor.companyId, { orderId })).filter((s) => s.end_date > fromDate);
  const first = stays[0];
  if (!first) throw new BizError(RoomStayText.noActiveStay);
  await usableRoom(trx, actor.companyId, toRoomId, first.store_id);
  if (stays.every((s) => s.room_id === toRoomId)) throw new BizError(RoomStayText.sameRoom);
  const ids: string[] = [];
  for (const s of stays) {
    if (s.room_id === toRoomId) continue;
    if (s.start_date >= fromDate) {
      await repo.updateStay(trx, actor, s.id, { room_id: toRoomId }).catch(overlapRefusal);
      ids.push(s.id);
    } else {
      // Nights before the move stay where they were; a guest's earlier part is over (she moved out of it).
      await repo.updateStay(trx, actor, s.id, s.status === 'in_house' ? { end_date: fromDate, status: 'ended', checked_out_at: new Date() } : { end_date: fromDate });
      const base = { roomId: toRoomId, orderId: s.order_id, reservationId: s.reservation_id, customerId: s.customer_id, storeId: s.store_id };
      ids.push(await repo.insertStay(trx, actor, { ...base, startDate: fromDate, endDate: s.end_date, status: s.status, checkedInAt: s.checked_in_at }).catch(overlapRefusal));
    }
    if (s.status === 'in_house') {
      await moveRoom(trx, actor, s.room_id, 'checkOut', '换房');
      await moveRoom(trx, actor, toRoomId, 'checkIn', '换房');
    }
  }
  return { ids };
}

/** Cancels the stays of an order or a hold not yet in the room (order cancellation, hold cancelled); the count released. */
export async function releaseStays(trx: Db, actor: Actor, owner: { orderId?: string; reservationId?: string }): Promise<number> {
  const stays = (await repo.activeStaysOf(trx, actor.companyId, owner)).filter((s) => roomStayMachine.can(s.status, 'cancel'));
  for (const s of stays) await transition(trx, actor, { machine: roomStayMachine, table: 'room_stay', id: s.id, event: 'cancel' });
  return stays.length;
}

/** A 订房预约 converted to an order: its held stays become the order's bookings (same room and nights). */
export async function transferHoldStay(trx: Db, actor: Actor, reservationId: string, orderId: string): Promise<{ ids: string[] }> {
  const stays = (await repo.activeStaysOf(trx, actor.companyId, { reservationId })).filter((s) => s.status === 'held');
  for (const s of stays) await transition(trx, actor, { machine: roomStayMachine, table: 'room_stay', id: s.id, event: 'confirm', set: { order_id: orderId } });
  return { ids: stays.map((s) => s.id) };
}

export interface BoardStay {
  id: string;
  roomId: string;
  orderId: string | null;
  reservationId: string | null;
  /** The order's number, or the hold's. */
  holderNo: string;
  customerId: string;
  customerName: string;
  startDate: string;
  endDate: string;
  status: RoomStayStatus;
  /** The order's contract days (the stay's nights for a hold). */
  contractDays: number;
  version: number;
}

/** The active stays of a store holding nights between `from` and `to` (inclusive), for the board (no data rule: the caller's room scope applies). */
export async function staysForBoard(db: Kysely<DB> | Db, companyId: string, storeId: string, from: string, to: string): Promise<BoardStay[]> {
  const rows = await repo.boardStays(db, companyId, storeId, from, to);
  return rows.map((r) => ({
    id: r.id,
    roomId: r.room_id,
    orderId: r.order_id,
    reservationId: r.reservation_id,
    holderNo: r.order_no ?? r.reservation_no ?? '',
    customerId: r.customer_id,
    customerName: r.customer_name,
    startDate: r.start_date,
    endDate: r.end_date,
    status: r.status,
    contractDays: r.order_days ?? Math.round((Date.parse(r.end_date) - Date.parse(r.start_date)) / 86_400_000),
    version: r.version,
  }));
}
