import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

// display_link rows. A link is live while not revoked and not past expires_at (the database's clock).

const columns = [
  'l.id', 'l.screen', 'l.note', 'l.created_at', 'l.expires_at', 'l.last_used_at', 'l.revoked_at', 'l.version',
  sql<string>`coalesce(cu.first_name, '')`.as('created_by_name'),
  sql<string>`coalesce(ru.first_name, '')`.as('revoked_by_name'),
  sql<boolean>`l.revoked_at is null and l.expires_at > now()`.as('live'),
] as const;

function links(db: Db, companyId: string) {
  return db
    .selectFrom('display_link as l')
    .leftJoin('app_user as cu', 'cu.id', 'l.created_by')
    .leftJoin('app_user as ru', 'ru.id', 'l.revoked_by')
    .where('l.company_id', '=', companyId);
}

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export function findLink(db: Db, companyId: string, id: string) {
  return links(db, companyId).select(columns).where('l.id', '=', id).executeTakeFirst();
}

export interface LinkFilter {
  screen?: number;
  state?: 'active' | 'expired' | 'revoked';
}

function filtered(db: Db, companyId: string, f: LinkFilter) {
  let q = links(db, companyId);
  if (f.screen) q = q.where('l.screen', '=', f.screen);
  if (f.state === 'revoked') q = q.where('l.revoked_at', 'is not', null);
  if (f.state === 'active') q = q.where('l.revoked_at', 'is', null).where('l.expires_at', '>', sql<Date>`now()`);
  if (f.state === 'expired') q = q.where('l.revoked_at', 'is', null).where('l.expires_at', '<=', sql<Date>`now()`);
  return q;
}

/** A page of the company's links, newest first. */
export async function pageLinks(db: Db, companyId: string, f: LinkFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, companyId, f).select(columns).orderBy('l.created_at', 'desc').orderBy('l.id').offset(page.offset).limit(page.limit).execute(),
    filtered(db, companyId, f).select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

export async function insertLink(db: Db, v: { companyId: string; screen: number; tokenHash: string; days: number; note: string; userId: string }): Promise<string> {
  const row = await db
    .insertInto('display_link')
    .values({
      company_id: v.companyId,
      screen: v.screen,
      token_hash: v.tokenHash,
      note: v.note,
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
  return db.selectFrom('display_link').select(['id', 'version', 'revoked_at']).where('company_id', '=', companyId).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function revokeLink(db: Db, id: string, userId: string): Promise<void> {
  await db
    .updateTable('display_link')
    .set({ revoked_at: sql<Date>`now()`, revoked_by: userId, updated_by: userId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
    .where('id', '=', id)
    .execute();
}

const liveColumns = ['id', 'company_id', 'screen', 'token_hash', 'expires_at'] as const;

/** The live link a token's hash names; undefined for an unknown, expired or revoked one. */
export function liveLinkByHash(db: Db, tokenHash: string) {
  return db.selectFrom('display_link').select(liveColumns).where('token_hash', '=', tokenHash).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
}

export type LiveLink = NonNullable<Awaited<ReturnType<typeof liveLinkByHash>>>;

/** The live link of an id (a socket ticket names it). */
export function liveLinkById(db: Db, id: string) {
  return db.selectFrom('display_link').select(liveColumns).where('id', '=', id).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`).executeTakeFirst();
}

/** Of these link ids, those still live (the hub's sweep: one query for every open screen). */
export async function liveIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('display_link').select('id').where('id', 'in', ids).where('revoked_at', 'is', null).where('expires_at', '>', sql<Date>`now()`).execute();
  return new Set(rows.map((r) => r.id));
}

/** Records a use of the link, at most once a minute (not an edit: version and audit columns stay). */
export async function touchLink(db: Db, id: string): Promise<void> {
  await db
    .updateTable('display_link')
    .set({ last_used_at: sql<Date>`now()` })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]))
    .execute();
}

export async function companyName(db: Db, companyId: string): Promise<string> {
  const row = await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
