import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { crmIdSchema } from '../crm/common.js';
import { RoomHoldPermission as P } from './room-hold.permissions.js';
import {
  roomHoldAssignSchema,
  roomHoldCancelSchema,
  roomHoldConvertResultSchema,
  roomHoldConvertSchema,
  roomHoldCreateSchema,
  roomHoldListQuerySchema,
  roomHoldPageSchema,
  roomHoldSchema,
  RoomHoldText,
} from './room-hold.schema.js';

/**
 * 订房预约 (reservations of kind 订房). Lists, by-id reads and every action apply the data rules of
 * 预约 (`/crm/reservation`); a hold the caller cannot see answers 404. Actions carry the version read.
 */
export const roomHoldContract = {
  list: defineContract({ method: 'POST', path: '/online/roomHold/list', access: P.roomHoldList, body: roomHoldListQuerySchema, result: roomHoldPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/roomHold/queryById', access: P.roomHoldList, body: crmIdSchema, result: roomHoldSchema }),
  /** With a room: 已预订 and the room held on the board (a double booking is refused naming the holder). */
  add: defineContract({ method: 'POST', path: '/online/roomHold/add', access: P.roomHoldAdd, body: roomHoldCreateSchema, result: roomHoldSchema, successMessage: RoomHoldText.added }),
  assign: defineContract({ method: 'POST', path: '/online/roomHold/assign', access: P.roomHoldAssign, body: roomHoldAssignSchema, result: roomHoldSchema, successMessage: RoomHoldText.assigned }),
  /** The order, the deposit applied to it and the held room moved onto it, in one transaction. */
  convert: defineContract({ method: 'POST', path: '/online/roomHold/convert', access: P.roomHoldConvert, body: roomHoldConvertSchema, result: roomHoldConvertResultSchema, successMessage: RoomHoldText.converted }),
  /** Releases the held room; a deposit taken becomes a refund change order. */
  cancel: defineContract({ method: 'POST', path: '/online/roomHold/cancel', access: P.roomHoldCancel, body: roomHoldCancelSchema, result: roomHoldSchema, successMessage: RoomHoldText.cancelled }),
};

/** POST with the list's filters; answers an .xlsx of the data-ruled list. */
export const ROOM_HOLD_EXPORT_PATH = '/online/roomHold/exportXls';
export const roomHoldExportContract = defineContract({ method: 'POST', path: ROOM_HOLD_EXPORT_PATH, access: P.roomHoldExport, body: roomHoldListQuerySchema, result: z.unknown() });
