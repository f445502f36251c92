import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { defineStateMachine } from '../resource/state-machine.js';

export const LEAD_STATUSES = enumValues('lead_status');
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** Statuses in which a lead is still worked on (its phone is unique among these). */
export const OPEN_LEAD_STATUSES = ['pending', 'following', 'visit_booked'] as const satisfies readonly LeadStatus[];

export function isOpenLead(status: LeadStatus): boolean {
  return (OPEN_LEAD_STATUSES as readonly LeadStatus[]).includes(status);
}

/** What can happen to a lead. Ownership moves (assign, transfer, release, claim) keep the status. */
export type LeadEvent = 'edit' | 'followUp' | 'bookVisit' | 'convert' | 'lose' | 'invalidate' | 'assign' | 'transfer' | 'release' | 'claim';

export const LEAD_EVENT_LABELS: Record<LeadEvent, string> = {
  edit: '编辑',
  followUp: '添加跟进记录',
  bookVisit: '预约参观',
  convert: '转为客户',
  lose: '标记为已流失',
  invalidate: '标记为无效',
  assign: '分配',
  transfer: '转移',
  release: '放入公海',
  claim: '领取',
};

// From → to for each event; a missing entry is an illegal move. 待跟进 → 跟进中 → 已预约参观 →
// 已转化 / 已流失 / 无效; closed leads (已转化, 已流失, 无效) take no event at all.
const MOVES: Record<LeadEvent, Partial<Record<LeadStatus, LeadStatus>>> = {
  edit: { pending: 'pending', following: 'following', visit_booked: 'visit_booked' },
  followUp: { pending: 'following', following: 'following', visit_booked: 'visit_booked' },
  bookVisit: { pending: 'visit_booked', following: 'visit_booked', visit_booked: 'visit_booked' },
  convert: { pending: 'converted', following: 'converted', visit_booked: 'converted' },
  lose: { pending: 'lost', following: 'lost', visit_booked: 'lost' },
  invalidate: { pending: 'invalid', following: 'invalid', visit_booked: 'invalid' },
  assign: { pending: 'pending', following: 'following', visit_booked: 'visit_booked' },
  transfer: { pending: 'pending', following: 'following', visit_booked: 'visit_booked' },
  release: { pending: 'pending', following: 'following', visit_booked: 'visit_booked' },
  claim: { pending: 'pending', following: 'following', visit_booked: 'visit_booked' },
};

export function leadStatusLabel(status: LeadStatus): string {
  return DictEnums.lead_status.items.find((i) => i.value === status)?.label ?? status;
}

export const leadMachine = defineStateMachine<LeadStatus, LeadEvent>({ subject: '线索', stateLabel: leadStatusLabel, events: LEAD_EVENT_LABELS, moves: MOVES });

export type LeadMove = { ok: true; status: LeadStatus } | { ok: false; message: string };

/** The status after `event`, or the Chinese refusal naming the current status. Pure. */
export function moveLead(status: LeadStatus, event: LeadEvent): LeadMove {
  const move = leadMachine.move(status, event);
  return move.ok ? { ok: true, status: move.to } : move;
}

/** Whether the event is allowed now (for enabling buttons). */
export const canMoveLead = leadMachine.can;
