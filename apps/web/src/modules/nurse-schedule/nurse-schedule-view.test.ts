import { describe, expect, it } from 'vitest';
import { dayTitle, monthWeeks, spanAt, spanDays, spanText } from './nurse-schedule-view';

const row = {
  spans: [
    { state: 'reserved' as const, from: '2031-03-10', to: '2031-03-14', assignmentNo: 'PG1', customerName: '周女士', leaveReason: null },
    { state: 'overlap' as const, from: '2031-03-15', to: '2031-03-16', assignmentNo: 'PG1', customerName: '周女士', leaveReason: '体检' },
  ],
};

describe('nurse schedule view', () => {
  it('finds what occupies a day and words it', () => {
    expect(spanAt(row, '2031-03-09')).toBeUndefined();
    expect(spanAt(row, '2031-03-14')?.state).toBe('reserved');
    expect(spanText(row.spans[1]!)).toBe('派工 PG1 · 周女士；请假 · 体检');
    expect(dayTitle(row, '2031-03-15', 'overlap')).toBe('2031-03-15 · 冲突 · 派工 PG1 · 周女士；请假 · 体检');
    expect(dayTitle(row, '2031-03-01', 'free')).toBe('2031-03-01 · 空闲');
    const leave = { spans: [{ state: 'leave' as const, from: '2031-03-20', to: '2031-03-21', assignmentNo: null, customerName: null, leaveReason: '体检' }] };
    expect(dayTitle(leave, '2031-03-21', 'leave')).toBe('2031-03-21 · 请假 · 体检');
    expect(dayTitle({ spans: [{ ...leave.spans[0]!, leaveReason: '请假' }] }, '2031-03-21', 'leave')).toBe('2031-03-21 · 请假');
    expect(spanDays(row.spans[0]!)).toBe(5);
  });

  it('lays a month out in weeks from Monday', () => {
    // 2031-03-01 is a Saturday; March has 31 days.
    const days = Array.from({ length: 31 }, (_, i) => `2031-03-${String(i + 1).padStart(2, '0')}`);
    const weeks = monthWeeks(days);
    expect(weeks).toHaveLength(6);
    expect(weeks[0]).toEqual([null, null, null, null, null, '2031-03-01', '2031-03-02']);
    expect(weeks[5]).toEqual(['2031-03-31', null, null, null, null, null, null]);
    expect(weeks.every((w) => w.length === 7)).toBe(true);
  });
});
