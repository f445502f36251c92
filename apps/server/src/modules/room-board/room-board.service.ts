import type { Kysely } from 'kysely';
import {
  dateWindow,
  formatDateTime,
  occupancyRate,
  ROOM_BOARD_DAYS,
  ROOM_OCCUPIED,
  ROOM_OUT_OF_SERVICE,
  ROOM_STATUSES,
  type RoomBoard,
  type RoomBoardQuery,
  type RoomBoardSegment,
  type RoomBoardStay,
  type RoomStatus,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { roomScope } from '../room/room.rules.js';
import { staysForBoard, type BoardStay } from '../room-stay/room-stay.service.js';
import { readBoard } from './room-board.repo.js';

const OUT_OF_SERVICE: readonly string[] = ROOM_OUT_OF_SERVICE;
const OCCUPIED: readonly string[] = ROOM_OCCUPIED;

/**
 * The timeline of a room from what exists today: 维修 / 停用 across the whole window (the room is out of
 * service until someone moves it back), another status other than 空闲 on today only. Stays (holds,
 * bookings, check-ins) come beside them in `stays`.
 */
export function statusSegments(status: RoomStatus, days: readonly string[]): RoomBoardSegment[] {
  const [first, last] = [days[0], days[days.length - 1]];
  if (!first || !last || status === 'free') return [];
  return [{ status, from: first, to: OUT_OF_SERVICE.includes(status) ? last : first }];
}

const boardStay = (s: BoardStay): RoomBoardStay => ({
  id: s.id,
  orderId: s.orderId,
  reservationId: s.reservationId,
  holderNo: s.holderNo,
  customerName: s.customerName,
  checkIn: s.startDate,
  plannedCheckOut: s.endDate,
  contractDays: s.contractDays,
  status: s.status,
  version: s.version,
});

/**
 * 房态图 of one store: its rooms within the caller's room data scope (the 房间 menu's rules, alias `r`),
 * filtered by floor and room type, with today's counts and occupancy over the rooms answered and a
 * 30-day window from today (the reads: `readBoard`).
 */
export async function roomBoard(db: Kysely<DB>, session: SessionInfo, q: RoomBoardQuery, now = new Date()): Promise<RoomBoard> {
  const today = formatDateTime(now, 'YYYY-MM-DD');
  const days = dateWindow(today, ROOM_BOARD_DAYS);
  const scope = await roomScope(db, session);
  const [[rows, floors, types], stays] = await Promise.all([readBoard(db, session.companyId, scope, q), staysForBoard(db, session.companyId, q.storeId, today, days[days.length - 1]!)]);
  const staysOf = new Map<string, RoomBoardStay[]>();
  for (const s of stays) staysOf.set(s.roomId, [...(staysOf.get(s.roomId) ?? []), boardStay(s)]);

  const counts = Object.fromEntries(ROOM_STATUSES.map((s) => [s, 0])) as Record<RoomStatus, number>;
  for (const r of rows) counts[r.status as RoomStatus] += 1;
  const total = rows.length;
  const inService = rows.filter((r) => !OUT_OF_SERVICE.includes(r.status)).length;
  const occupied = rows.filter((r) => OCCUPIED.includes(r.status)).length;
  return {
    today,
    rooms: rows.map((r) => ({
      id: r.id,
      roomNo: r.room_no,
      floor: r.floor,
      roomTypeId: r.room_type_id,
      roomTypeName: r.room_type_name,
      status: r.status as RoomStatus,
      dailyPrice: r.daily_price,
      stays: staysOf.get(r.id) ?? [],
      segments: statusSegments(r.status as RoomStatus, days),
    })),
    counts,
    total,
    inService,
    occupied,
    occupancyRate: occupancyRate(occupied, inService),
    timeline: { from: today, days },
    floors: floors.map((f) => f.floor),
    roomTypes: types,
  };
}
