import { describe, expect, it } from 'vitest';
import { dueRuleOf, itemTotal, planTable, type PlanLine } from './contract.plan.js';

const dates = { plannedCheckIn: '2026-12-01', plannedCheckOut: '2026-12-29', today: '2026-11-28' };
const line = (item: string, label: string, amountCents: number, receivedCents: number, dueDate: string): PlanLine => ({ item, label, amountCents, receivedCents, dueDate, dueRule: dueRuleOf(dueDate, dates) });

describe('dueRuleOf', () => {
  it.each([
    ['2026-12-01', '入住日（2026-12-01）前付清'],
    ['2026-12-29', '退房日（2026-12-29）前付清'],
    ['2026-11-28', '签署本合同时付清（2026-11-28）'],
    ['2026-11-20', '签署本合同时付清（2026-11-20）'],
    ['2026-12-10', '2026-12-10 前付清'],
  ])('%s → %s', (due, rule) => expect(dueRuleOf(due, dates)).toBe(rule));
});

describe('planTable and itemTotal', () => {
  const lines = [line('deposit', '定金', 200_000, 200_000, '2026-11-28'), line('first_payment', '首<b>付', 1_675_000, 0, '2026-12-01'), line('first_payment', '首付', 100, 0, '2026-12-02')];

  it('lists every line with amount, due rule and what it received, the labels escaped, and the total', () => {
    const html = planTable(lines);
    expect(html).toContain('<tr><td>定金</td><td>2000.00</td><td>签署本合同时付清（2026-11-28）</td><td>2000.00</td></tr>');
    expect(html).toContain('<tr><td>首&lt;b&gt;付</td><td>16750.00</td><td>入住日（2026-12-01）前付清</td><td>0.00</td></tr>');
    expect(html).toContain('<tr><td>合计</td><td colspan="3">18751.00</td></tr>');
    expect(html).not.toContain('<b>');
  });

  it('sums an item over its lines; an item the plan lacks is 0.00', () => {
    expect(itemTotal(lines, 'first_payment')).toBe('16751.00');
    expect(itemTotal(lines, 'final_payment')).toBe('0.00');
  });
});
