import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, contractMachine, type ContractEvent, type ContractStatus } from './contract.state.js';

const allowed: Record<ContractEvent, Partial<Record<ContractStatus, ContractStatus>>> = {
  sign: { pending_sign: 'pending_audit' },
  audit: { pending_audit: 'effective' },
  void: { pending_sign: 'voided', pending_audit: 'voided' },
  terminate: { effective: 'terminated' },
  end: { effective: 'ended' },
  editTerms: { pending_sign: 'pending_sign' },
};

describe('contractMachine', () => {
  it('allows exactly the moves of 待签署 → 待审核 → 已生效 → 已结束 / 已作废 / 已终止', () => {
    for (const event of Object.keys(allowed) as ContractEvent[]) {
      for (const from of CONTRACT_STATUSES) {
        const move = contractMachine.move(from, event);
        const to = allowed[event][from];
        expect(move, `${event} from ${from}`).toEqual(to ? { ok: true, from, to } : { ok: false, message: expect.any(String) });
      }
    }
  });

  it('words its refusals with the state', () => {
    expect(contractMachine.move('effective', 'void')).toEqual({ ok: false, message: '合同当前状态为「已生效」，不能作废' });
    expect(contractMachine.move('voided', 'sign')).toEqual({ ok: false, message: '合同当前状态为「已作废」，不能签署' });
    expect(contractMachine.move('pending_audit', 'editTerms')).toEqual({ ok: false, message: '只有待签署的合同可以修改条款' });
  });

  it('ends nothing that is closed', () => {
    for (const closed of ['ended', 'voided', 'terminated'] as const) {
      for (const event of Object.keys(allowed) as ContractEvent[]) expect(contractMachine.can(closed, event)).toBe(false);
    }
  });
});
