import { describe, expect, it } from 'vitest';
import { roomMachine, ROOM_GUEST_EVENTS, ROOM_STATUSES } from '../room/room.state.js';
import { roomStayMachine, ROOM_STAY_STATUSES, type RoomStayEvent } from './room-stay.state.js';

const EVENTS: RoomStayEvent[] = ['confirm', 'checkIn', 'checkOut', 'cancel'];

describe('roomStayMachine', () => {
  it('a hold becomes a booking, a booking checks in and out; only stays not yet in the room are cancelled', () => {
    const moves = ROOM_STAY_STATUSES.flatMap((from) => EVENTS.filter((e) => roomStayMachine.can(from, e)).map((e) => `${from}-${e}->${String((roomStayMachine.move(from, e) as { to: string }).to)}`));
    expect(moves.sort()).toEqual(['booked-cancel->cancelled', 'booked-checkIn->in_house', 'held-cancel->cancelled', 'held-confirm->booked', 'in_house-checkOut->ended'].sort());
    expect(roomStayMachine.move('in_house', 'cancel')).toEqual({ ok: false, message: '住房安排当前状态为「在住」，不能取消排房' });
  });
});

describe('roomMachine: the guests\' moves', () => {
  it('a guest checks into a free or reserved room and leaves it dirty', () => {
    const moves = ROOM_STATUSES.flatMap((from) => ROOM_GUEST_EVENTS.filter((e) => roomMachine.can(from, e)).map((e) => `${from}-${e}->${String((roomMachine.move(from, e) as { to: string }).to)}`));
    expect(moves.sort()).toEqual(
      ['free-reserve->reserved', 'reserved-unreserve->free', 'free-checkIn->occupied', 'reserved-checkIn->occupied', 'occupied-dueOut->checking_out', 'occupied-checkOut->dirty', 'checking_out-checkOut->dirty'].sort(),
    );
    expect(roomMachine.move('dirty', 'checkIn')).toEqual({ ok: false, message: '房间当前状态为「脏房」，不能入住' });
  });
});
