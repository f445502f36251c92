import { describe, expect, it } from 'vitest';
import { addDays, bySlot, dayAndHour, hoursFor, isPastVisitTime, slotKey, weekDays, weekdayIndex, weekStart } from './visit-calendar';

describe('visit calendar dates', () => {
  it('weeks start on Monday, across month and year ends', () => {
    expect(weekStart('2026-11-25')).toBe('2026-11-23');
    expect(weekStart('2026-11-23')).toBe('2026-11-23');
    expect(weekStart('2026-11-29')).toBe('2026-11-23');
    expect(weekDays('2027-01-01')).toEqual(['2026-12-28', '2026-12-29', '2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03']);
    expect(weekdayIndex('2026-11-29')).toBe(6);
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('puts each visit in its day and hour, keeping the server order', () => {
    const visits = [
      { id: 'a', at: '2026-11-25 09:30:00' },
      { id: 'b', at: '2026-11-25 09:05:00' },
      { id: 'c', at: '2026-11-26 22:15:00' },
      { id: 'd', at: null },
    ];
    expect(dayAndHour('2026-11-25 09:30:00')).toEqual({ date: '2026-11-25', hour: 9 });
    const slots = bySlot(visits);
    expect(slots.get(slotKey('2026-11-25', 9))?.map((v) => v.id)).toEqual(['a', 'b']);
    expect(slots.get(slotKey('2026-11-26', 22))?.map((v) => v.id)).toEqual(['c']);
    expect(slots.size).toBe(2);
  });

  it('shows business hours 8–20, widened to every visit', () => {
    expect(hoursFor([])).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20]);
    expect(hoursFor([{ at: '2026-11-25 06:40:00' }, { at: '2026-11-25 22:00:00' }])).toEqual([6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22]);
  });

  it('a visit time must be a later minute than now in Shanghai', () => {
    const now = '2026-11-25 10:15:42';
    expect(isPastVisitTime('2026-11-25 10:15', now)).toBe(true);
    expect(isPastVisitTime('2026-11-25 10:14', now)).toBe(true);
    expect(isPastVisitTime('2026-11-25 10:16', now)).toBe(false);
    expect(isPastVisitTime('2026-11-26 08:00:00', now)).toBe(false);
  });
});
