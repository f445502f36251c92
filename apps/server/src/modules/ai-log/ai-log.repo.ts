import { sql } from 'kysely';
import type { AiLinkedType, AiLogKind, AiLogListParams, AiLogStatus } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

// ai_log (append-only) and ai_log_link rows. A link is live while not revoked and not past
// expires_at (the database's clock).

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

// ---- links ----

const linkColumns = [
  'l.id', 'l.created_at', 'l.expires_at', 'l.last_used_at', 'l.revoked_at', 'l.version',
  sql<string>`coalesce(cu.first_name, '')`.as('created_by_name'),
  sql<boolean>`l.revoked_at is null and l.expires_at > now()`.as('live'),
] as const;

function links(db: Db, companyId: string) {
  return db.selectFrom('ai_log_link as l').leftJoin('app_user as cu', 'cu.id', 'l.created_by').where('l.company_id', '=', companyId);
}

export function findLink(db: Db, companyId: string, id: string) {
  return links(db, companyId).select(linkColumns).where('l.id', '=', id).executeTakeFirst();
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

/** The company's links, newest first (a handful: the dialog lists the latest 100). */
export function linksOf(db: Db, companyId: string) {
  return links(db, companyId).select(linkColumns).orderBy('l.created_at', 'desc').orderBy('l.id').limit(100).execute();
}

export async function insertLink(db: Db, v: { companyId: string; tokenHash: string; days: number; userId: string }): Promise<string> {
  const row = await db
    .insertInto('ai_log_link')
    .values({
      company_id: v.companyId,
      token_hash: v.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${v.days}::int)`,
      created_by: v.userId,
      updated_by: v.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function lockLink(db: Db, companyId: string, id: string) {
  return db.selectFrom('ai_log_link').select(['id', 'version', 'revoked_at']).where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function revokeLink(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('ai_log_link')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: userId, updated_by: userId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/** The live link a token's hash names, with its company; undefined for an unknown, expired or revoked one. */
export function liveLinkByHash(db: Db, tokenHash: string) {
  return db
    .selectFrom('ai_log_link')
    .select(['id', 'company_id'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`)
    .executeTakeFirst();
}

/** Records a use of the link (not an edit of it: version and audit columns stay). */
export async function touchLink(db: Db, id: string): Promise<void> {
  await db.updateTable('ai_log_link').set({ last_used_at: sql<Date>`now()` }).where('id', '=', id).execute();
}
