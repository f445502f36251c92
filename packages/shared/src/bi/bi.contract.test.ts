import { describe, expect, it } from 'vitest';
import { biPeriodQuerySchema, BiText, percentOf, periodDays, periodMonths } from './bi.contract.js';

describe('BI periods and ratios', () => {
  it('counts inclusive days and the calendar months a period touches', () => {
    expect(periodDays('2026-03-01', '2026-03-01')).toBe(1);
    expect(periodDays('2026-02-27', '2026-03-02')).toBe(4);
    expect(periodMonths('2026-03-01', '2026-03-31')).toBe(1);
    expect(periodMonths('2026-01-15', '2026-03-02')).toBe(3);
    expect(periodMonths('2025-12-31', '2026-01-01')).toBe(2);
  });

  it('a percentage with one decimal, none over nothing', () => {
    expect(percentOf(1, 3)).toBe(33.3);
    expect(percentOf(2, 3)).toBe(66.7);
    expect(percentOf(0, 0)).toBeNull();
  });

  it('a period ends on or after its start and spans at most 366 days', () => {
    expect(biPeriodQuerySchema.safeParse({ from: '2026-03-01', to: '2026-03-31' }).success).toBe(true);
    const messages = (q: object) => biPeriodQuerySchema.safeParse(q).error?.issues.map((i) => i.message);
    expect(messages({ from: '2026-03-02', to: '2026-03-01' })).toEqual([BiText.badPeriod]);
    expect(messages({ from: '2025-01-01', to: '2026-03-01' })).toEqual([BiText.periodTooLong]);
    expect(messages({ from: '2026-02-30', to: '2026-03-01' })).toEqual([BiText.badFrom]);
  });
});
