import { sql } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import { linkRows, liveLinks } from '../../platform/public-link.js';

// display_link rows beyond what every public link has (platform/public-link.ts): the screen and a note.

const EXTRA = ['screen', 'note'] as const;
type Extra = { screen: number; note: string };

export type LinkRow = NonNullable<Awaited<ReturnType<typeof findLink>>>;

export function findLink(db: Db, companyId: string, id: string) {
  return linkRows<Extra>(db, 'display_link', companyId, EXTRA).where('l.id', '=', id).executeTakeFirst();
}

export interface LinkFilter {
  screen?: number;
  state?: 'active' | 'expired' | 'revoked';
}

function filtered(db: Db, companyId: string, f: LinkFilter) {
  let q = linkRows<Extra>(db, 'display_link', companyId, EXTRA);
  if (f.screen) q = q.where(sql.ref('l.screen'), '=', f.screen);
  if (f.state === 'revoked') q = q.where('l.revoked_at', 'is not', null);
  if (f.state === 'active') q = q.where('l.revoked_at', 'is', null).where('l.expires_at', '>', sql<Date>`now()`);
  if (f.state === 'expired') q = q.where('l.revoked_at', 'is', null).where('l.expires_at', '<=', sql<Date>`now()`);
  return q;
}

/** A page of the company's links, newest first. */
export async function pageLinks(db: Db, companyId: string, f: LinkFilter, page: { offset: number; limit: number }) {
  const [rows, count] = await Promise.all([
    filtered(db, companyId, f).orderBy('l.created_at', 'desc').orderBy('l.id').offset(page.offset).limit(page.limit).execute(),
    filtered(db, companyId, f).clearSelect().select((eb) => eb.fn.countAll<string | number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.n) };
}

/** The live link of an id (a socket ticket names it), with its screen and token hash (the ticket's key). */
export function liveLinkById(db: Db, id: string) {
  return liveLinks(db, 'display_link', ['screen', 'token_hash']).where('id', '=', id).$castTo<LiveLink>().executeTakeFirst();
}

export interface LiveLink {
  id: string;
  company_id: string;
  screen: number;
  token_hash: string;
}

/** Of these link ids, those still live (the hub's sweep: one query for every open screen). */
export async function liveIds(db: Db, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await liveLinks(db, 'display_link').where('id', 'in', ids).execute();
  return new Set(rows.map((r) => r.id));
}

export async function companyName(db: Db, companyId: string): Promise<string> {
  const row = await db.selectFrom('company').select('name').where('id', '=', companyId).executeTakeFirst();
  return row?.name ?? '';
}
