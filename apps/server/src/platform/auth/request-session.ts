import type { FastifyRequest } from 'fastify';
import { NoSession } from '../errors.js';

/** Who is calling: set by the guard on every non-public route. */
export interface SessionInfo {
  sessionId: string;
  userId: string;
  username: string;
  companyId: string;
  departmentId: string | null;
  /**
   * `access_rules_version` as the request's session check read it; while it stays the same, data
   * rules loaded by an earlier request of the user still hold. Absent outside an HTTP request.
   */
  accessVersion?: string;
}

const sessions = new WeakMap<FastifyRequest, SessionInfo>();

export function attachSession(request: FastifyRequest, session: SessionInfo): void {
  sessions.set(request, session);
}

/** The caller's session; a handler of an `authenticated` or action route always has one. */
export function requireSession(request: FastifyRequest): SessionInfo {
  const session = sessions.get(request);
  if (!session) throw new NoSession();
  return session;
}

/** The caller's session when one was resolved (logging); undefined on public routes. */
export function peekSession(request: FastifyRequest): SessionInfo | undefined {
  return sessions.get(request);
}
