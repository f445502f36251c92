import type { FastifyInstance } from 'fastify';
import { findUnsafeText, InputTextText } from '@care/shared';
import { ValidationError } from '../errors.js';

/**
 * Every route's body, query and path parameters, once the caller is known to be allowed (after the
 * guards) and before its schema runs: a NUL or a lone surrogate anywhere (value or key) is refused with
 * 422 naming the field, so no text field of any route can reach the database with one.
 */
export function installInputTextCheck(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const input of [request.body, request.query, request.params]) {
      if (Buffer.isBuffer(input)) continue;
      const path = findUnsafeText(input);
      if (path !== undefined) throw new ValidationError(path ? `${path}: ${InputTextText.unsafe}` : InputTextText.unsafe);
    }
  });
}
