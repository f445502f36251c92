import type { FastifyInstance } from 'fastify';
import { storeContract as c } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { setStoreIdsProvider } from '../../platform/data-rules/index.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './store.service.js';

export function registerStoreRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  // `#{sys_store_ids}` of data rules: the stores a user works in or manages.
  setStoreIdsProvider((rulesDb, session) => service.storeIdsOfUser(rulesDb, session.userId, session.companyId));
  registerContract(app, c.list, ({ body, request }) => service.pageStores(db, requireSession(request), body));
  registerContract(app, c.queryById, ({ body, request }) => service.getStore(db, requireSession(request), body.id));
  registerContract(app, c.add, ({ body, request }) => service.addStore(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editStore(db, requireSession(request), body));
  registerContract(app, c.updateStatus, ({ body, request }) => service.setStoreEnabled(db, requireSession(request), body.id, body.enabled));
  registerContract(app, c.users, ({ body, request }) => service.usersOfStore(db, requireSession(request), body.storeId));
  registerContract(app, c.saveUsers, ({ body, request }) => service.saveUsersOfStore(db, requireSession(request), body.storeId, body.userIds));
  registerContract(app, c.options, ({ request }) => service.storeOptions(db, requireSession(request)));
}
