import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ErrorText, fail, ResultCode } from '@care/shared';
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
    if (declaration.signature !== false) await deps.verifier.verify(signedFields(request));
    if (declaration.access !== 'public') await deps.sessions.authorize(request, declaration as RouteDeclaration);
  });
}

/** Query parameters and the JSON body's top-level fields, as the client signed them. */
function signedFields(request: FastifyRequest): Record<string, unknown> {
  const query = (request.query ?? {}) as Record<string, unknown>;
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body) || Buffer.isBuffer(body)) return { ...query };
  const fields: Record<string, unknown> = { ...query };
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    // Multipart bodies hold `{ type: 'field', value }` parts; files are never signed.
    fields[name] = isMultipartField(value) ? value.value : value;
  }
  return fields;
}

function isMultipartField(value: unknown): value is { type: 'field'; value: unknown } {
  return typeof value === 'object' && value !== null && (value as { type?: unknown }).type === 'field' && 'fieldname' in value;
}
