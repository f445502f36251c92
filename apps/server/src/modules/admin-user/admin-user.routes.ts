import type { FastifyInstance } from 'fastify';
import { adminUserContract, UserStatusLabel, type AdminUser, type AdminUserListQuery } from '@care/shared';
import type { ExcelColumn } from '../../platform/excel.js';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import { registerExport } from '../../platform/crud/register-crud.js';
import * as service from './admin-user.service.js';

export function registerAdminUserRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerExport(app, adminUserContract.exportXls, { label: '用户' }, (session, filters) => service.exportUsers(db, session, filters as AdminUserExportQuery), userExportColumns);
  registerContract(app, adminUserContract.getUserList, ({ body, request }) => service.pageUsers(db, requireSession(request), body));
  registerContract(app, adminUserContract.searchBy, ({ body, request }) => service.searchUsers(db, requireSession(request), body.keyword));
  registerContract(app, adminUserContract.queryUserByDepId, ({ body, request }) => service.usersOfDepartment(db, requireSession(request), body.departmentId));
  registerContract(app, adminUserContract.queryById, ({ body, request }) => service.userDetail(db, requireSession(request), body.id));
  registerContract(app, adminUserContract.add, ({ body, request }) => service.addUser(db, requireSession(request), body));
  registerContract(app, adminUserContract.edit, ({ body, request }) => service.editUser(db, requireSession(request), body));
  registerContract(app, adminUserContract.setSysPartyStatus, ({ body, request }) => service.setStatus(db, requireSession(request), body.partyId, body.status));
  registerContract(app, adminUserContract.updatePasswordForPartyId, ({ body, request }) => service.resetPassword(db, requireSession(request), body.partyId, body.password));
}

type AdminUserExportQuery = Omit<AdminUserListQuery, 'pageNo' | 'pageSize'>;

const userExportColumns: ExcelColumn<AdminUser>[] = [
  { header: '用户账号', value: (u) => u.username },
  { header: '用户姓名', value: (u) => u.firstName },
  { header: '性别', value: (u) => (u.gender === 'M' ? '男' : u.gender === 'F' ? '女' : '') },
  { header: '手机号', value: (u) => u.phone },
  { header: '邮箱', value: (u) => u.email },
  { header: '部门', value: (u) => u.departmentName },
  { header: '状态', value: (u) => UserStatusLabel[u.status] ?? u.status },
  { header: '创建时间', value: (u) => u.createdAt },
];
