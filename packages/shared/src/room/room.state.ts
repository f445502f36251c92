import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** room_status: free 空闲, reserved 已预订, occupied 在住, checking_out 预退房, dirty 脏房, repair 维修, disabled 停用. */
export const ROOM_STATUSES = enumValues('room_status');
export type RoomStatus = (typeof ROOM_STATUSES)[number];

export function roomStatusLabel(status: RoomStatus): string {
  return DictEnums.room_status.items.find((i) => i.value === status)?.label ?? status;
}

/** The moves a person makes on a room from its page or the board. */
export const ROOM_MANUAL_EVENTS = ['repair', 'repaired', 'disable', 'enable', 'markDirty', 'clean'] as const;
export type RoomManualEvent = (typeof ROOM_MANUAL_EVENTS)[number];

/** The moves the transactions make (hold, check-in, check-out: 空闲 → 已预订 → 在住 → 预退房 → 脏房). */
export const ROOM_GUEST_EVENTS = ['reserve', 'unreserve', 'checkIn', 'dueOut', 'checkOut'] as const;
export type RoomGuestEvent = (typeof ROOM_GUEST_EVENTS)[number];
export type RoomEvent = RoomManualEvent | RoomGuestEvent;

export const ROOM_EVENT_LABELS: Record<RoomEvent, string> = {
  repair: '维修',
  repaired: '维修完成',
  disable: '停用',
  enable: '启用',
  markDirty: '脏房',
  clean: '清洁',
  reserve: '预订',
  unreserve: '取消预订',
  checkIn: '入住',
  dueOut: '预退房',
  checkOut: '退房',
};

/** Events whose reason must be given (why a room leaves service). */
export const ROOM_EVENTS_WITH_REASON: readonly RoomEvent[] = ['repair', 'disable'];

// 维修 and 停用 from and to 空闲 only; a free room is marked dirty and a dirty one cleaned; a guest
// checks into a free or reserved room and leaves it dirty.
export const roomMachine = defineStateMachine<RoomStatus, RoomEvent>({
  subject: '房间',
  stateLabel: roomStatusLabel,
  events: ROOM_EVENT_LABELS,
  moves: {
    repair: { free: 'repair' },
    repaired: { repair: 'free' },
    disable: { free: 'disabled' },
    enable: { disabled: 'free' },
    markDirty: { free: 'dirty' },
    clean: { dirty: 'free' },
    reserve: { free: 'reserved' },
    unreserve: { reserved: 'free' },
    checkIn: { free: 'occupied', reserved: 'occupied' },
    dueOut: { occupied: 'checking_out' },
    checkOut: { occupied: 'dirty', checking_out: 'dirty' },
  },
});
