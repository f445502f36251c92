import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

/** order_status: draft 草稿, pending_audit 待审核, confirmed 已确认, checked_in 已入住, checked_out 已退房, settled 已结账, cancelled 已取消. */
export const ORDER_STATUSES = enumValues('order_status');
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export function orderStatusLabel(status: OrderStatus): string {
  return DictEnums.order_status.items.find((i) => i.value === status)?.label ?? status;
}

export const ORDER_EVENTS = ['confirm', 'submitForApproval', 'approve', 'reject', 'checkIn', 'checkOut', 'settle', 'cancel'] as const;
export type OrderEvent = (typeof ORDER_EVENTS)[number];

export const ORDER_EVENT_LABELS: Record<OrderEvent, string> = {
  confirm: '确认',
  submitForApproval: '提交折扣审批',
  approve: '审批通过',
  reject: '驳回',
  checkIn: '入住',
  checkOut: '退房',
  settle: '结账',
  cancel: '取消',
};

// DOMAIN.md: 草稿 → 待审核 (deal below the floor price) → 已确认 → 已入住 → 已退房 → 已结账;
// 已取消 from 草稿/待审核/已确认. A rejected discount goes back to 草稿 to be edited.
export const orderMachine = defineStateMachine<OrderStatus, OrderEvent>({
  subject: '订单',
  stateLabel: orderStatusLabel,
  events: ORDER_EVENT_LABELS,
  moves: {
    confirm: { draft: 'confirmed' },
    submitForApproval: { draft: 'pending_audit' },
    approve: { pending_audit: 'confirmed' },
    reject: { pending_audit: 'draft' },
    checkIn: { confirmed: 'checked_in' },
    checkOut: { checked_in: 'checked_out' },
    settle: { checked_out: 'settled' },
    cancel: { draft: 'cancelled', pending_audit: 'cancelled', confirmed: 'cancelled' },
  },
});

/** Only a draft is edited (terms of a confirmed order change through change orders). */
export function orderEditable(status: OrderStatus): boolean {
  return status === 'draft';
}
