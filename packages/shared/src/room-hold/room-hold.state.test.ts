import { describe, expect, it } from 'vitest';
import { ROOM_HOLD_STATUSES, roomHoldMachine, type RoomHoldEvent } from './room-hold.state.js';

describe('room hold state machine', () => {
  it('assigns a room to 待排房, converts or cancels 待排房 and 已预订', () => {
    expect(roomHoldMachine.move('pending', 'assign')).toEqual({ ok: true, from: 'pending', to: 'booked' });
    expect(roomHoldMachine.move('pending', 'convert')).toEqual({ ok: true, from: 'pending', to: 'converted' });
    expect(roomHoldMachine.move('booked', 'convert')).toEqual({ ok: true, from: 'booked', to: 'converted' });
    expect(roomHoldMachine.move('pending', 'cancel')).toEqual({ ok: true, from: 'pending', to: 'cancelled' });
    expect(roomHoldMachine.move('booked', 'cancel')).toEqual({ ok: true, from: 'booked', to: 'cancelled' });
  });

  it('refuses a second 排房 and every event on an ended hold, naming its status', () => {
    expect(roomHoldMachine.move('booked', 'assign')).toEqual({ ok: false, message: '订房预约当前状态为「已预订」，不能排房' });
    const events: RoomHoldEvent[] = ['assign', 'convert', 'cancel'];
    for (const status of ROOM_HOLD_STATUSES.filter((s) => s === 'converted' || s === 'cancelled')) {
      for (const event of events) expect(roomHoldMachine.can(status, event)).toBe(false);
    }
    expect(roomHoldMachine.move('converted', 'cancel')).toEqual({ ok: false, message: '订房预约当前状态为「已转订单」，不能取消' });
    expect(roomHoldMachine.move('cancelled', 'convert')).toEqual({ ok: false, message: '订房预约当前状态为「已取消」，不能转订单' });
  });
});
