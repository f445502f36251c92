import { defineStateMachine } from '../resource/state-machine.js';

/** held 预留 (a 订房预约's hold) · booked 已排房 · in_house 在住 · ended 已退房 · cancelled 已取消. */
export const ROOM_STAY_STATUSES = ['held', 'booked', 'in_house', 'ended', 'cancelled'] as const;
export type RoomStayStatus = (typeof ROOM_STAY_STATUSES)[number];

export const ROOM_STAY_STATUS_LABELS: Record<RoomStayStatus, string> = {
  held: '预留',
  booked: '已排房',
  in_house: '在住',
  ended: '已退房',
  cancelled: '已取消',
};

/** Stays that hold their room's nights (the no-overlap trigger counts these). */
export const ROOM_STAY_ACTIVE: readonly RoomStayStatus[] = ['held', 'booked', 'in_house'];

export const roomStayStatusLabel = (s: RoomStayStatus): string => ROOM_STAY_STATUS_LABELS[s] ?? s;

export type RoomStayEvent = 'confirm' | 'checkIn' | 'checkOut' | 'cancel';

export const ROOM_STAY_EVENT_LABELS: Record<RoomStayEvent, string> = {
  confirm: '转为排房',
  checkIn: '入住',
  checkOut: '退房',
  cancel: '取消排房',
};

// A hold becomes a booking when its 订房预约 converts to an order; only a stay not yet in the room is cancelled.
export const roomStayMachine = defineStateMachine<RoomStayStatus, RoomStayEvent>({
  subject: '住房安排',
  stateLabel: roomStayStatusLabel,
  events: ROOM_STAY_EVENT_LABELS,
  moves: {
    confirm: { held: 'booked' },
    checkIn: { booked: 'in_house' },
    checkOut: { in_house: 'ended' },
    cancel: { held: 'cancelled', booked: 'cancelled' },
  },
});
