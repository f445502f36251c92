import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the admin-user module and the titles of their buttons. */
export const AdminUserPermission = definePermissions({
  /** 用户. */
  userList: ['system:user:list', '查看用户'],
  userAdd: ['system:user:add', '新增用户'],
  userEdit: ['system:user:edit', '编辑用户'],
  userStatus: ['system:user:status', '启用/禁用用户'],
  userResetPassword: ['system:user:resetPassword', '重置密码'],
  userExport: ['system:user:export', '导出用户'],
});
