import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the permission-admin module and the titles of their buttons. */
export const PermissionAdminPermission = definePermissions({
  /** 权限 (menu and button editor). */
  permissionList: ['system:permission:list', '查看权限'],
  permissionAdd: ['system:permission:add', '新增权限'],
  permissionEdit: ['system:permission:edit', '编辑权限'],
  permissionDelete: ['system:permission:delete', '删除权限'],
});
