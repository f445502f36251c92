import { describe, expect, it } from 'vitest';
import { agingBucketOf, centsToMoney, moneyToCents, receivableStatusOf, sumMoneyText } from './money.js';
import { paymentMachine } from './payment.state.js';

describe('money in cents', () => {
  it('reads and writes numeric(14,2) text exactly', () => {
    expect(moneyToCents('0.29')).toBe(29);
    expect(moneyToCents('15000.50')).toBe(1_500_050);
    expect(moneyToCents(-1.5)).toBe(-150);
    expect(centsToMoney(1_500_050)).toBe('15000.50');
    expect(centsToMoney(-150)).toBe('-1.50');
    expect(centsToMoney(5)).toBe('0.05');
    expect(sumMoneyText(['0.10', '0.20', '999999999999.70'])).toBe('1000000000000.00');
    expect(() => moneyToCents('abc')).toThrow();
  });

  it('names the status from amount and received', () => {
    expect(receivableStatusOf(1000, 0)).toBe('unpaid');
    expect(receivableStatusOf(1000, 1)).toBe('partial');
    expect(receivableStatusOf(1000, 1000)).toBe('paid');
    expect(receivableStatusOf(0, 0)).toBe('paid');
  });

  it('puts days past due into the aging buckets', () => {
    expect([0, 1, 30, 31, 60, 61, 90, 91, 400].map(agingBucketOf)).toEqual([null, 'd0_30', 'd0_30', 'd31_60', 'd31_60', 'd61_90', 'd61_90', 'd90_plus', 'd90_plus']);
    expect(agingBucketOf(-3)).toBeNull();
  });
});

describe('paymentMachine', () => {
  it('audits or rejects a pending payment only', () => {
    expect(paymentMachine.move('pending_audit', 'audit')).toEqual({ ok: true, from: 'pending_audit', to: 'audited' });
    expect(paymentMachine.move('pending_audit', 'reject')).toEqual({ ok: true, from: 'pending_audit', to: 'rejected' });
    expect(paymentMachine.move('audited', 'audit')).toEqual({ ok: false, message: '收款单当前状态为「已审核」，不能审核' });
    expect(paymentMachine.move('rejected', 'audit')).toEqual({ ok: false, message: '收款单当前状态为「已驳回」，不能审核' });
    expect(paymentMachine.can('audited', 'reject')).toBe(false);
  });
});
