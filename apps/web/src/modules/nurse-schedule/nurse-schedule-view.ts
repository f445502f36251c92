import { NURSE_DAY_STATE_COLORS, NURSE_DAY_STATE_LABELS, NURSE_DAY_STATES, type NurseDayState, type NurseScheduleRow } from '@care/shared';
import { NurseScheduleText as T } from './nurse-schedule-text';

type Span = NurseScheduleRow['spans'][number];

/** The legend, in the order of the states. */
export const DAY_STATE_LEGEND = NURSE_DAY_STATES.map((s) => ({ value: s, label: NURSE_DAY_STATE_LABELS[s], color: NURSE_DAY_STATE_COLORS[s] }));

/** The span holding `day` (dates inclusive), if any. */
export function spanAt(row: Pick<NurseScheduleRow, 'spans'>, day: string): Span | undefined {
  return row.spans.find((s) => s.from <= day && day <= s.to);
}

/** What occupies a span, as one line: the assignment (and customer), the leave, or both. */
export function spanText(s: Span): string {
  const parts: string[] = [];
  if (s.assignmentNo) parts.push(T.assignment(s.assignmentNo, s.customerName));
  if (s.leaveReason) parts.push(T.leave(s.leaveReason));
  return parts.join('；');
}

/** A day's tooltip: its date, state and what occupies it. */
export function dayTitle(row: Pick<NurseScheduleRow, 'spans'>, day: string, state: NurseDayState): string {
  const span = spanAt(row, day);
  // A leave's state already says 请假: only its reason follows.
  const what = !span ? '' : state === 'leave' ? span.leaveReason : spanText(span);
  return [day, NURSE_DAY_STATE_LABELS[state], what === NURSE_DAY_STATE_LABELS[state] ? '' : what].filter(Boolean).join(' · ');
}

/** The month's days in weeks from Monday; null pads the first and last week. */
export function monthWeeks(days: readonly string[]): (string | null)[][] {
  if (days.length === 0) return [];
  const first = new Date(`${days[0]}T00:00:00Z`).getUTCDay();
  const lead = (first + 6) % 7;
  const cells: (string | null)[] = [...Array<null>(lead).fill(null), ...days];
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The days a span covers (inclusive). */
export function spanDays(s: Pick<Span, 'from' | 'to'>): number {
  return Math.round((Date.parse(`${s.to}T00:00:00Z`) - Date.parse(`${s.from}T00:00:00Z`)) / 86_400_000) + 1;
}
