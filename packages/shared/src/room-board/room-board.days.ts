/** Date arithmetic of the board on `YYYY-MM-DD` wall-clock dates (Asia/Shanghai days), without time zones. */
const DAY_MS = 86_400_000;

const dayNumber = (date: string): number => Math.round(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / DAY_MS);

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `date` plus `days` days. */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` dates from `from` on. */
export function dateWindow(from: string, count: number): string[] {
  return Array.from({ length: count }, (_, i) => addDays(from, i));
}

/** The check-out countdown of a stay: D-2, D-1, D-Day, D+N once overdue; null while more than two days are left. */
export type CheckOutCountdown = 'D-2' | 'D-1' | 'D-Day' | `D+${number}` | null;

export interface StayProgress {
  /** 已住N天: the check-in day is day 1; 0 before check-in. */
  stayedDays: number;
  /** 合同N天. */
  contractDays: number;
  /** Days until the planned check-out (0 on the day, negative when overdue). */
  daysLeft: number;
  countdown: CheckOutCountdown;
}

/** Where a stay is on `today`: days stayed of the contract days and the check-out countdown. */
export function stayProgress(stay: { checkIn: string; plannedCheckOut: string; contractDays: number }, today: string): StayProgress {
  const stayedDays = Math.max(0, daysBetween(stay.checkIn, today) + 1);
  const daysLeft = daysBetween(today, stay.plannedCheckOut);
  const countdown: CheckOutCountdown = daysLeft > 2 ? null : daysLeft === 2 ? 'D-2' : daysLeft === 1 ? 'D-1' : daysLeft === 0 ? 'D-Day' : `D+${-daysLeft}`;
  return { stayedDays, contractDays: stay.contractDays, daysLeft, countdown };
}
