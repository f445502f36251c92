import type { FastifyInstance } from 'fastify';
import { findUnsafeText, InputTextText } from '@care/shared';
import { ValidationError } from '../errors.js';
import type { RouteDeclaration } from './route-table.js';

/**
 * Every route's body, query and path parameters, once the caller is known to be allowed (after the
 * guards) and before its schema runs: a NUL or a lone surrogate anywhere (value or key) is refused with
 * 422 naming the field, so no text field of any route can reach the database with one.
 */
export function installInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    // No declaration: no route matched, and the not-found handler answers 404.
    if (!(request.routeOptions.config as Partial<RouteDeclaration> | undefined)?.access) return;
    for (const input of [request.body, request.query, request.params]) {
      if (Buffer.isBuffer(input)) continue;
      const path = findUnsafeText(input);
      if (path !== undefined) throw new ValidationError(path ? `${path}: ${InputTextText.unsafe}` : InputTextText.unsafe);
    }
  });
}
