import type { FastifyInstance } from 'fastify';
import { followUpContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './follow-up.service.js';

export function registerFollowUpRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.pageFollowUps(db, requireSession(request), body));
  registerContract(app, c.add, ({ body, request }) => service.addFollowUp(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editFollowUp(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body, request }) => service.deleteFollowUp(db, requireSession(request), body.id));
}
