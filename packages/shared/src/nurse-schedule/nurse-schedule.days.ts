import { addDays, daysBetween } from '../room-board/room-board.days.js';

// 档期: what a nurse's day is, from her assignments' busy days and her leave (docs/nurses.md).

/** free 空闲 · reserved 已预约 (待审核/已派工) · on_duty 上户 (服务中/已完成) · leave 请假 · overlap 冲突 (leave and work the same day). */
export const NURSE_DAY_STATES = ['free', 'reserved', 'on_duty', 'leave', 'overlap'] as const;
export type NurseDayState = (typeof NURSE_DAY_STATES)[number];

export const NURSE_DAY_STATE_LABELS: Record<NurseDayState, string> = { free: '空闲', reserved: '已预约', on_duty: '上户', leave: '请假', overlap: '冲突' };
export const NURSE_DAY_STATE_COLORS: Record<NurseDayState, string> = { free: '#f0f0f0', reserved: '#faad14', on_duty: '#1677ff', leave: '#8c8c8c', overlap: '#f5222d' };

/** Most periods a schedule answers at once (from and to inclusive). */
export const NURSE_SCHEDULE_MAX_DAYS = 62;

/** A live assignment's busy days [from, to) (cancelled ones are never passed). */
export interface ScheduleWork {
  assignmentId: string;
  assignmentNo: string;
  status: string;
  from: string;
  to: string;
  customerName: string;
}

/** A leave, both ends inclusive. */
export interface ScheduleLeave {
  leaveId: string;
  startDate: string;
  endDate: string;
  reason: string;
}

/** What occupies a run of days in one state (dates inclusive). */
export interface ScheduleSpan {
  state: Exclude<NurseDayState, 'free'>;
  from: string;
  to: string;
  assignmentNo: string | null;
  customerName: string | null;
  leaveReason: string | null;
}

export interface NurseDays {
  /** One state per day of the window. */
  states: NurseDayState[];
  /** Runs of busy days, each with the assignment / leave that makes it. */
  spans: ScheduleSpan[];
}

const RESERVED: readonly string[] = ['pending_audit', 'dispatched'];

/** The state of one day given the work and leave covering it. */
export function dayState(work: readonly ScheduleWork[], leave: readonly ScheduleLeave[]): NurseDayState {
  if (work.length > 0 && leave.length > 0) return 'overlap';
  if (leave.length > 0) return 'leave';
  if (work.length === 0) return 'free';
  return work.some((w) => !RESERVED.includes(w.status)) ? 'on_duty' : 'reserved';
}

/**
 * A nurse's days in [from, to] (inclusive): a state per day and the spans of consecutive days held by the
 * same assignment / leave in the same state. Work and leave outside the window are ignored.
 */
export function nurseDays(from: string, to: string, work: readonly ScheduleWork[], leave: readonly ScheduleLeave[]): NurseDays {
  const count = daysBetween(from, to) + 1;
  const states: NurseDayState[] = [];
  const spans: ScheduleSpan[] = [];
  let open: ScheduleSpan | null = null;
  let openKey = '';
  for (let i = 0; i < count; i += 1) {
    const day = addDays(from, i);
    const w = work.filter((x) => x.from <= day && day < x.to);
    const l = leave.filter((x) => x.startDate <= day && day <= x.endDate);
    const state = dayState(w, l);
    states.push(state);
    const key = state === 'free' ? '' : `${state}|${w.map((x) => x.assignmentId).join(',')}|${l.map((x) => x.leaveId).join(',')}`;
    if (open && key === openKey) {
      open.to = day;
      continue;
    }
    open = null;
    openKey = key;
    if (state === 'free') continue;
    open = {
      state,
      from: day,
      to: day,
      assignmentNo: w.length > 0 ? w.map((x) => x.assignmentNo).join('、') : null,
      customerName: w.length > 0 ? w.map((x) => x.customerName).join('、') : null,
      leaveReason: l.length > 0 ? l.map((x) => x.reason || '请假').join('、') : null,
    };
    spans.push(open);
  }
  return { states, spans };
}

/** Days per state over several nurses' windows. */
export function countDayStates(rows: readonly { states: readonly NurseDayState[] }[]): Record<NurseDayState, number> {
  const counts = Object.fromEntries(NURSE_DAY_STATES.map((s) => [s, 0])) as Record<NurseDayState, number>;
  for (const r of rows) for (const s of r.states) counts[s] += 1;
  return counts;
}

/** The first and last day of a month `YYYY-MM`. */
export function monthBounds(month: string): { from: string; to: string } {
  const from = `${month}-01`;
  const [y, m] = [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
  const next = m === 12 ? `${y + 1}-01-01` : `${y}-${String(m + 1).padStart(2, '0')}-01`;
  return { from, to: addDays(next, -1) };
}
