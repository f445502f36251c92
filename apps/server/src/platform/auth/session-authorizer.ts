import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import { BadSignature, Forbidden, NoSession, SessionSuperseded } from '../errors.js';
import type { SessionResolver } from '../http/guards.js';
import type { RouteDeclaration } from '../http/route-table.js';
import { attachSession } from './request-session.js';
import { findSessionForRequest } from './session.repo.js';
import { hashToken } from './session-token.js';
import { AuthorityText, ModuleSwitchText } from '@care/shared';
import type { ModuleGate } from './module-gate.js';
import { platformCompanyId } from './authority.repo.js';
import { GLOBAL_ACTIONS } from './global-actions.js';

/**
 * Resolves `X-Access-Token` on every non-public route, against the database each time, so a
 * revoked session, a disabled user or a withdrawn permission takes effect on the very next request.
 */
export function createSessionAuthorizer(db: Kysely<DB>, moduleGate?: ModuleGate, now: () => number = Date.now): SessionResolver {
  return {
    async authorize(request: FastifyRequest, declaration: RouteDeclaration) {
      const header = request.headers['x-access-token'];
      const token = typeof header === 'string' ? header : undefined;
      if (!token) throw new NoSession();
      // The signed sessionKey must be the token actually presented.
      const signedKey = signedSessionKey(request);
      if (signedKey !== undefined && signedKey !== token) throw new BadSignature();
      const action = declaration.access === 'authenticated' ? null : declaration.access;
      const row = await findSessionForRequest(db, hashToken(token), action);
      if (!row) throw new NoSession();
      if (row.revoked_reason === 'superseded') throw new SessionSuperseded();
      // A disabled company's sessions end with it.
      if (row.revoked_reason || row.expires_at.getTime() <= now() || row.user_status !== 'enabled' || !row.company_enabled) throw new NoSession();
      if (!row.allowed) throw new Forbidden();
      if (action && GLOBAL_ACTIONS.has(action) && row.company_id !== (await platformCompanyId(db))) throw new Forbidden(AuthorityText.platformOnly);
      if (action && moduleGate && (await moduleGate.blocks(action, row.company_id, row.user_id, String(row.access_version)))) throw new Forbidden(ModuleSwitchText.off);
      attachSession(request, {
        sessionId: row.id,
        userId: row.user_id,
        username: row.username,
        companyId: row.company_id,
        departmentId: row.department_id,
        accessVersion: String(row.access_version),
      });
    },
  };
}

/** A JSON body's sessionKey (the query never holds one: the guards refuse it). */
function signedSessionKey(request: FastifyRequest): string | undefined {
  const body = request.body;
  const value = body && typeof body === 'object' && !Buffer.isBuffer(body) ? (body as Record<string, unknown>).sessionKey : undefined;
  return typeof value === 'string' ? value : undefined;
}
