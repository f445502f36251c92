import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** contract_status: pending_sign 待签署, pending_audit 待审核, effective 已生效, ended 已结束, voided 已作废, terminated 已终止. */
export const CONTRACT_STATUSES = enumValues('contract_status');
export type ContractStatus = (typeof CONTRACT_STATUSES)[number];

export function contractStatusLabel(status: ContractStatus): string {
  return DictEnums.contract_status.items.find((i) => i.value === status)?.label ?? status;
}

/** The moves of a contract; `editTerms` is no move (it keeps the state) but asks whether terms may change. */
export const CONTRACT_EVENTS = ['sign', 'audit', 'void', 'terminate', 'end', 'editTerms'] as const;
export type ContractEvent = (typeof CONTRACT_EVENTS)[number];

export const CONTRACT_EVENT_LABELS: Record<ContractEvent, string> = {
  sign: '签署',
  audit: '审核',
  void: '作废',
  terminate: '终止',
  end: '结束',
  editTerms: '修改条款',
};

/** States a contract no longer binds in (the order may take a new one). */
export const CONTRACT_DEAD_STATES: readonly ContractStatus[] = ['voided', 'terminated'];

// 待签署 → 待审核 → 已生效 → 已结束; voided only before it takes effect, terminated only after.
export const contractMachine = defineStateMachine<ContractStatus, ContractEvent>({
  subject: '合同',
  stateLabel: contractStatusLabel,
  events: CONTRACT_EVENT_LABELS,
  moves: {
    sign: { pending_sign: 'pending_audit' },
    audit: { pending_audit: 'effective' },
    void: { pending_sign: 'voided', pending_audit: 'voided' },
    terminate: { effective: 'terminated' },
    end: { effective: 'ended' },
    editTerms: { pending_sign: 'pending_sign' },
  },
  refusals: { editTerms: '只有待签署的合同可以修改条款' },
});
