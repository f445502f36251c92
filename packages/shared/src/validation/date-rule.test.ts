import { describe, expect, it } from 'vitest';
import { businessDateMax, dateSchema, dateTimeSchema, isCalendarDate, isWallClock } from './date-rule.js';
import { findUnsafeText } from './input-text.js';

describe('the shared date rule', () => {
  it('takes real days of 1900–2199 only', () => {
    expect(['2026-02-28', '2028-02-29', '1900-01-01', '2199-12-31'].every(isCalendarDate)).toBe(true);
    expect(['2026-02-29', '2026-13-01', '9999-12-31', '1899-12-31', '2026-1-1', ''].some(isCalendarDate)).toBe(false);
  });

  it('takes real wall-clock times only', () => {
    expect(['2026-11-28 00:00', '2026-11-28 23:59:59'].every(isWallClock)).toBe(true);
    expect(['2026-11-28 25:00', '2026-11-28 10:61', '2026-11-28 10:30:60', '2026-02-30 10:00', '9999-12-31 10:00', '2026-11-28'].some(isWallClock)).toBe(false);
  });

  it('bounds a date of the business to 2000-01-01 … ten years ahead, naming the field', () => {
    const due = dateSchema('应收日期', { window: 'business' });
    const max = businessDateMax(new Date('2026-11-28T12:00:00Z'));
    expect(max).toBe('2036-11-28');
    expect(due.safeParse('2026-12-01').success).toBe(true);
    expect(due.safeParse('1999-12-31').error?.issues[0]?.message).toMatch(/^应收日期须在2000-01-01至\d{4}-\d{2}-\d{2}之间$/);
    expect(due.safeParse('2199-01-01').error?.issues[0]?.message).toMatch(/^应收日期须在/);
    expect(due.safeParse('2026-02-30').error?.issues[0]?.message).toBe('应收日期不正确');
    expect(dateTimeSchema('收款时间', { window: 'business', message: '请选择收款时间!' }).safeParse('2026-11-28 25:00').error?.issues[0]?.message).toBe('请选择收款时间!');
    // Any date (a birth date) keeps the wide window.
    expect(dateSchema('出生日期').safeParse('1960-05-01').success).toBe(true);
  });
});

describe('unsafe text', () => {
  it('finds a NUL or a lone surrogate in values and keys, by path', () => {
    expect(findUnsafeText({ a: 'ok 😀', b: ['x', { c: 'a\u0000b' }] })).toBe('b.1.c');
    expect(findUnsafeText({ ['k\ud800']: 1 })).toBe('k\ud800');
    expect(findUnsafeText({ a: '\udc00' })).toBe('a');
    expect(findUnsafeText({ a: 'fine', n: 1, z: null })).toBeUndefined();
    // Deep nesting is walked without recursion.
    let deep: unknown = 'a\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnsafeText(deep)).toMatch(/^0(\.0)*$/);
  });
});
