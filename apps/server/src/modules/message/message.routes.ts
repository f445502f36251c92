import type { FastifyInstance } from 'fastify';
import { messageRecordContract, messageTemplateContract, messageTemplateResource } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './message.service.js';

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const t = messageTemplateContract;
  registerCrud(app, db, messageTemplateResource, { list: t.list, add: t.add, edit: t.edit, delete: t.delete }, service.templateCrudOptions);
  registerContract(app, t.testSend, ({ body, request }) => service.testSend(db, ctx.push, requireSession(request), body.id, body.data));

  const r = messageRecordContract;
  registerContract(app, r.list, ({ body, request }) => service.pageMyMessages(db, requireSession(request), body));
  registerContract(app, r.queryById, ({ body, request }) => service.myMessage(db, requireSession(request), body.id));
  registerContract(app, r.markRead, ({ body, request }) => service.markRead(db, requireSession(request), body.ids));
  registerContract(app, r.readAll, ({ request }) => service.readAll(db, requireSession(request)));
}
