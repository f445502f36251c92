import { describe, expect, it } from 'vitest';
import { shanghaiNow, toMinute } from './date-field';

describe('CRM date helpers', () => {
  it('writes now as Asia/Shanghai wall time, comparable with server times', () => {
    expect(shanghaiNow(Date.UTC(2026, 0, 31, 17, 5, 9))).toBe('2026-02-01 01:05:09');
    expect('2026-02-01 01:05:00' <= shanghaiNow(Date.UTC(2026, 0, 31, 17, 5, 9))).toBe(true);
  });

  it('shows server times to the minute', () => {
    expect(toMinute('2026-04-02 15:30:00')).toBe('2026-04-02 15:30');
    expect(toMinute(null)).toBe('-');
  });
});
