import type { FastifyInstance } from 'fastify';
import { storeContract as c, storeResource } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerCrud } from '../../platform/crud/register-crud.js';
import { setStoreIdsProvider } from '../../platform/data-rules/index.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './store.service.js';

export function registerStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  // `#{sys_store_ids}` of data rules: the stores a user works in or manages.
  setStoreIdsProvider((rulesDb, session) => service.storeIdsOfUser(rulesDb, session.userId, session.companyId));
  registerCrud(app, db, storeResource, { list: c.list, queryById: c.queryById, add: c.add, edit: c.edit, updateStatus: c.updateStatus }, service.storeCrudOptions);
  registerContract(app, c.users, ({ body, request }) => service.usersOfStore(db, requireSession(request), body.storeId));
  registerContract(app, c.saveUsers, ({ body, request }) => service.saveUsersOfStore(db, requireSession(request), body.storeId, body.userIds));
  registerContract(app, c.options, ({ request }) => service.storeOptions(db, requireSession(request)));
}
