import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  DISPLAY_LINK_TOKEN_PATTERN,
  DISPLAY_TICKET_TTL_SECONDS,
  DISPLAY_WS_PATH,
  DisplayLinkText,
  displayLinkUrl,
  toPageResult,
  type DisplayLink,
  type DisplayLinkIssued,
  type DisplayScreen,
  type DisplayTicket,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { Forbidden } from '../../platform/errors.js';
import { insertLink, linkView, liveLink, revokeLink as revoke, touchLink } from '../../platform/public-link.js';
import type { NonceStore } from '../../platform/signature/nonce-store.js';
import * as repo from './display-link.repo.js';

// Display links of the big screens (docs/reports.md, Big screens). The token is 32 random bytes shown
// once; only its SHA-256 is kept. A token opens exactly one thing: the data (and the live refresh) of
// the screen it was issued for, in its company.

function toLink(row: repo.LinkRow): DisplayLink {
  return { ...linkView(row), screen: row.screen as DisplayScreen, note: row.note };
}

// ---- 大屏链接 (administrators) ----

export async function listLinks(
  db: Kysely<DB>,
  session: SessionInfo,
  q: { pageNo: number; pageSize: number; screen?: DisplayScreen; state?: DisplayLink['state'] },
): Promise<PageResult<DisplayLink>> {
  const { rows, total } = await repo.pageLinks(db, session.companyId, { screen: q.screen, state: q.state }, { offset: (q.pageNo - 1) * q.pageSize, limit: q.pageSize });
  return toPageResult(rows.map(toLink), total, q);
}

const EXPORT_LIMIT = 10_000;

/** The list's rows for 导出 (the filters, no paging; at most 10,000). */
export async function exportLinks(db: Kysely<DB>, session: SessionInfo, q: { screen?: DisplayScreen; state?: DisplayLink['state'] }): Promise<DisplayLink[]> {
  const { rows } = await repo.pageLinks(db, session.companyId, { screen: q.screen, state: q.state }, { offset: 0, limit: EXPORT_LIMIT });
  return rows.map(toLink);
}

/** A new link for `days` days; its address (with the token) is answered this once and never again. */
export async function issueLink(db: Kysely<DB>, session: SessionInfo, input: { screen: DisplayScreen; days: number; note: string }): Promise<DisplayLinkIssued> {
  const { id, token } = await insertLink(db, 'display_link', { companyId: session.companyId, days: input.days, userId: session.userId, values: { screen: input.screen, note: input.note } });
  const row = await repo.findLink(db, session.companyId, id);
  return { link: toLink(row!), url: displayLinkUrl(input.screen, token) };
}

export async function revokeLink(db: Kysely<DB>, session: SessionInfo, input: { id: string; version: number }): Promise<DisplayLink> {
  await revoke(db, 'display_link', session, input, { alreadyRevoked: DisplayLinkText.alreadyRevoked });
  return toLink((await repo.findLink(db, session.companyId, input.id))!);
}

// ---- the screens (public, through a token) ----

/**
 * The live link of a token for `screen`; anything else (no token, malformed, unknown, expired, revoked,
 * or a link of another screen) is 403 链接无效或已过期 and nothing more. Its use is recorded.
 */
export async function screenLink(db: Kysely<DB>, token: string | undefined, screen: DisplayScreen): Promise<repo.LiveLink> {
  const link = await anyScreenLink(db, token);
  if (link.screen !== screen) throw new Forbidden(DisplayLinkText.invalid);
  await touchLink(db, 'display_link', link.id, true);
  return link;
}

/** The live link of a token, whatever its screen (the ticket call: the socket is for that screen). */
function anyScreenLink(db: Kysely<DB>, token: string | undefined): Promise<repo.LiveLink> {
  return liveLink<repo.LiveLink>(db, 'display_link', token, { pattern: DISPLAY_LINK_TOKEN_PATTERN, invalid: DisplayLinkText.invalid, extra: ['screen', 'token_hash'] });
}

// Socket tickets: `<linkId>.<expiry ms>.<nonce>.<mac>`, the MAC an HMAC-SHA256 keyed by the link's
// stored token hash (so any instance can check it), the nonce spent once in the shared nonce store.

const TICKET = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

function mac(key: string, body: string): string {
  return createHmac('sha256', key).update(`display-ticket|${body}`).digest('base64url');
}

export async function issueTicket(db: Kysely<DB>, token: string | undefined, now = Date.now()): Promise<DisplayTicket> {
  const link = await anyScreenLink(db, token);
  const body = `${link.id}.${now + DISPLAY_TICKET_TTL_SECONDS * 1000}.${randomBytes(16).toString('base64url')}`;
  return { ticket: `${body}.${mac(link.token_hash, body)}`, expiresIn: DISPLAY_TICKET_TTL_SECONDS, wsPath: DISPLAY_WS_PATH };
}

/** Checks and spends a ticket: the live link it names, or 403. */
export async function redeemTicket(db: Kysely<DB>, nonces: NonceStore, ticket: unknown, now = Date.now()): Promise<repo.LiveLink> {
  const parts = typeof ticket === 'string' ? TICKET.exec(ticket) : null;
  if (!parts) throw new Forbidden(DisplayLinkText.invalid);
  const [, id, expiry, nonce, given] = parts as unknown as [string, string, string, string, string];
  const expiresAt = Number(expiry);
  if (expiresAt <= now || expiresAt > now + DISPLAY_TICKET_TTL_SECONDS * 1000) throw new Forbidden(DisplayLinkText.invalid);
  const link = await repo.liveLinkById(db, id);
  if (!link) throw new Forbidden(DisplayLinkText.invalid);
  const expected = Buffer.from(mac(link.token_hash, `${id}.${expiry}.${nonce}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new Forbidden(DisplayLinkText.invalid);
  if (!(await nonces.remember(`display-ticket:${nonce}`, expiresAt))) throw new Forbidden(DisplayLinkText.invalid);
  return link;
}
