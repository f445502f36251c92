import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** change_order_status: draft 待提交, pending_audit 待审核, approved 已通过, rejected 已驳回. */
export const CHANGE_ORDER_STATUSES = enumValues('change_order_status');
export type ChangeOrderStatus = (typeof CHANGE_ORDER_STATUSES)[number];

/** change_order_kind: extend 续住, change_room 换房, upgrade 升级, refund 退款, adjust 调账 (one receivable's amount, docs/ledger.md). */
export const CHANGE_ORDER_KINDS = enumValues('change_order_kind');
export type ChangeOrderKind = (typeof CHANGE_ORDER_KINDS)[number];

export function changeOrderStatusLabel(status: ChangeOrderStatus): string {
  return DictEnums.change_order_status.items.find((i) => i.value === status)?.label ?? status;
}

export function changeOrderKindLabel(kind: ChangeOrderKind): string {
  return DictEnums.change_order_kind.items.find((i) => i.value === kind)?.label ?? kind;
}

export const CHANGE_ORDER_EVENTS = ['submit', 'pass', 'approve', 'reject'] as const;
export type ChangeOrderEvent = (typeof CHANGE_ORDER_EVENTS)[number];

export const CHANGE_ORDER_EVENT_LABELS: Record<ChangeOrderEvent, string> = {
  submit: '提交',
  pass: '审批通过',
  approve: '审批通过',
  reject: '驳回',
};

// 待提交 → 待审核 → 已通过 / 已驳回. `pass` is an approval that hands the change order to the next
// step of its chain (it stays 待审核); `approve` is the last one, which applies it. A rejection ends it.
export const changeOrderMachine = defineStateMachine<ChangeOrderStatus, ChangeOrderEvent>({
  subject: '变更单',
  stateLabel: changeOrderStatusLabel,
  events: CHANGE_ORDER_EVENT_LABELS,
  moves: {
    submit: { draft: 'pending_audit' },
    pass: { pending_audit: 'pending_audit' },
    approve: { pending_audit: 'approved' },
    reject: { pending_audit: 'rejected' },
  },
});

/** Above this amount (either way, in yuan) a change order also needs 财务审批. */
export const FINANCE_APPROVAL_THRESHOLD_CENTS = 500_000;

/** The approval steps of a change order: 1 店长/主管; 2 财务 for 退款, 调账 and whenever |amount| > 5000. */
export function approvalSteps(kind: ChangeOrderKind, amountDeltaCents: number): 1 | 2 {
  return kind === 'refund' || kind === 'adjust' || Math.abs(amountDeltaCents) > FINANCE_APPROVAL_THRESHOLD_CENTS ? 2 : 1;
}

/** Who decides a step: step 1 the store's manager (审批变更单), step 2 finance (财务审批). */
export function stepLabel(step: number): string {
  return step >= 2 ? '财务审批' : '店长/主管审批';
}

/** A draft is the only change order that is deleted. */
export function changeOrderDeletable(status: ChangeOrderStatus): boolean {
  return status === 'draft';
}
