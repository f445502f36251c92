import type { FastifyInstance } from 'fastify';
import { departmentContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './department.service.js';

export function registerDepartmentRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, departmentContract.getEcPartyGroupLazy, ({ body, request }) => service.children(db, requireSession(request), body.parentId ?? null));
  registerContract(app, departmentContract.queryIdTree, ({ request }) => service.tree(db, requireSession(request)));
  registerContract(app, departmentContract.add, ({ body, request }) => service.addDepartment(db, requireSession(request), body));
  registerContract(app, departmentContract.edit, ({ body, request }) => service.editDepartment(db, requireSession(request), body));
  registerContract(app, departmentContract.delete, ({ body, request }) => service.deleteDepartment(db, requireSession(request), body.id));
}
