import { describe, expect, it } from 'vitest';
import { occupancyRate } from './room-board.contract.js';
import { addDays, dateWindow, daysBetween, stayProgress } from './room-board.days.js';

describe('room board days', () => {
  it('counts days across months and years', () => {
    expect(daysBetween('2026-02-27', '2026-03-02')).toBe(3);
    expect(daysBetween('2026-12-31', '2026-12-30')).toBe(-1);
    expect(addDays('2026-12-30', 3)).toBe('2027-01-02');
    expect(dateWindow('2026-02-27', 4)).toEqual(['2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02']);
  });

  it('gives days stayed of contract days and the check-out countdown', () => {
    const stay = { checkIn: '2026-11-01', plannedCheckOut: '2026-11-29', contractDays: 28 };
    expect(stayProgress(stay, '2026-11-01')).toEqual({ stayedDays: 1, contractDays: 28, daysLeft: 28, countdown: null });
    expect(stayProgress(stay, '2026-11-26')).toMatchObject({ stayedDays: 26, countdown: null });
    expect(stayProgress(stay, '2026-11-27')).toMatchObject({ stayedDays: 27, countdown: 'D-2' });
    expect(stayProgress(stay, '2026-11-28')).toMatchObject({ stayedDays: 28, countdown: 'D-1' });
    expect(stayProgress(stay, '2026-11-29')).toMatchObject({ stayedDays: 29, daysLeft: 0, countdown: 'D-Day' });
    expect(stayProgress(stay, '2026-12-01')).toMatchObject({ daysLeft: -2, countdown: 'D+2' });
    // A hold before check-in has stayed no day.
    expect(stayProgress(stay, '2026-10-30').stayedDays).toBe(0);
  });

  it('rates occupancy over rooms in service', () => {
    expect(occupancyRate(0, 0)).toBe(0);
    expect(occupancyRate(1, 3)).toBe(33.3);
    expect(occupancyRate(2, 3)).toBe(66.7);
    expect(occupancyRate(5, 5)).toBe(100);
  });
});
