import { defineStateMachine } from '../resource/state-machine.js';

/** pending_audit 待审核 · audited 已审核 · rejected 已驳回. */
export const NURSE_SETTLEMENT_STATUSES = ['pending_audit', 'audited', 'rejected'] as const;
export type NurseSettlementStatus = (typeof NURSE_SETTLEMENT_STATUSES)[number];

export const NURSE_SETTLEMENT_STATUS_LABELS: Record<NurseSettlementStatus, string> = {
  pending_audit: '待审核',
  audited: '已审核',
  rejected: '已驳回',
};
/** antd tag colours of the states. */
export const NURSE_SETTLEMENT_STATUS_COLORS: Record<NurseSettlementStatus, string> = {
  pending_audit: 'orange',
  audited: 'green',
  rejected: 'default',
};

export const nurseSettlementStatusLabel = (s: NurseSettlementStatus): string => NURSE_SETTLEMENT_STATUS_LABELS[s] ?? s;

export type NurseSettlementEvent = 'adjust' | 'audit' | 'reject';

export const NURSE_SETTLEMENT_EVENT_LABELS: Record<NurseSettlementEvent, string> = {
  adjust: '调整',
  audit: '审核',
  reject: '驳回',
};

// docs/nurses.md: 待审核 → 已审核 / 已驳回 (a reason); adjusted only while 待审核. A rejected
// settlement stays as it was; its assignment may be settled again (a new settlement).
export const nurseSettlementMachine = defineStateMachine<NurseSettlementStatus, NurseSettlementEvent>({
  subject: '结算单',
  stateLabel: nurseSettlementStatusLabel,
  events: NURSE_SETTLEMENT_EVENT_LABELS,
  moves: {
    adjust: { pending_audit: 'pending_audit' },
    audit: { pending_audit: 'audited' },
    reject: { pending_audit: 'rejected' },
  },
});
