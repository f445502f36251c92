import { describe, expect, it } from 'vitest';
import { formatRuleNumber, numberPeriodKey, numberRuleCreateSchema, NumberRuleText, resetFitsPattern } from './number-rule.schema.js';

// 2025-01-31 16:30 UTC is already 2025-02-01 00:30 in Asia/Shanghai.
const AT = new Date('2025-01-31T16:30:00Z');

describe('number rules', () => {
  it('formats prefix + Shanghai date + padded sequence; a larger sequence keeps its digits', () => {
    expect(formatRuleNumber({ prefix: 'DD', datePattern: 'YYYYMMDD', seqLength: 4 }, AT, 1)).toBe('DD202502010001');
    expect(formatRuleNumber({ prefix: 'HT', datePattern: 'YYMM', seqLength: 3 }, AT, 42)).toBe('HT2502042');
    expect(formatRuleNumber({ prefix: '', datePattern: 'none', seqLength: 2 }, AT, 123)).toBe('123');
    expect(formatRuleNumber({ prefix: 'YS', datePattern: 'YYYY', seqLength: 5 }, AT, 7)).toBe('YS202500007');
  });

  it('draws from one counter per reset period, in Shanghai dates', () => {
    expect(numberPeriodKey('never', AT)).toBe('all');
    expect(numberPeriodKey('year', AT)).toBe('2025');
    expect(numberPeriodKey('month', AT)).toBe('202502');
    expect(numberPeriodKey('day', AT)).toBe('20250201');
  });

  it('refuses a reset finer than the date in the number (it would repeat numbers)', () => {
    expect(resetFitsPattern('YYYYMMDD', 'day')).toBe(true);
    expect(resetFitsPattern('YYYYMMDD', 'never')).toBe(true);
    expect(resetFitsPattern('YYMM', 'month')).toBe(true);
    expect(resetFitsPattern('YYYYMM', 'day')).toBe(false);
    expect(resetFitsPattern('YYYY', 'month')).toBe(false);
    expect(resetFitsPattern('none', 'year')).toBe(false);
    const parsed = numberRuleCreateSchema.safeParse({ code: 'x', name: 'x', datePattern: 'YYYYMM', seqLength: 4, resetPeriod: 'day' });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['resetPeriod'], message: NumberRuleText.resetTooFine });
  });
});
