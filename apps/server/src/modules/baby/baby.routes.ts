import type { FastifyInstance } from 'fastify';
import { babyContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './baby.service.js';

export function registerBabyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body, request }) => service.listBabies(db, requireSession(request), body.customerId));
  registerContract(app, c.add, ({ body, request }) => service.addBaby(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editBaby(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body, request }) => service.deleteBaby(db, requireSession(request), body.id));
}
