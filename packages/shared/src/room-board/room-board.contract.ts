import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ROOM_STATUSES } from '../room/room.state.js';
import { ROOM_STAY_STATUSES } from '../room-stay/room-stay.state.js';
import { RoomBoardPermission as P } from './room-board.permissions.js';

/** Days of the board's timeline, from today on. */
export const ROOM_BOARD_DAYS = 30;

/**
 * Statuses of rooms out of service: they are not counted in the occupancy rate's denominator.
 * 入住率 = (在住 + 预退房) / (rooms − 维修 − 停用), in percent with one decimal; 0 when no room is in service.
 */
export const ROOM_OUT_OF_SERVICE = ['repair', 'disabled'] as const;
export const ROOM_OCCUPIED = ['occupied', 'checking_out'] as const;

export const roomBoardQuerySchema = z.object({
  storeId: z.uuid({ message: '请选择门店' }),
  floor: z.number().int().min(1).max(200).optional(),
  roomTypeId: z.uuid({ message: '房型不正确' }).optional(),
});
export type RoomBoardQuery = z.input<typeof roomBoardQuerySchema>;

const statusSchema = z.enum(ROOM_STATUSES);

/**
 * A stay of a room holding nights in the window (an order's booking or check-in, a 订房预约's hold):
 * `checkIn` is its first night, `plannedCheckOut` the check-out day (exclusive); `holderNo` the order's or hold's number.
 */
export const roomBoardStaySchema = z.object({
  id: z.string(),
  orderId: z.string().nullable(),
  reservationId: z.string().nullable(),
  holderNo: z.string(),
  customerName: z.string(),
  checkIn: z.string(),
  plannedCheckOut: z.string(),
  contractDays: z.number().int(),
  status: z.enum(ROOM_STAY_STATUSES),
  version: z.number().int(),
});
export type RoomBoardStay = z.infer<typeof roomBoardStaySchema>;

/** A stretch of the timeline (dates inclusive) in one status. */
export const roomBoardSegmentSchema = z.object({ status: statusSchema, from: z.string(), to: z.string() });
export type RoomBoardSegment = z.infer<typeof roomBoardSegmentSchema>;

export const roomBoardRoomSchema = z.object({
  id: z.string(),
  roomNo: z.string(),
  floor: z.number().int(),
  roomTypeId: z.string(),
  roomTypeName: z.string(),
  status: statusSchema,
  dailyPrice: z.string().nullable(),
  stays: z.array(roomBoardStaySchema),
  segments: z.array(roomBoardSegmentSchema),
});
export type RoomBoardRoom = z.infer<typeof roomBoardRoomSchema>;

export const roomBoardSchema = z.object({
  /** Today in Asia/Shanghai (YYYY-MM-DD). */
  today: z.string(),
  rooms: z.array(roomBoardRoomSchema),
  /** Today's rooms per status, over the rooms answered (the filters applied). */
  counts: z.record(statusSchema, z.number().int()),
  total: z.number().int(),
  /** Rooms not 维修 / 停用. */
  inService: z.number().int(),
  /** 在住 + 预退房. */
  occupied: z.number().int(),
  /** occupied / inService in percent, one decimal. */
  occupancyRate: z.number(),
  timeline: z.object({ from: z.string(), days: z.array(z.string()) }),
  /** The filters' choices: the store's floors and room types (whatever the filters). */
  floors: z.array(z.number().int()),
  roomTypes: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type RoomBoard = z.infer<typeof roomBoardSchema>;

export const roomBoardContract = {
  /** 房态图 of a store in one round trip: its rooms in the caller's room data scope, today's counts, the 30-day timeline. */
  data: defineContract({ method: 'POST', path: '/online/roomBoard/data', access: P.roomBoardView, body: roomBoardQuerySchema, result: roomBoardSchema }),
};

/** 入住率 in percent with one decimal. */
export function occupancyRate(occupied: number, inService: number): number {
  return inService === 0 ? 0 : Math.round((occupied * 1000) / inService) / 10;
}
