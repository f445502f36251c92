import { describe, expect, it } from 'vitest';
import { suggestedDailyRate } from './nurse-pay-standard.schema.js';
import { nurseSettlementCreateSchema, settlementAmounts, settlementDays, sumMoney } from './nurse-settlement.schema.js';
import { nurseSettlementMachine } from './nurse-settlement.state.js';

describe('薪酬 calculations', () => {
  it('suggests the daily rate as the 26-day price ÷ 26 in cents, rounded half up', () => {
    expect(suggestedDailyRate('15600')).toBe('600.00');
    expect(suggestedDailyRate('9000')).toBe('346.15'); // 346.1538…
    expect(suggestedDailyRate('13')).toBe('0.50');
    expect(suggestedDailyRate('0.13')).toBe('0.01'); // 0.5 cent rounds up
    expect(suggestedDailyRate('0.12')).toBe('0.00');
  });

  it('adds bonuses and takes deductions in cents', () => {
    expect(settlementAmounts(26, '346.15', [{ kind: 'bonus', amount: '0.1' }, { kind: 'bonus', amount: '0.2' }, { kind: 'deduction', amount: '50.05' }])).toEqual({
      baseAmount: '8999.90', bonus: '0.30', deduction: '50.05', total: '8950.15', totalCents: 895015,
    });
    expect(settlementAmounts(1, '100', [{ kind: 'deduction', amount: '100.01' }])).toMatchObject({ total: '-0.01', totalCents: -1 });
    // A row still being typed in the dialog counts as nothing.
    expect(settlementAmounts(2, '10', [{ kind: 'bonus', amount: '' }, { kind: 'bonus', amount: '1.234' }]).total).toBe('20.00');
    expect(sumMoney([{ t: '0.10' }, { t: '0.20' }, { t: '1' }], (r) => r.t)).toBe('1.30');
  });

  it('counts the days from 上户 to 下户 (the 下户 day not worked)', () => {
    expect(settlementDays('2025-03-01', '2025-03-27')).toBe(26);
    expect(settlementDays('2025-02-20', '2025-03-02')).toBe(10);
    expect(settlementDays('2025-03-01', '2025-03-01')).toBe(0);
  });

  it('refuses a zero or malformed item amount', () => {
    const base = { assignmentId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' };
    expect(nurseSettlementCreateSchema.safeParse({ ...base, items: [{ kind: 'bonus', name: '奖', amount: '0' }] }).success).toBe(false);
    expect(nurseSettlementCreateSchema.safeParse({ ...base, items: [{ kind: 'bonus', name: '奖', amount: '1.001' }] }).success).toBe(false);
    expect(nurseSettlementCreateSchema.safeParse({ ...base, items: [{ kind: 'deduction', name: '扣', amount: 12.5 }] }).success).toBe(true);
  });

  it('moves 待审核 to 已审核 or 已驳回 and adjusts only while 待审核', () => {
    expect(nurseSettlementMachine.move('pending_audit', 'audit')).toEqual({ ok: true, from: 'pending_audit', to: 'audited' });
    expect(nurseSettlementMachine.move('pending_audit', 'reject')).toEqual({ ok: true, from: 'pending_audit', to: 'rejected' });
    expect(nurseSettlementMachine.can('pending_audit', 'adjust')).toBe(true);
    expect(nurseSettlementMachine.move('audited', 'adjust')).toEqual({ ok: false, message: '结算单当前状态为「已审核」，不能调整' });
    expect(nurseSettlementMachine.can('rejected', 'audit')).toBe(false);
  });
});
