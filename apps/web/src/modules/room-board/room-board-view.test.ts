import { describe, expect, it } from 'vitest';
import type { RoomBoardRoom } from '@care/shared';
import { groupRooms, segmentColumns, statusColor, stayLine } from './room-board-view';

const room = (over: Partial<RoomBoardRoom>): RoomBoardRoom => ({ id: 'r', roomNo: '101', floor: 1, roomTypeId: 't1', roomTypeName: '标准间', status: 'free', dailyPrice: null, stays: [], segments: [], ...over });

describe('room board view', () => {
  it('colours statuses from the room_status enum', () => {
    expect(statusColor('repair')).toBe('#722ed1');
    expect(statusColor('free')).toBe('#52c41a');
  });

  it('groups by floor or by type in the board order', () => {
    const rooms = [room({ id: 'a', floor: 1 }), room({ id: 'b', floor: 2, roomTypeId: 't2', roomTypeName: '套房' }), room({ id: 'c', floor: 2 })];
    expect(groupRooms(rooms, 'floor').map((g) => [g.title, g.rooms.map((r) => r.id)])).toEqual([['1楼', ['a']], ['2楼', ['b', 'c']]]);
    expect(groupRooms(rooms, 'type').map((g) => [g.title, g.rooms.map((r) => r.id)])).toEqual([['标准间', ['a', 'c']], ['套房', ['b']]]);
  });

  it('says the stay of an occupied room with its countdown', () => {
    const stay = { id: 's', orderId: 'o', reservationId: null, holderNo: 'DD1', customerName: '王女士', checkIn: '2026-11-01', plannedCheckOut: '2026-11-29', contractDays: 28, status: 'in_house' as const, version: 1 };
    const next = { ...stay, id: 'n', customerName: '赵女士', checkIn: '2026-11-29', plannedCheckOut: '2026-12-27', status: 'booked' as const };
    const stays = [stay, next];
    expect(stayLine(room({ stays }), '2026-11-28')).toEqual({ customer: '王女士', stayed: '已住28天/合同28天', countdown: 'D-1' });
    expect(stayLine(room({ stays }), '2026-11-10')?.countdown).toBeNull();
    expect(stayLine(room({}), '2026-11-10')).toBeNull();
    // Overdue, the guest still in the room is the one the card names.
    expect(stayLine(room({ stays }), '2026-11-30')).toEqual({ customer: '王女士', stayed: '已住30天/合同28天', countdown: 'D+1' });
    expect(stayLine(room({ stays: [next] }), '2026-11-10')?.customer).toBe('赵女士');
  });

  it('places segments on the window, clipped', () => {
    const days = ['2026-11-24', '2026-11-25', '2026-11-26', '2026-11-27'];
    expect(segmentColumns({ from: '2026-11-24', to: '2026-11-24' }, days)).toEqual({ start: 1, end: 2 });
    expect(segmentColumns({ from: '2026-11-20', to: '2026-12-30' }, days)).toEqual({ start: 1, end: 5 });
    expect(segmentColumns({ from: '2026-11-25', to: '2026-11-26' }, days)).toEqual({ start: 2, end: 4 });
    expect(segmentColumns({ from: '2026-12-01', to: '2026-12-02' }, days)).toBeNull();
  });
});
