import { describe, expect, it } from 'vitest';
import { centsToPrice, plannedCheckOutOf, priceCents } from '@care/shared';
import { defaultPlan } from './order.plan.js';

describe('the default receivable plan of a confirmed order', () => {
  const base = { plannedCheckIn: '2026-12-10', plannedCheckOut: '2027-01-07', today: '2026-11-25' };

  it('splits the deal into 首付 (half of it in whole yuan, due by check-in) and 尾款 (the rest, due on check-out)', () => {
    expect(defaultPlan({ ...base, dealPrice: '36000.50', depositApplied: '0' })).toEqual([
      { item: 'first_payment', dueDate: '2026-12-10', amount: '18000.00', dueBeforeCheckIn: true },
      { item: 'final_payment', dueDate: '2027-01-07', amount: '18000.50' },
    ]);
  });

  it('takes the deposit of the room hold as 定金, due today, and splits the rest', () => {
    expect(defaultPlan({ ...base, dealPrice: '38001', depositApplied: '5000' })).toEqual([
      { item: 'deposit', dueDate: '2026-11-25', amount: '5000.00', dueBeforeCheckIn: true },
      { item: 'first_payment', dueDate: '2026-12-10', amount: '16500.00', dueBeforeCheckIn: true },
      { item: 'final_payment', dueDate: '2027-01-07', amount: '16501.00' },
    ]);
  });

  it('always sums to the deal, leaves out zero lines and never plans more deposit than the deal', () => {
    for (const [deal, deposit] of [['0.01', '0'], ['1', '0'], ['99999.99', '123.45'], ['3000', '5000'], ['0', '0']] as const) {
      const lines = defaultPlan({ ...base, dealPrice: deal, depositApplied: deposit });
      expect(centsToPrice(lines.reduce((s, l) => s + priceCents(String(l.amount)), 0))).toBe(centsToPrice(priceCents(deal)));
      expect(lines.every((l) => priceCents(String(l.amount)) > 0)).toBe(true);
    }
    expect(defaultPlan({ ...base, dealPrice: '3000', depositApplied: '5000' })).toEqual([{ item: 'deposit', dueDate: '2026-11-25', amount: '3000.00', dueBeforeCheckIn: true }]);
  });

  it('a check-in before today: the deposit is due on the check-in', () => {
    expect(defaultPlan({ ...base, today: '2026-12-20', dealPrice: '100', depositApplied: '10' })[0]).toMatchObject({ item: 'deposit', dueDate: '2026-12-10' });
  });

  it('derives the planned check-out across months and leap days', () => {
    expect(plannedCheckOutOf('2026-12-10', 28)).toBe('2027-01-07');
    expect(plannedCheckOutOf('2028-02-01', 29)).toBe('2028-03-01');
    expect(plannedCheckOutOf('2026-03-01', 0)).toBe('2026-03-01');
  });
});
