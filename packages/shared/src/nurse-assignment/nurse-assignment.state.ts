import { defineStateMachine } from '../resource/state-machine.js';
import { addDays } from '../room-board/room-board.days.js';

/** pending_audit 待审核 · dispatched 已派工 · in_service 服务中 · completed 已完成 · cancelled 已取消. */
export const NURSE_ASSIGNMENT_STATUSES = ['pending_audit', 'dispatched', 'in_service', 'completed', 'cancelled'] as const;
export type NurseAssignmentStatus = (typeof NURSE_ASSIGNMENT_STATUSES)[number];

export const NURSE_ASSIGNMENT_STATUS_LABELS: Record<NurseAssignmentStatus, string> = {
  pending_audit: '待审核',
  dispatched: '已派工',
  in_service: '服务中',
  completed: '已完成',
  cancelled: '已取消',
};

/** Assignments that keep their nurse busy (the no-overlap trigger counts every one not cancelled). */
export const NURSE_ASSIGNMENT_LIVE: readonly NurseAssignmentStatus[] = ['pending_audit', 'dispatched', 'in_service', 'completed'];

export const nurseAssignmentStatusLabel = (s: NurseAssignmentStatus): string => NURSE_ASSIGNMENT_STATUS_LABELS[s] ?? s;

export type NurseAssignmentEvent = 'audit' | 'start' | 'finish' | 'cancel';

export const NURSE_ASSIGNMENT_EVENT_LABELS: Record<NurseAssignmentEvent, string> = {
  audit: '审核',
  start: '上户',
  finish: '下户',
  cancel: '取消',
};

// docs/nurses.md: 审核 → 上户 → 下户; only a job not yet begun is cancelled. 换人 finishes the old one.
export const nurseAssignmentMachine = defineStateMachine<NurseAssignmentStatus, NurseAssignmentEvent>({
  subject: '派工单',
  stateLabel: nurseAssignmentStatusLabel,
  events: NURSE_ASSIGNMENT_EVENT_LABELS,
  moves: {
    audit: { pending_audit: 'dispatched' },
    start: { dispatched: 'in_service' },
    finish: { in_service: 'completed' },
    cancel: { pending_audit: 'cancelled', dispatched: 'cancelled' },
  },
});

/**
 * The days an assignment keeps its nurse busy, [from, to) (the SQL nurse_assignment_busy): none when
 * cancelled; finished → actual or planned start to actual or planned end; else to the planned end.
 */
export function nurseAssignmentBusy(a: { status: NurseAssignmentStatus; startDate: string; endDate: string; actualStart: string | null; actualEnd: string | null }): { from: string; to: string } | null {
  if (a.status === 'cancelled') return null;
  const from = a.actualStart ?? a.startDate;
  const end = a.status === 'completed' ? (a.actualEnd ?? a.endDate) : a.endDate;
  return { from, to: end > from ? end : addDays(from, 1) };
}

