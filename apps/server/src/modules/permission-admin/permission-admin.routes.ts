import type { FastifyInstance } from 'fastify';
import { permissionAdminContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './permission-admin.service.js';

export function registerPermissionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = permissionAdminContract;
  registerContract(app, c.getSystemMenuList, () => service.topMenus(db));
  registerContract(app, c.getSystemSubmenu, ({ body }) => service.children(db, body.parentId));
  registerContract(app, c.getSystemSubmenuBatch, ({ body }) => service.childrenOf(db, body.parentIds));
  registerContract(app, c.listSysAllSecurityPermission, ({ body }) => service.listAll(db, body));
  registerContract(app, c.queryTreeList, ({ body }) => service.tree(db, body.menuOnly ?? false));
  registerContract(app, c.createSysSecurityPermission, ({ body, request }) => service.addNode(db, requireSession(request), body));
  registerContract(app, c.updateSysSecurityPermission, ({ body, request }) => service.editNode(db, requireSession(request), body));
  registerContract(app, c.deleteSysSecurityPermission, ({ body }) => service.deleteNode(db, body.id));
}
