import { z } from 'zod';

// Any date at all (a birth date, a list filter): a real day of 1900–2199, so no arithmetic on it
// leaves what JavaScript's clock and the database's time zones handle (year 9999 + 8 h overflows).
const ANY_MIN = '1900-01-01';
const ANY_MAX = '2199-12-31';
/** The first day a date of the business (a due date, a check-in, a payment, a 派工) may fall on. */
export const BUSINESS_DATE_MIN = '2000-01-01';
/** How far ahead a date of the business may lie. */
export const BUSINESS_YEARS_AHEAD = 10;

/** Which dates a field takes: `business` 2000-01-01 … ten years from today; `any` 1900 … 2199. */
export type DateWindow = 'business' | 'any';

/** Today in Asia/Shanghai plus ten years, `YYYY-MM-DD`. */
export function businessDateMax(now: Date = new Date()): string {
  const today = new Date(now.getTime() + 8 * 3600_000).toISOString().slice(0, 10);
  return `${Number(today.slice(0, 4)) + BUSINESS_YEARS_AHEAD}${today.slice(4)}`;
}

/** A real calendar date `YYYY-MM-DD` of 1900–2199. */
export function isCalendarDate(value: string): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m || value < ANY_MIN || value > ANY_MAX) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.getUTCFullYear() === Number(m[1]) && d.getUTCMonth() === Number(m[2]) - 1 && d.getUTCDate() === Number(m[3]);
}

/** A real wall-clock time `YYYY-MM-DD HH:mm[:ss]`: a calendar date, hours 0–23, minutes and seconds 0–59. */
export function isWallClock(value: string): boolean {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value);
  return Boolean(m && isCalendarDate(m[1]!) && Number(m[2]) < 24 && Number(m[3]) < 60 && Number(m[4] ?? 0) < 60);
}

/** The message for a real date outside the field's window, or undefined when it lies inside. */
export function dateWindowMessage(label: string, date: string, window: DateWindow): string | undefined {
  if (window !== 'business') return undefined;
  const max = businessDateMax();
  return date < BUSINESS_DATE_MIN || date > max ? `${label}须在${BUSINESS_DATE_MIN}至${max}之间` : undefined;
}

interface DateRuleOptions {
  window?: DateWindow;
  /** The message of a value that is no date (default `${label}不正确`). */
  message?: string;
  /** The message of a value left out or not text (default `message`). */
  missing?: string;
}

function dateRule(label: string, o: DateRuleOptions, valid: (v: string) => boolean) {
  const message = o.message ?? `${label}不正确`;
  return z
    .string({ error: o.missing ?? message })
    .trim()
    .superRefine((v, ctx) => {
      if (!valid(v)) return void ctx.addIssue({ code: 'custom', message, input: v });
      const outside = dateWindowMessage(label, v.slice(0, 10), o.window ?? 'any');
      if (outside) ctx.addIssue({ code: 'custom', message: outside, input: v });
    });
}

/** The one date rule: a real `YYYY-MM-DD` within the field's window, with messages naming the field. */
export function dateSchema(label: string, o: DateRuleOptions = {}) {
  return dateRule(label, o, isCalendarDate);
}

/** The one date-time rule: a real `YYYY-MM-DD HH:mm[:ss]` (Asia/Shanghai) whose day lies within the window. */
export function dateTimeSchema(label: string, o: DateRuleOptions = {}) {
  return dateRule(label, o, isWallClock);
}
