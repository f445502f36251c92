import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { PermissionAdminPermission } from './permission-admin.permissions.js';
import { SecurityGroupPermission } from '../org/security-group.permissions.js';
import {
  permissionCreateSchema,
  permissionEditSchema,
  PermissionAdminText,
  permissionNodeSchema,
  permissionSearchSchema,
  permissionTreeQuerySchema,
  permissionTreeResultSchema,
} from './permission-admin.schema.js';

const uuid = (message: string) => z.uuid({ message });

/**
 * 权限: the menu and button tree (`sys_permission`). The tree is product-wide (every company shares it);
 * a change reaches every user's next permission fetch and the server's next access check.
 */
export const permissionAdminContract = {
  /** The top-level menus (rows of the tree table; children load lazily). */
  getSystemMenuList: defineContract({
    method: 'POST',
    path: '/online/api/getSystemMenuList',
    access: PermissionAdminPermission.permissionList,
    body: z.object({}),
    result: z.array(permissionNodeSchema),
  }),
  /** The children (sub menus and buttons) of one node. */
  getSystemSubmenu: defineContract({
    method: 'POST',
    path: '/online/api/getSystemSubmenu',
    access: PermissionAdminPermission.permissionList,
    body: z.object({ parentId: uuid('缺少上级菜单ID') }),
    result: z.array(permissionNodeSchema),
  }),
  /** The children of several nodes at once (re-expanding rows after a reload), keyed by parent id. */
  getSystemSubmenuBatch: defineContract({
    method: 'POST',
    path: '/online/api/getSystemSubmenuBatch',
    access: PermissionAdminPermission.permissionList,
    body: z.object({ parentIds: z.array(uuid('上级菜单ID不正确')).min(1, '缺少上级菜单ID').max(500) }),
    result: z.record(z.string(), z.array(permissionNodeSchema)),
  }),
  /** Every node, flat, in tree order (parents before children); filters match parts of name / path / action. */
  listSysAllSecurityPermission: defineContract({
    method: 'POST',
    path: '/online/api/listSysAllSecurityPermission',
    access: PermissionAdminPermission.permissionList,
    body: permissionSearchSchema,
    result: z.array(permissionNodeSchema),
  }),
  /** The whole tree for the 分配权限 checkbox tree of a security group (or, `menuOnly`, a parent picker). */
  queryTreeList: defineContract({
    method: 'POST',
    path: '/online/api/queryTreeList',
    access: SecurityGroupPermission.groupPermissions,
    body: permissionTreeQuerySchema,
    result: permissionTreeResultSchema,
  }),
  /** A menu's path is unique among menus, an action code is unique; refusals answer 101. */
  createSysSecurityPermission: defineContract({
    method: 'POST',
    path: '/online/api/createSysSecurityPermission',
    access: PermissionAdminPermission.permissionAdd,
    body: permissionCreateSchema,
    result: permissionNodeSchema,
    successMessage: PermissionAdminText.added,
  }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  updateSysSecurityPermission: defineContract({
    method: 'POST',
    path: '/online/special/api/updateSysSecurityPermission',
    access: PermissionAdminPermission.permissionEdit,
    body: permissionEditSchema,
    result: permissionNodeSchema,
    successMessage: PermissionAdminText.edited,
  }),
  /** Refused (101) while the node has children; its group grants and data rules go with it. */
  deleteSysSecurityPermission: defineContract({
    method: 'POST',
    path: '/online/api/deleteSysSecurityPermission',
    access: PermissionAdminPermission.permissionDelete,
    body: z.object({ id: uuid('缺少权限ID') }),
    result: z.null(),
    successMessage: PermissionAdminText.deleted,
  }),
};
