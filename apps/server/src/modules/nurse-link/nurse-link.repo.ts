import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

// nurse_link rows. A link is live while not revoked and not past expires_at (the database's clock).

const LIST_LIMIT = 100;

const columns = [
  'l.id', 'l.nurse_id', 'l.created_at', 'l.expires_at', 'l.last_used_at', 'l.revoked_at', 'l.version',
  sql<string>`coalesce(cu.first_name, '')`.as('created_by_name'),
  sql<string>`coalesce(ru.first_name, '')`.as('revoked_by_name'),
  sql<boolean>`l.revoked_at is null and l.expires_at > now()`.as('live'),
] as const;

function links(db: Db, companyId: string) {
  return db
    .selectFrom('nurse_link as l')
    .leftJoin('app_user as cu', 'cu.id', 'l.created_by')
    .leftJoin('app_user as ru', 'ru.id', 'l.revoked_by')
    .where('l.company_id', '=', companyId);
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export function findLink(db: Db, companyId: string, id: string) {
  return links(db, companyId).select(columns).where('l.id', '=', id).executeTakeFirst();
}

/** A nurse's links, newest first (a handful: the dialog lists them whole). */
export function linksOfNurse(db: Db, companyId: string, nurseId: string) {
  return links(db, companyId).select(columns).where('l.nurse_id', '=', nurseId).orderBy('l.created_at', 'desc').orderBy('l.id').limit(LIST_LIMIT).execute();
}

export async function insertLink(db: Db, v: { companyId: string; nurseId: string; tokenHash: string; days: number; userId: string }): Promise<string> {
  const row = await db
    .insertInto('nurse_link')
    .values({
      company_id: v.companyId,
      nurse_id: v.nurseId,
      token_hash: v.tokenHash,
      expires_at: sql<Date>`now() + make_interval(days => ${v.days}::int)`,
      created_by: v.userId,
      updated_by: v.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Locks a link of the company for a change; undefined when there is none. */
export function lockLink(db: Db, companyId: string, id: string) {
  return db.selectFrom('nurse_link').select(['id', 'nurse_id', 'version', 'revoked_at']).where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function revokeLink(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('nurse_link')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: userId, updated_by: userId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

/**
 * The live link a token's hash names, with its company and nurse; `lock` holds it against a revoke
 * until the caller's transaction ends. Undefined for an unknown, expired or revoked one.
 */
export function liveLinkByHash(db: Db, tokenHash: string, lock = false) {
  const query = db
    .selectFrom('nurse_link')
    .select(['id', 'company_id', 'nurse_id', 'created_at', 'expires_at', 'uploads'])
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
  return (lock ? query.forUpdate() : query).executeTakeFirst();
}

export type LiveLink = NonNullable<Awaited<ReturnType<typeof liveLinkByHash>>>;

/** Records a use of the link (not an edit of it: version and audit columns stay). */
export async function touchLink(db: Db, id: string): Promise<void> {
  await db.updateTable('nurse_link').set({ last_used_at: sql<Date>`now()` }).where('id', '=', id).execute();
}

/** Remembers an image uploaded through the link, so that her record may take it (and no other new path). */
export async function recordUpload(db: Db, id: string, path: string): Promise<void> {
  await db.updateTable('nurse_link').set({ uploads: sql<string[]>`array_append(uploads, ${path})` }).where('id', '=', id).execute();
}
