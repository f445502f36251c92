import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

export const RESERVATION_KINDS = enumValues('reservation_kind');
export type ReservationKind = (typeof RESERVATION_KINDS)[number];
export const VISIT_STATUSES = enumValues('visit_status');
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** What can happen to a 参观 visit. */
export type VisitEvent = 'edit' | 'arrive' | 'noShow' | 'cancel';

export const VISIT_EVENT_LABELS: Record<VisitEvent, string> = {
  edit: '修改',
  arrive: '标记为已到店',
  noShow: '标记为未到店',
  cancel: '取消',
};

// 待到店 → 已到店 / 未到店 / 已取消; the three end states take no event.
const MOVES: Record<VisitEvent, Partial<Record<VisitStatus, VisitStatus>>> = {
  edit: { pending: 'pending' },
  arrive: { pending: 'arrived' },
  noShow: { pending: 'no_show' },
  cancel: { pending: 'cancelled' },
};

export function visitStatusLabel(status: VisitStatus): string {
  return DictEnums.visit_status.items.find((i) => i.value === status)?.label ?? status;
}

export const visitMachine = defineStateMachine<VisitStatus, VisitEvent>({ subject: '预约', stateLabel: visitStatusLabel, events: VISIT_EVENT_LABELS, moves: MOVES });

export type VisitMove = { ok: true; status: VisitStatus } | { ok: false; message: string };

/** The status after `event`, or the Chinese refusal naming the current status. Pure. */
export function moveVisit(status: VisitStatus, event: VisitEvent): VisitMove {
  const move = visitMachine.move(status, event);
  return move.ok ? { ok: true, status: move.to } : move;
}

/** Whether the event is allowed now (for enabling buttons). */
export const canMoveVisit = visitMachine.can;
