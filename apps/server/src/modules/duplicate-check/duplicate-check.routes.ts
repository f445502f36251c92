import type { FastifyInstance } from 'fastify';
import { duplicateCheckContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { checkDuplicate } from './duplicate-check.service.js';

export function registerDuplicateCheckRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, duplicateCheckContract.check, ({ body, request }) => checkDuplicate(db, requireSession(request), body));
}
