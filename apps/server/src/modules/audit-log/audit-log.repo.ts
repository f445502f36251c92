import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { LoginLogQuery, VisitLogQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

// Sort keys a caller may name → columns; anything else sorts by time.
const LOGIN_SORT = { createdAt: 'l.created_at', username: 'l.username' } as const;
const VISIT_SORT = { createdAt: 'v.created_at', username: 'v.username', durationMs: 'v.duration_ms', path: 'v.path' } as const;

const shanghai = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'Asia/Shanghai', 'YYYY-MM-DD HH24:MI:SS')`;
const fromShanghai = (text: string) => sql<Date>`(${text}::timestamp at time zone 'Asia/Shanghai')`;

/** Rows of users who work for the company: one company's administrators never read another's logs. */
const companyUsers = (db: Kysely<DB>, companyId: string) => db.selectFrom('user_company').select('user_id').where('company_id', '=', companyId);

function loginLogs(db: Kysely<DB>, companyId: string, q: LoginLogQuery) {
  let query = db.selectFrom('login_log as l').where('l.user_id', 'in', companyUsers(db, companyId));
  if (q.username) query = query.where('l.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.success !== undefined) query = query.where('l.success', '=', q.success);
  if (q.method) query = query.where('l.method', '=', q.method);
  if (q.from) query = query.where('l.created_at', '>=', fromShanghai(q.from));
  if (q.to) query = query.where('l.created_at', '<=', fromShanghai(q.to));
  return query;
}

function visitLogs(db: Kysely<DB>, companyId: string, q: VisitLogQuery) {
  let query = db.selectFrom('visit_log as v').where('v.user_id', 'in', companyUsers(db, companyId));
  if (q.username) query = query.where('v.username', 'ilike', `%${escapeLike(q.username)}%`);
  if (q.path) query = query.where('v.path', 'like', `${escapeLike(q.path)}%`);
  if (q.code) query = query.where('v.code', '=', q.code);
  if (q.from) query = query.where('v.created_at', '>=', fromShanghai(q.from));
  if (q.to) query = query.where('v.created_at', '<=', fromShanghai(q.to));
  return query;
}

function sorted<QB extends SelectQueryBuilder<DB, never, object>>(query: QB, sorts: Record<string, string>, fallback: string, column?: string, order?: 'asc' | 'desc'): QB {
  // Own keys only: `constructor` or `__proto__` must not reach the inherited members of the map.
  const ref = column && Object.hasOwn(sorts, column) ? sorts[column]! : fallback;
  return query.orderBy(sql.ref(ref), order ?? 'desc') as QB;
}

export async function pageLoginLogs(db: Kysely<DB>, companyId: string, q: LoginLogQuery, limit: number, offset: number) {
  const base = loginLogs(db, companyId, q);
  const [rows, total] = await Promise.all([
    sorted(
      base.select(['l.id', 'l.username', 'l.method', 'l.ip', 'l.user_agent', 'l.success', 'l.message', shanghai('l.created_at').as('created_at')]),
      LOGIN_SORT,
      'l.created_at',
      q.column,
      q.order,
    )
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}

export async function pageVisitLogs(db: Kysely<DB>, companyId: string, q: VisitLogQuery, limit: number, offset: number) {
  const base = visitLogs(db, companyId, q);
  const [rows, total] = await Promise.all([
    sorted(
      base.select(['v.id', 'v.username', 'v.method', 'v.path', 'v.ip', 'v.duration_ms', 'v.http_status', 'v.code', shanghai('v.created_at').as('created_at')]),
      VISIT_SORT,
      'v.created_at',
      q.column,
      q.order,
    )
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(total.n) };
}
