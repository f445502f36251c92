import { describe, expect, it } from 'vitest';
import { changeRoomAmount, extendAmount, extendLine, fromCents, mulDiv, nightsBetween, toCents, upgradeAmount, upgradeLine } from './change-order.pricing.js';

const order = { days: 28, dealPriceCents: toCents('36000.00'), referencePriceCents: toCents('40000.00') };

describe('amounts in cents', () => {
  it('reads and writes money text exactly', () => {
    expect(toCents('36000')).toBe(3_600_000);
    expect(toCents('0.1')).toBe(10);
    expect(toCents('-12.34')).toBe(-1234);
    expect(fromCents(-1234)).toBe('-12.34');
    expect(fromCents(5)).toBe('0.05');
    expect(() => toCents('1.234')).toThrow();
  });

  it('rounds a × b ÷ c half away from zero', () => {
    expect(mulDiv(100, 1, 3)).toBe(33);
    expect(mulDiv(200, 1, 3)).toBe(67);
    expect(mulDiv(-200, 1, 3)).toBe(-67);
    expect(mulDiv(1, 1, 2)).toBe(1);
  });
});

describe('续住', () => {
  it('charges the deal price per night without a finance price for the longer stay', () => {
    // 36000 ÷ 28 × 3 = 3857.142… → 3857.14
    expect(extendAmount(order, 3, null)).toEqual({ cents: 385_714, basis: 'perNight' });
  });

  it('prices the longer stay at the finance price with the order discount kept, minus the deal', () => {
    // 44000 × 36000 ÷ 40000 = 39600 → 3600 more
    expect(extendAmount(order, 3, toCents('44000'))).toEqual({ cents: 360_000, basis: 'financePrice' });
    // a longer stay never costs less than the deal
    expect(extendAmount(order, 3, toCents('30000')).cents).toBe(0);
  });
});

describe('换房 and 升级', () => {
  it('charges the daily price difference over the remaining nights, both ways', () => {
    expect(changeRoomAmount(toCents('800'), toCents('1200'), 10)).toBe(400_000);
    expect(changeRoomAmount(toCents('1200'), toCents('800'), 10)).toBe(-400_000);
    expect(nightsBetween('2026-01-10', '2026-01-20')).toBe(10);
    expect(nightsBetween('2026-01-20', '2026-01-10')).toBe(0);
  });

  it('scales the reference difference like the deal discount', () => {
    // (50000 − 40000) × 0.9 = 9000
    expect(upgradeAmount(order, toCents('50000'))).toBe(900_000);
    expect(upgradeAmount(order, toCents('30000'))).toBe(-900_000);
    expect(upgradeAmount({ ...order, referencePriceCents: 0 }, toCents('100'))).toBe(10_000);
  });
});

describe('a 续住 / 升级 is a line of its own beside the signed deal', () => {
  it('prices a second 续住 per signed night, the reference likewise, the discount the difference', () => {
    // Signed 28 nights at 36000 (reference 40000); 7 nights were added before.
    const present = { dealPriceCents: toCents('45000'), referencePriceCents: toCents('50000') };
    expect(extendLine(order, present, 7, null)).toEqual({ cents: 900_000, referenceCents: 1_000_000, discountCents: 100_000, basis: 'perNight' });
  });

  it('prices a 续住 at the finance price of the longer stay against the present terms', () => {
    // 55000 × 36000 ÷ 40000 = 49500 − the present 45000 = 4500; reference 55000 − 50000.
    const present = { dealPriceCents: toCents('45000'), referencePriceCents: toCents('50000') };
    expect(extendLine(order, present, 3, toCents('55000'))).toEqual({ cents: 450_000, referenceCents: 500_000, discountCents: 50_000, basis: 'financePrice' });
  });

  it('prices an 升级 from the present reference with the signed discount', () => {
    const present = { dealPriceCents: toCents('45000'), referencePriceCents: toCents('50000') };
    // (60000 − 50000) × 0.9
    expect(upgradeLine(order, present, toCents('60000'))).toEqual({ cents: 900_000, referenceCents: 1_000_000, discountCents: 100_000 });
  });
});
