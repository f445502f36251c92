import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the security-group module and the titles of their buttons. */
export const SecurityGroupPermission = definePermissions({
  /** 安全组 / 角色. */
  groupList: ['system:securityGroup:list', '查看安全组'],
  groupAdd: ['system:securityGroup:add', '新增安全组'],
  groupEdit: ['system:securityGroup:edit', '编辑安全组'],
  groupMembers: ['system:securityGroup:members', '分配用户'],
  groupPermissions: ['system:securityGroup:permissions', '分配权限'],
});
