import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** room_hold_status: pending 待排房 → booked 已预订 → converted 已转订单 / cancelled 已取消. */
export const ROOM_HOLD_STATUSES = enumValues('room_hold_status');
export type RoomHoldStatus = (typeof ROOM_HOLD_STATUSES)[number];

/** What can happen to a 订房 hold. */
export type RoomHoldEvent = 'assign' | 'convert' | 'cancel';

export const ROOM_HOLD_EVENT_LABELS: Record<RoomHoldEvent, string> = {
  assign: '排房',
  convert: '转订单',
  cancel: '取消',
};

export function roomHoldStatusLabel(status: RoomHoldStatus): string {
  return DictEnums.room_hold_status.items.find((i) => i.value === status)?.label ?? status;
}

// A hold without a room may still become an order (the room is assigned on the order later);
// converted and cancelled holds take no event.
export const roomHoldMachine = defineStateMachine<RoomHoldStatus, RoomHoldEvent>({
  subject: '订房预约',
  stateLabel: roomHoldStatusLabel,
  events: ROOM_HOLD_EVENT_LABELS,
  moves: {
    assign: { pending: 'booked' },
    convert: { pending: 'converted', booked: 'converted' },
    cancel: { pending: 'cancelled', booked: 'cancelled' },
  },
});
