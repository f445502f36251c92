import type { FastifyInstance } from 'fastify';
import { onlineFormContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './online-form.service.js';

export function registerOnlineFormRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.list, ({ body }) => service.listForms(db, body));
  registerContract(app, c.queryById, ({ body }) => service.getForm(db, body.id));
  registerContract(app, c.add, ({ body, request }) => service.createForm(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editForm(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body, request }) => service.deleteForm(db, requireSession(request), body));
  registerContract(app, c.sync, ({ body, request }) => service.syncForm(db, requireSession(request), body));
  registerContract(app, c.migrations, ({ body }) => service.listMigrations(db, body.id));
  registerContract(app, c.genMenu, ({ body, request }) => service.genMenu(db, requireSession(request), body));
}
