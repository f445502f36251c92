import { describe, expect, it } from 'vitest';
import { financeQuerySchema, percentText, reportPeriodDays, ReportText } from './report.schema.js';

describe('报表 rules', () => {
  it('counts the days of a period, both ends included', () => {
    expect(reportPeriodDays('2025-06-01', '2025-06-30')).toBe(30);
    expect(reportPeriodDays('2025-06-01', '2025-06-01')).toBe(1);
    expect(reportPeriodDays('2024-02-01', '2024-03-01')).toBe(30);
  });

  it('words a share as a percent with one decimal, none of nothing', () => {
    expect(percentText(9, 57)).toBe('15.8');
    expect(percentText(1, 3)).toBe('33.3');
    expect(percentText(0, 10)).toBe('0.0');
    expect(percentText(5, 0)).toBeNull();
  });

  it('refuses a period ending before it starts or longer than 366 days', () => {
    const issues = (from: string, to: string) => financeQuerySchema.safeParse({ from, to }).error?.issues.map((i) => i.message) ?? [];
    expect(issues('2025-06-30', '2025-06-01')).toEqual([ReportText.badPeriod]);
    expect(issues('2024-01-01', '2024-12-31')).toEqual([]);
    expect(issues('2024-01-01', '2025-01-01')).toEqual([ReportText.periodTooLong]);
    expect(issues('2025/06/01', '2025-06-30')).toEqual([ReportText.badDay]);
  });
});
