import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorText, fail, ResultCode } from '@care/shared';
import { BadSignature, NoSession } from '../errors.js';
import type { SignatureVerifier } from '../signature/verify.js';
import type { RouteDeclaration } from './route-table.js';

/** Resolves the caller of a non-public route from its access token; the sign-in module provides it. */
export interface SessionResolver {
  /** Throws NoSession / SessionSuperseded / Forbidden; returns nothing when access is granted. */
  authorize(request: FastifyRequest, declaration: RouteDeclaration): Promise<void>;
}

export interface Lifecycle {
  closing: boolean;
}

/**
 * Every request passes here in order: refused while the server stops; signature (all routes but the
 * declared unsigned public ones) before anything else runs; then the route's access declaration.
 */
export function installGuards(app: FastifyInstance, deps: { verifier: SignatureVerifier; sessions: SessionResolver; lifecycle: Lifecycle }): void {
  app.addHook('onRequest', async (_request, reply) => {
    if (deps.lifecycle.closing) {
      reply.header('connection', 'close');
      return reply.code(503).send(fail(ResultCode.serverError, ErrorText.unavailable));
    }
  });

  // Responses finished during shutdown close their connection, so no keep-alive socket holds the exit.
  app.addHook('onSend', async (_request, reply) => {
    if (deps.lifecycle.closing) reply.header('connection', 'close');
  });

  app.addHook('preValidation', async (request) => {
    const declaration = request.routeOptions.config as unknown as Partial<RouteDeclaration>;
    // No declaration: no route matched, and the not-found handler answers 404 without doing anything.
    if (!declaration.access) return;
    if (declaration.signature !== false) {
      // The token travels in the X-Access-Token header only: a URL holding it (logs, history,
      // Referer) is refused as if no session were given.
      if (Object.hasOwn((request.query ?? {}) as object, 'sessionKey')) throw new NoSession();
      await deps.verifier.verify(signedFields(request));
    }
    if (declaration.access !== 'public') await deps.sessions.authorize(request, declaration as RouteDeclaration);
  });
}

/**
 * What the client signed: the query parameters, the JSON body's top-level fields (a multipart body is
 * not read here: its calls are signed over the query alone), and `sessionKey` = the X-Access-Token
 * header, so the token is signed without ever being in a URL.
 */
function signedFields(request: FastifyRequest): Record<string, unknown> {
  const fields: Record<string, unknown> = { ...((request.query ?? {}) as Record<string, unknown>) };
  const body = request.body;
  if (body && typeof body === 'object' && !Array.isArray(body) && !Buffer.isBuffer(body)) Object.assign(fields, body);
  const header = request.headers['x-access-token'];
  if (typeof header === 'string' && header !== '') {
    // A JSON body's signed sessionKey must be the token presented.
    if (fields.sessionKey !== undefined && fields.sessionKey !== header) throw new BadSignature();
    fields.sessionKey = header;
  }
  return fields;
}
