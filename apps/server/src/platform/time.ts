import { sql } from 'kysely';

/** Shanghai wall clock text (`2026-09-01 10:00[:00]`) → instant (Asia/Shanghai is UTC+8 all year). */
export const shanghaiInstant = (text: string): Date => new Date(`${text.replace(' ', 'T')}${text.length === 16 ? ':00' : ''}+08:00`);

/** The start of a Shanghai calendar day (`2026-09-01`) as an instant. */
export const shanghaiDayStart = (date: string): Date => shanghaiInstant(`${date} 00:00:00`);

/** The start of the Shanghai day after `date`, for `< dayAfter` range ends. */
export const shanghaiDayAfter = (date: string) => sql<Date>`${shanghaiDayStart(date)}::timestamptz + interval '1 day'`;

/** The Shanghai calendar day (`2026-09-01`) of an instant, today by default. */
export const shanghaiDate = (at: Date = new Date()): string => new Date(at.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Today's Shanghai calendar day in SQL (due dates, overdue, aging). */
export const shanghaiTodaySql = sql<string>`(now() at time zone 'Asia/Shanghai')::date`;
