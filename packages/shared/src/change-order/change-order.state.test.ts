import { describe, expect, it } from 'vitest';
import { approvalSteps, changeOrderDeletable, changeOrderMachine } from './change-order.state.js';

describe('changeOrderMachine', () => {
  it('moves 待提交 → 待审核 → 已通过 / 已驳回, with a pass keeping it 待审核 for the next step', () => {
    expect(changeOrderMachine.move('draft', 'submit')).toEqual({ ok: true, from: 'draft', to: 'pending_audit' });
    expect(changeOrderMachine.move('pending_audit', 'pass')).toEqual({ ok: true, from: 'pending_audit', to: 'pending_audit' });
    expect(changeOrderMachine.move('pending_audit', 'approve')).toEqual({ ok: true, from: 'pending_audit', to: 'approved' });
    expect(changeOrderMachine.move('pending_audit', 'reject')).toEqual({ ok: true, from: 'pending_audit', to: 'rejected' });
  });

  it('refuses approving a draft, deciding twice, and resubmitting a rejected one, naming the state', () => {
    expect(changeOrderMachine.move('draft', 'approve')).toEqual({ ok: false, message: '变更单当前状态为「待提交」，不能审批通过' });
    expect(changeOrderMachine.move('approved', 'approve')).toEqual({ ok: false, message: '变更单当前状态为「已通过」，不能审批通过' });
    expect(changeOrderMachine.move('rejected', 'submit')).toEqual({ ok: false, message: '变更单当前状态为「已驳回」，不能提交' });
    expect(changeOrderMachine.can('approved', 'reject')).toBe(false);
  });

  it('only a draft is deleted', () => {
    expect(changeOrderDeletable('draft')).toBe(true);
    expect(changeOrderDeletable('pending_audit')).toBe(false);
  });
});

describe('approvalSteps', () => {
  it('asks finance for every refund and for any amount above 5000 either way', () => {
    expect(approvalSteps('refund', -100)).toBe(2);
    expect(approvalSteps('extend', 500_000)).toBe(1);
    expect(approvalSteps('extend', 500_001)).toBe(2);
    expect(approvalSteps('change_room', -500_001)).toBe(2);
    expect(approvalSteps('upgrade', -499_999)).toBe(1);
  });
});
