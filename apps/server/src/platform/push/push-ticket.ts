import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { PUSH_TICKET_TTL_SECONDS } from '@care/shared';
import { attachSession, type SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { Forbidden, NoSession, SessionSuperseded } from '../errors.js';
import type { SessionResolver } from '../http/guards.js';
import type { RouteDeclaration } from '../http/route-table.js';
import type { NonceStore } from '../signature/nonce-store.js';
import { findTicketSession } from './push.repo.js';

/**
 * Tickets for the live-push socket. A browser cannot send headers with a WebSocket, and the session
 * token must not travel in a URL (proxy logs, history), so registerMqWeb hands out a ticket instead:
 * `<sessionId>.<expiry>.<nonce>.<mac>`, the MAC keyed by the session's token hash (known only to the
 * database and, through the token, to the session's own browser). Any instance can check it; the
 * nonce store (shared between instances in database and redis mode) makes it single use.
 */
export async function issuePushTicket(db: Kysely<DB>, session: SessionInfo, now = Date.now()): Promise<{ ticket: string; expiresIn: number }> {
  const row = await findTicketSession(db, session.sessionId);
  if (!row) throw new NoSession();
  const expiresAt = now + PUSH_TICKET_TTL_SECONDS * 1000;
  const nonce = randomBytes(16).toString('base64url');
  const body = `${row.id}.${expiresAt}.${nonce}`;
  return { ticket: `${body}.${mac(row.token_hash, body)}`, expiresIn: PUSH_TICKET_TTL_SECONDS };
}

const TICKET = /^([0-9a-f-]{36})\.(\d{13})\.([A-Za-z0-9_-]{22})\.([A-Za-z0-9_-]{43})$/;

/** Checks and spends a ticket; the session it names, or NoSession / SessionSuperseded. */
export async function redeemPushTicket(db: Kysely<DB>, nonces: NonceStore, ticket: string, now = Date.now()): Promise<SessionInfo> {
  const parts = TICKET.exec(ticket);
  if (!parts) throw new NoSession();
  const [, sessionId, expiry, nonce, given] = parts as unknown as [string, string, string, string, string];
  const expiresAt = Number(expiry);
  if (expiresAt <= now || expiresAt > now + PUSH_TICKET_TTL_SECONDS * 1000) throw new NoSession();
  const row = await findTicketSession(db, sessionId);
  if (!row) throw new NoSession();
  const expected = Buffer.from(mac(row.token_hash, `${sessionId}.${expiry}.${nonce}`));
  const actual = Buffer.from(given);
  if (actual.length !== expected.length || !timingSafeEqual(actual, expected)) throw new NoSession();
  if (row.revoked_reason === 'superseded') throw new SessionSuperseded();
  if (row.revoked_at || row.expires_at.getTime() <= now || row.user_status !== 'enabled') throw new NoSession();
  if (!(await nonces.remember(`push-ticket:${nonce}`, expiresAt))) throw new NoSession();
  return { sessionId: row.id, userId: row.user_id, username: row.username, companyId: row.company_id, departmentId: row.department_id };
}

/**
 * The app's session resolver with tickets added: a route declaring `credential: 'push-ticket'` (the
 * push socket) is authenticated by the `ticket` query parameter, every other one by its token.
 */
export function withPushTickets(tokens: SessionResolver, db: Kysely<DB>, nonces: NonceStore): SessionResolver {
  return {
    async authorize(request: FastifyRequest, declaration: RouteDeclaration) {
      if (declaration.credential !== 'push-ticket') return tokens.authorize(request, declaration);
      // A ticket proves a session, not a permission: it opens only routes any signed-in user may use.
      if (declaration.access !== 'authenticated') throw new Forbidden();
      const ticket = (request.query as Record<string, unknown> | undefined)?.ticket;
      if (typeof ticket !== 'string') throw new NoSession();
      attachSession(request, await redeemPushTicket(db, nonces, ticket));
    },
  };
}

function mac(key: string, body: string): string {
  return createHmac('sha256', key).update(`push-ticket|${body}`).digest('base64url');
}
