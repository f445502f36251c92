import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** payment_status: pending_audit 待审核 → audited 已审核 / rejected 已驳回. */
export const PAYMENT_STATUSES = enumValues('payment_status');
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const RECEIVABLE_STATUSES = enumValues('receivable_status');
export type ReceivableStatus = (typeof RECEIVABLE_STATUSES)[number];

export function paymentStatusLabel(status: PaymentStatus): string {
  return DictEnums.payment_status.items.find((i) => i.value === status)?.label ?? status;
}

export type PaymentEvent = 'audit' | 'reject';

// Only audited money counts; an audited payment is never edited (a reversal undoes it).
export const paymentMachine = defineStateMachine<PaymentStatus, PaymentEvent>({
  subject: '收款单',
  stateLabel: paymentStatusLabel,
  events: { audit: '审核', reject: '驳回' },
  moves: {
    audit: { pending_audit: 'audited' },
    reject: { pending_audit: 'rejected' },
  },
});
