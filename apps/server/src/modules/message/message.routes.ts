import type { FastifyInstance } from 'fastify';
import { messageRecordContract, messageTemplateContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './message.service.js';

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const t = messageTemplateContract;
  registerContract(app, t.list, ({ body, request }) => service.pageTemplates(db, requireSession(request), body));
  registerContract(app, t.add, ({ body, request }) => service.addTemplate(db, requireSession(request), body));
  registerContract(app, t.edit, ({ body, request }) => service.editTemplate(db, requireSession(request), body));
  registerContract(app, t.delete, ({ body, request }) => service.deleteTemplate(db, requireSession(request), body.id));
  registerContract(app, t.testSend, ({ body, request }) => service.testSend(db, ctx.push, requireSession(request), body.id, body.data));

  const r = messageRecordContract;
  registerContract(app, r.list, ({ body, request }) => service.pageMyMessages(db, requireSession(request), body));
  registerContract(app, r.queryById, ({ body, request }) => service.myMessage(db, requireSession(request), body.id));
  registerContract(app, r.markRead, ({ body, request }) => service.markRead(db, requireSession(request), body.ids));
  registerContract(app, r.readAll, ({ request }) => service.readAll(db, requireSession(request)));
}
