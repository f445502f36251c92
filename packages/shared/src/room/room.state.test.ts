import { describe, expect, it } from 'vitest';
import { roomStatusChangeSchema } from './room.schema.js';
import { roomMachine, ROOM_MANUAL_EVENTS, ROOM_STATUSES } from './room.state.js';

describe('roomMachine', () => {
  it('takes 维修 and 停用 from and to 空闲 only, 脏房 from 空闲 and 清洁 back', () => {
    const moves = ROOM_STATUSES.flatMap((from) => ROOM_MANUAL_EVENTS.filter((e) => roomMachine.can(from, e)).map((e) => `${from}-${e}->${String((roomMachine.move(from, e) as { to: string }).to)}`));
    expect(moves.sort()).toEqual(['dirty-clean->free', 'disabled-enable->free', 'free-disable->disabled', 'free-markDirty->dirty', 'free-repair->repair', 'repair-repaired->free'].sort());
  });

  it('refuses naming the current status', () => {
    expect(roomMachine.move('occupied', 'repair')).toEqual({ ok: false, message: '房间当前状态为「在住」，不能维修' });
    expect(roomMachine.move('free', 'clean')).toEqual({ ok: false, message: '房间当前状态为「空闲」，不能清洁' });
  });

  it('asks the reason of 维修 and 停用 only', () => {
    const id = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';
    expect(roomStatusChangeSchema.safeParse({ id, event: 'repair' }).error?.issues[0]?.message).toBe('请输入维修原因!');
    expect(roomStatusChangeSchema.safeParse({ id, event: 'disable', reason: ' ' }).error?.issues[0]?.message).toBe('请输入停用原因!');
    expect(roomStatusChangeSchema.safeParse({ id, event: 'markDirty' }).success).toBe(true);
  });
});
