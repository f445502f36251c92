import { describe, expect, it } from 'vitest';
import { expiryFlag, worseFlag } from './monthly-nurse.expiry.js';
import { nurseMachine, nurseMoveRefusal, NURSE_EVENTS, NURSE_STATUSES } from './monthly-nurse.state.js';
import { nurseLeaveAddSchema } from './monthly-nurse.schema.js';

describe('expiryFlag', () => {
  const today = '2026-03-01';
  it('is 已过期 before today, 即将过期 from today to 30 days on, none after or without a date', () => {
    expect(expiryFlag('2026-02-28', today)).toBe('expired');
    expect(expiryFlag('2025-12-31', today)).toBe('expired');
    expect(expiryFlag('2026-03-01', today)).toBe('expiring');
    expect(expiryFlag('2026-03-31', today)).toBe('expiring');
    expect(expiryFlag('2026-04-01', today)).toBeNull();
    expect(expiryFlag(null, today)).toBeNull();
    expect(expiryFlag('', today)).toBeNull();
  });
  it('counts 30 days across a year end', () => {
    expect(expiryFlag('2027-01-15', '2026-12-16')).toBe('expiring');
    expect(expiryFlag('2027-01-16', '2026-12-16')).toBeNull();
  });
  it('worseFlag prefers 已过期', () => {
    expect(worseFlag('expiring', 'expired')).toBe('expired');
    expect(worseFlag(null, 'expiring')).toBe('expiring');
    expect(worseFlag(null, null)).toBeNull();
  });
});

describe('nurseMachine', () => {
  it('moves 在职 ⇄ 休息, to 离职 and back, 在职 ⇄ 上户中 by 派工 only', () => {
    const moves = NURSE_STATUSES.flatMap((from) =>
      NURSE_EVENTS.filter((e) => nurseMachine.can(from, e)).map((e) => `${from}-${e}->${String((nurseMachine.move(from, e) as { to: string }).to)}`),
    );
    expect(moves.sort()).toEqual(
      [
        'active-rest->resting',
        'resting-resume->active',
        'left-resume->active',
        'active-resign->left',
        'resting-resign->left',
        'active-startDuty->on_duty',
        'on_duty-endDuty->active',
      ].sort(),
    );
  });
  it('refuses 离职 and 休息 while 上户中 in its own words, others naming the status', () => {
    expect(nurseMoveRefusal('on_duty', 'resign')).toBe('该月嫂正在上户中，不能设为离职，请先下户');
    expect(nurseMoveRefusal('on_duty', 'rest')).toBe('该月嫂正在上户中，不能设为休息，请先下户');
    expect(nurseMoveRefusal('left', 'rest')).toBe('月嫂当前状态为「离职」，不能设为休息');
    expect(nurseMoveRefusal('resting', 'startDuty')).toBe('月嫂当前状态为「休息」，不能上户');
    expect(nurseMoveRefusal('active', 'rest')).toBeUndefined();
  });
});

describe('nurseLeaveAddSchema', () => {
  const nurseId = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';
  it('takes a one-day leave and refuses an end before the start', () => {
    expect(nurseLeaveAddSchema.safeParse({ nurseId, startDate: '2026-03-03', endDate: '2026-03-03' }).success).toBe(true);
    const bad = nurseLeaveAddSchema.safeParse({ nurseId, startDate: '2026-03-03', endDate: '2026-03-02' });
    expect(bad.error?.issues[0]).toMatchObject({ path: ['endDate'], message: '结束日期不能早于开始日期' });
    expect(nurseLeaveAddSchema.safeParse({ nurseId, startDate: '2026-02-30', endDate: '2026-03-02' }).success).toBe(false);
  });
});
