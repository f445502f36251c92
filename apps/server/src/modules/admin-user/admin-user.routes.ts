import type { FastifyInstance } from 'fastify';
import { adminUserContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './admin-user.service.js';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, adminUserContract.getUserList, ({ body, request }) => service.pageUsers(db, requireSession(request), body));
  registerContract(app, adminUserContract.searchBy, ({ body, request }) => service.searchUsers(db, requireSession(request), body.keyword));
  registerContract(app, adminUserContract.queryUserByDepId, ({ body, request }) => service.usersOfDepartment(db, requireSession(request), body.departmentId));
  registerContract(app, adminUserContract.queryById, ({ body, request }) => service.userDetail(db, requireSession(request), body.id));
  registerContract(app, adminUserContract.add, ({ body, request }) => service.addUser(db, requireSession(request), body));
  registerContract(app, adminUserContract.edit, ({ body, request }) => service.editUser(db, requireSession(request), body));
  registerContract(app, adminUserContract.setSysPartyStatus, ({ body, request }) => service.setStatus(db, requireSession(request), body.partyId, body.status));
  registerContract(app, adminUserContract.updatePasswordForPartyId, ({ body, request }) => service.resetPassword(db, requireSession(request), body.partyId, body.password));
}
