import type { FastifyInstance } from 'fastify';
import { securityGroupContract } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './security-group.service.js';

export function registerSecurityGroupRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const c = securityGroupContract;
  registerContract(app, c.listSysSecurityGroup, ({ body, request }) => service.pageGroups(db, requireSession(request), body));
  registerContract(app, c.createSysSecurityGroup, ({ body, request }) => service.addGroup(db, requireSession(request), body));
  registerContract(app, c.updateSysSecurityGroup, ({ body, request }) => service.editGroup(db, requireSession(request), body));
  registerContract(app, c.listSysSecurityGroupByUserId, ({ body, request }) => service.groupsOfUser(db, requireSession(request), body.userId));
  registerContract(app, c.saveSysSecurityGroupToUser, ({ body, request }) => service.saveGroupsOfUser(db, requireSession(request), body.userId, body.groupIds));
  registerContract(app, c.listSysSecurityGroupUsers, ({ body, request }) => service.pageGroupUsers(db, requireSession(request), body));
  registerContract(app, c.addSysSecurityGroupUsers, ({ body, request }) => service.addGroupUsers(db, requireSession(request), body.groupId, body.userIds));
  registerContract(app, c.removeSysSecurityGroupUsers, ({ body, request }) => service.removeGroupUsers(db, requireSession(request), body.groupId, body.userIds));
  registerContract(app, c.listSysSecurityPermissionBySecurityGroup, ({ body, request }) => service.permissionsOfGroup(db, requireSession(request), body.groupId));
  registerContract(app, c.saveSysSecurityPermissionToSecurityGroup, ({ body, request }) =>
    service.saveGroupPermissions(db, requireSession(request), body.groupId, body.permissionIds),
  );
}
