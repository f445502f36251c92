import { sql } from 'kysely';
import type { AiLinkedType, AiLogKind, AiLogListParams, AiLogStatus } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { linkRows } from '../../platform/public-link.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// ai_log (append-only) and ai_log_link rows.

export interface NewLogRow {
  companyId: string;
  kind: AiLogKind;
  input: unknown;
  output: string;
  model: string;
  operatorId: string | null;
  linkedType: AiLinkedType | null;
  linkedId: string | null;
  status: AiLogStatus;
  error: string | null;
  durationMs: number;
}

export async function insertLog(db: Db, v: NewLogRow): Promise<string> {
  const row = await db
    .insertInto('ai_log')
    .values({
      company_id: v.companyId,
      kind: v.kind,
      input: JSON.stringify(v.input),
      output: v.output,
      model: v.model,
      operator_id: v.operatorId,
      linked_type: v.linkedType,
      linked_id: v.linkedId,
      status: v.status,
      error: v.error,
      duration_ms: v.durationMs,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function filtered(db: Db, companyId: string, q: AiLogListParams) {
  let query = db.selectFrom('ai_log as a').where('a.company_id', '=', companyId);
  if (q.kind) query = query.where('a.kind', '=', q.kind);
  if (q.operatorId) query = query.where('a.operator_id', '=', q.operatorId);
  if (q.linkedType) query = query.where('a.linked_type', '=', q.linkedType);
  if (q.linkedId) query = query.where('a.linked_id', '=', q.linkedId);
  if (q.from) query = query.where('a.created_at', '>=', shanghaiDayStart(q.from));
  if (q.to) query = query.where('a.created_at', '<', shanghaiDayAfter(q.to));
  return query;
}

function withOperator(db: Db, companyId: string, q: AiLogListParams) {
  return filtered(db, companyId, q)
    .leftJoin('app_user as u', 'u.id', 'a.operator_id')
    .select([
      'a.id', 'a.kind', 'a.input', 'a.output', 'a.model', 'a.status', 'a.error', 'a.operator_id', 'a.linked_type', 'a.linked_id', 'a.duration_ms', 'a.created_at',
      sql<string>`coalesce(u.first_name, '')`.as('operator_name'),
    ]);
}

/** Every matching row for an export, newest first, at most `limit`. */
export function allLog(db: Db, companyId: string, q: AiLogListParams, limit: number) {
  return withOperator(db, companyId, q).orderBy('a.created_at', 'desc').orderBy('a.id', 'desc').limit(limit).execute();
}

/** A page of the company's log, newest first (or oldest first with `order: 'asc'`). */
export function pageLog(db: Db, companyId: string, q: AiLogListParams) {
  const matches = filtered(db, companyId, q);
  const direction = q.order === 'asc' ? 'asc' : 'desc';
  const rows = withOperator(db, companyId, q)
    .orderBy('a.created_at', direction)
    .orderBy('a.id', direction);
  return pageWithCappedCount(db, rows, matches, q);
}

export type LogRow = Awaited<ReturnType<typeof pageLog>>['rows'][number];

/** Everyone who appears in the company's log (the operator filter's choices). */
export function operatorsOf(db: Db, companyId: string) {
  return db
    .selectFrom('app_user as u')
    .select(['u.id', sql<string>`coalesce(u.first_name, u.username)`.as('name')])
    .where('u.id', 'in', db.selectFrom('ai_log').select('operator_id').where('company_id', '=', companyId).where('operator_id', 'is not', null).distinct().$narrowType<{ operator_id: string }>())
    .orderBy('name')
    .limit(200)
    .execute();
}

// ---- links (platform/public-link.ts has what every public link has; an AI-log link adds nothing) ----

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export function findLink(db: Db, companyId: string, id: string) {
  return linkRows(db, 'ai_log_link', companyId).where('l.id', '=', id).executeTakeFirst();
}

/** The company's links, newest first (a handful: the dialog lists the latest 100). */
export function linksOf(db: Db, companyId: string) {
  return linkRows(db, 'ai_log_link', companyId).orderBy('l.created_at', 'desc').orderBy('l.id').limit(100).execute();
}
