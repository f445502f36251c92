import type { Reservation, VisitStatus } from '@care/shared';
import { shanghaiNow } from '../../components/crm/date-field';

/** A visit time is past unless it is a later minute than now in Shanghai (the server refuses the past). */
export function isPastVisitTime(at: string, now = shanghaiNow()): boolean {
  return at.slice(0, 16) <= now.slice(0, 16);
}

/** Pure date arithmetic of the visit calendar on `YYYY-MM-DD` texts (Asia/Shanghai calendar days). */

const DAY_MS = 86_400_000;

function toUtc(date: string): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10)));
}

function fromUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: string, days: number): string {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** 0 = Monday … 6 = Sunday. */
export function weekdayIndex(date: string): number {
  return (new Date(toUtc(date)).getUTCDay() + 6) % 7;
}

/** The Monday of the week holding `date`. */
export function weekStart(date: string): string {
  return addDays(date, -weekdayIndex(date));
}

/** The 7 days (Monday first) of the week holding `date`. */
export function weekDays(date: string): string[] {
  const monday = weekStart(date);
  return Array.from({ length: 7 }, (_, i) => addDays(monday, i));
}

/** The calendar date and the hour of a visit time `YYYY-MM-DD HH:mm:ss`. */
export function dayAndHour(at: string): { date: string; hour: number } {
  return { date: at.slice(0, 10), hour: Number(at.slice(11, 13)) };
}

/** Business hours shown by default; a visit outside them widens the range. */
export const DEFAULT_FIRST_HOUR = 8;
export const DEFAULT_LAST_HOUR = 20;

/** The hours (rows) to draw: the default business hours widened to every visit shown. */
export function hoursFor(visits: Pick<Reservation, 'at'>[]): number[] {
  let first = DEFAULT_FIRST_HOUR;
  let last = DEFAULT_LAST_HOUR;
  for (const v of visits) {
    if (!v.at) continue;
    const { hour } = dayAndHour(v.at);
    first = Math.min(first, hour);
    last = Math.max(last, hour);
  }
  return Array.from({ length: last - first + 1 }, (_, i) => first + i);
}

/** Visits grouped by `date|hour`, in the order given (the server answers oldest first). */
export function bySlot<T extends Pick<Reservation, 'at'>>(visits: T[]): Map<string, T[]> {
  const slots = new Map<string, T[]>();
  for (const v of visits) {
    if (!v.at) continue;
    const { date, hour } = dayAndHour(v.at);
    const key = slotKey(date, hour);
    const list = slots.get(key);
    if (list) list.push(v);
    else slots.set(key, [v]);
  }
  return slots;
}

export const slotKey = (date: string, hour: number) => `${date}|${hour}`;

/** Card colours per status (border and background): 待到店 blue, 已到店 green, 未到店 orange, 已取消 grey. */
export const VISIT_STATUS_COLORS: Record<VisitStatus, { border: string; background: string }> = {
  pending: { border: '#1677ff', background: '#e6f4ff' },
  arrived: { border: '#52c41a', background: '#f6ffed' },
  no_show: { border: '#fa8c16', background: '#fff7e6' },
  cancelled: { border: '#bfbfbf', background: '#fafafa' },
};
