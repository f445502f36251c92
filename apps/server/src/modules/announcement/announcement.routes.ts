import type { FastifyInstance } from 'fastify';
import { announcementContract, announcementResource } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './announcement.service.js';

export function registerAnnouncementRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = announcementContract;
  const crud = registerCrud(app, db, announcementResource, { list: c.list, add: c.add, edit: c.edit, delete: c.delete }, service.announcementCrudOptions);
  registerContract(app, c.publish, ({ body, request }) => service.publish(db, crud, ctx.push, requireSession(request), body));
  registerContract(app, c.revoke, ({ body, request }) => service.revoke(db, crud, requireSession(request), body));
  registerContract(app, c.readRecords, ({ body, request }) => service.readRecords(db, requireSession(request), body));
  registerContract(app, c.audienceOptions, ({ body, request }) => service.audienceOptions(db, requireSession(request), body));
  registerContract(app, c.listByUser, ({ body, request }) => service.listByUser(db, requireSession(request), body.pageSize));
  registerContract(app, c.queryById, ({ query, request }) => service.queryById(db, requireSession(request), query.id));
  registerContract(app, c.editByAnntIdAndUserId, ({ body, request }) => service.markRead(db, requireSession(request), body.anntId, body.msgCategory));
}
