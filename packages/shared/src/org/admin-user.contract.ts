import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { AdminUserPermission } from './admin-user.permissions.js';
import {
  adminPasswordResetSchema,
  adminUserCreateSchema,
  adminUserDetailSchema,
  adminUserEditSchema,
  adminUserListQuerySchema,
  adminUserPageSchema,
  AdminUserText,
  userOptionSchema,
  userStatusChangeSchema,
} from './admin-user.schema.js';

/**
 * 用户 administration of the session company. Every call sees only the users the caller's data rules
 * (resource `user`, menu /system/user) allow; another user answers 404, exactly like a missing one.
 */
export const adminUserContract = {
  /** 导出: the list's filters, every matching user in the caller's scope as .xlsx. */
  exportXls: defineContract({
    method: 'POST',
    path: '/online/adminUser/exportXls',
    access: AdminUserPermission.userExport,
    body: adminUserListQuerySchema.omit({ pageNo: true, pageSize: true }),
    result: z.unknown(),
  }),
  getUserList: defineContract({
    method: 'POST',
    path: '/online/api/getUserList',
    access: AdminUserPermission.userList,
    body: adminUserListQuerySchema,
    result: adminUserPageSchema,
  }),
  /** Up to 20 users whose username, name or phone contains the keyword. */
  searchBy: defineContract({
    method: 'POST',
    path: '/online/api/searchBy',
    access: AdminUserPermission.userList,
    body: z.object({ keyword: z.string().trim().max(64).default('') }),
    result: z.array(userOptionSchema),
  }),
  /** The users who belong to one department. */
  queryUserByDepId: defineContract({
    method: 'POST',
    path: '/online/api/queryUserByDepId',
    access: AdminUserPermission.userList,
    body: z.object({ departmentId: z.uuid({ message: '请选择部门!' }) }),
    result: z.array(userOptionSchema),
  }),
  /** One user with their departments and groups in the session company, for the edit form. */
  queryById: defineContract({
    method: 'POST',
    path: '/online/adminUser/queryById',
    access: AdminUserPermission.userList,
    body: z.object({ id: z.uuid({ message: '缺少用户ID' }) }),
    result: adminUserDetailSchema,
  }),
  /** A username already taken (any letter case) answers 101 用户名已存在. */
  add: defineContract({
    method: 'POST',
    path: '/online/adminUser/add',
    access: AdminUserPermission.userAdd,
    body: adminUserCreateSchema,
    result: adminUserDetailSchema,
    successMessage: AdminUserText.added,
  }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  edit: defineContract({
    method: 'POST',
    path: '/online/adminUser/edit',
    access: AdminUserPermission.userEdit,
    body: adminUserEditSchema,
    result: adminUserDetailSchema,
    successMessage: AdminUserText.edited,
  }),
  /** Disabling signs the user out at once; an administrator cannot disable themself. */
  setSysPartyStatus: defineContract({
    method: 'POST',
    path: '/online/api/setSysPartyStatus',
    access: AdminUserPermission.userStatus,
    body: userStatusChangeSchema,
    result: z.null(),
    successMessage: AdminUserText.statusChanged,
  }),
  /** Sets a new password and signs the user out everywhere. */
  updatePasswordForPartyId: defineContract({
    method: 'POST',
    path: '/online/api/updatePasswordForPartyId',
    access: AdminUserPermission.userResetPassword,
    body: adminPasswordResetSchema,
    result: z.null(),
    successMessage: AdminUserText.passwordReset,
  }),
};
