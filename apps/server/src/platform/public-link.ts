import { createHash, randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { formatDateTime } from '@care/shared';
import type { SessionInfo } from './auth/request-session.js';
import type { DB } from './db/schema.js';
import { BizError, Forbidden, NotFound, StaleVersion } from './errors.js';

// Public links (大屏 display links, 月嫂 edit links, AI-log links): a token of 32 random bytes shown once,
// only its SHA-256 kept; live while not revoked and not past expires_at (the database's clock). The
// tables share these columns; each module adds its own (the screen, the nurse …) and decides what a
// token opens.

export type PublicLinkTable = 'display_link' | 'nurse_link' | 'ai_log_link';

/** The columns every link table has, as read. */
interface LinkColumns {
  id: string;
  company_id: string;
  token_hash: string;
  expires_at: Date;
  revoked_at: Date | null;
  revoked_by: string | null;
  last_used_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
  version: number;
}

// The kit reads and writes only the shared columns: one shape serves the three tables.
type LinkDb = Kysely<{ link: LinkColumns; app_user: DB['app_user'] }>;
const linkDb = (db: Kysely<DB>) => db as unknown as LinkDb;
const aliased = (table: PublicLinkTable) => `${table} as l` as 'link as l';
const plain = (table: PublicLinkTable) => table as 'link';

/** A new token and the hash that is stored. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export function hashLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** A link as the administrators' lists show it (its module adds its own columns). */
export interface LinkRow {
  id: string;
  created_at: Date;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  version: number;
  created_by_name: string;
  revoked_by_name: string;
  live: boolean;
}

/** The company's links with the names of who issued and revoked them; `extra` are the module's columns. */
export function linkRows<E extends object = object>(db: Kysely<DB>, table: PublicLinkTable, companyId: string, extra: readonly string[] = []) {
  return linkDb(db)
    .selectFrom(aliased(table))
    .leftJoin('app_user as cu', 'cu.id', 'l.created_by')
    .leftJoin('app_user as ru', 'ru.id', 'l.revoked_by')
    .where('l.company_id', '=', companyId)
    .select([
      'l.id', 'l.created_at', 'l.expires_at', 'l.last_used_at', 'l.revoked_at', 'l.version',
      sql<string>`coalesce(cu.first_name, '')`.as('created_by_name'),
      sql<string>`coalesce(ru.first_name, '')`.as('revoked_by_name'),
      sql<boolean>`l.revoked_at is null and l.expires_at > now()`.as('live'),
      ...extra.map((c) => sql.ref(`l.${c}`).as(c)),
    ])
    .$castTo<LinkRow & E>();
}

/** The fields every link's view shares. */
export function linkView(row: LinkRow) {
  return {
    id: row.id,
    state: row.revoked_at ? ('revoked' as const) : row.live ? ('active' as const) : ('expired' as const),
    createdAt: formatDateTime(row.created_at),
    createdByName: row.created_by_name,
    expiresAt: formatDateTime(row.expires_at),
    lastUsedAt: row.last_used_at ? formatDateTime(row.last_used_at) : null,
    revokedAt: row.revoked_at ? formatDateTime(row.revoked_at) : null,
    revokedByName: row.revoked_by_name,
    version: row.version,
  };
}

/** Issues a link for `days` days with the module's own `values`; answers its id and the token (shown once). */
export async function insertLink(db: Kysely<DB>, table: PublicLinkTable, v: { companyId: string; days: number; userId: string; values?: Record<string, unknown> }): Promise<{ id: string; token: string }> {
  const { token, hash } = newLinkToken();
  const row = await linkDb(db)
    .insertInto(plain(table))
    .values({
      ...(v.values as object),
      company_id: v.companyId,
      token_hash: hash,
      expires_at: sql<Date>`now() + make_interval(days => ${v.days}::int)`,
      created_by: v.userId,
      updated_by: v.userId,
    } as never)
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, token };
}

/**
 * Revokes a link of the caller's company in one transaction: 404 when there is none (or `visible` says
 * the caller may not see it), stale version, `alreadyRevoked` when it was.
 */
export async function revokeLink<E extends object = object>(
  db: Kysely<DB>,
  table: PublicLinkTable,
  session: SessionInfo,
  input: { id: string; version: number },
  rule: { alreadyRevoked: string; extra?: readonly string[]; visible?: (trx: Kysely<DB>, link: E) => Promise<void> },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const link = (await linkDb(trx)
      .selectFrom(plain(table))
      .select(['id', 'version', 'revoked_at', ...(rule.extra ?? []).map((c) => sql.ref(c).as(c))])
      .where('company_id', '=', session.companyId)
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst()) as ({ id: string; version: number; revoked_at: Date | null } & E) | undefined;
    if (!link) throw new NotFound();
    await rule.visible?.(trx, link);
    if (link.version !== input.version) throw new StaleVersion();
    if (link.revoked_at) throw new BizError(rule.alreadyRevoked);
    await linkDb(trx)
      .updateTable(plain(table))
      .set({ revoked_at: sql<Date>`now()`, revoked_by: session.userId, updated_by: session.userId, updated_at: sql<Date>`now()`, version: sql<number>`version + 1` })
      .where('id', '=', link.id)
      .execute();
  });
}

/**
 * The live link a token opens, with its company and the module's `extra` columns; a missing,
 * malformed, unknown, expired or revoked token is 403 with `invalid` and nothing more. `lock` holds the
 * link against a revoke until the caller's transaction ends.
 */
export async function liveLink<E extends object = object>(
  db: Kysely<DB>,
  table: PublicLinkTable,
  token: unknown,
  rule: { pattern: RegExp; invalid: string; extra?: readonly string[]; lock?: boolean },
): Promise<{ id: string; company_id: string } & E> {
  if (typeof token !== 'string' || !rule.pattern.test(token)) throw new Forbidden(rule.invalid);
  const query = liveLinks(db, table, rule.extra).where('token_hash', '=', hashLinkToken(token));
  const link = (await (rule.lock ? query.forUpdate() : query).executeTakeFirst()) as ({ id: string; company_id: string } & E) | undefined;
  if (!link) throw new Forbidden(rule.invalid);
  return link;
}

/** The links still live, selecting id, company and `extra` (for a module's look-ups by id). */
export function liveLinks(db: Kysely<DB>, table: PublicLinkTable, extra: readonly string[] = []) {
  return linkDb(db)
    .selectFrom(plain(table))
    .select(['id', 'company_id', ...extra.map((c) => sql.ref(c).as(c))])
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', sql<Date>`now()`);
}

/** Records a use of the link (not an edit: version and audit columns stay); `throttle` at most once a minute. */
export async function touchLink(db: Kysely<DB>, table: PublicLinkTable, id: string, throttle = false): Promise<void> {
  let update = linkDb(db).updateTable(plain(table)).set({ last_used_at: sql<Date>`now()` }).where('id', '=', id);
  if (throttle) update = update.where((eb) => eb.or([eb('last_used_at', 'is', null), eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`)]));
  await update.execute();
}
