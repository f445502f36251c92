import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { SecurityGroupPermission } from './security-group.permissions.js';
import {
  groupMemberListQuerySchema,
  groupMemberPageSchema,
  groupMembersChangeSchema,
  groupPermissionsSaveSchema,
  securityGroupCreateSchema,
  securityGroupEditSchema,
  securityGroupListQuerySchema,
  securityGroupPageSchema,
  securityGroupSchema,
  SecurityGroupText,
  userGroupsSaveSchema,
} from './security-group.schema.js';

/** 安全组 / 角色 of the session company; a group or user of another company answers 404. */
export const securityGroupContract = {
  listSysSecurityGroup: defineContract({
    method: 'POST',
    path: '/online/api/listSysSecurityGroup',
    access: SecurityGroupPermission.groupList,
    body: securityGroupListQuerySchema,
    result: securityGroupPageSchema,
  }),
  /** A code already used in the company answers 101. */
  createSysSecurityGroup: defineContract({
    method: 'POST',
    path: '/online/api/createSysSecurityGroup',
    access: SecurityGroupPermission.groupAdd,
    body: securityGroupCreateSchema,
    result: securityGroupSchema,
    successMessage: SecurityGroupText.added,
  }),
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  updateSysSecurityGroup: defineContract({
    method: 'POST',
    path: '/online/api/updateSysSecurityGroup',
    access: SecurityGroupPermission.groupEdit,
    body: securityGroupEditSchema,
    result: securityGroupSchema,
    successMessage: SecurityGroupText.edited,
  }),
  /** The groups of the session company a user is in. */
  listSysSecurityGroupByUserId: defineContract({
    method: 'POST',
    path: '/online/api/listSysSecurityGroupByUserId',
    access: SecurityGroupPermission.groupMembers,
    body: z.object({ userId: z.uuid({ message: '缺少用户ID' }) }),
    result: z.array(securityGroupSchema),
  }),
  /** Replaces the user's groups of the session company; takes effect on the user's next request. */
  saveSysSecurityGroupToUser: defineContract({
    method: 'POST',
    path: '/online/api/saveSysSecurityGroupToUser',
    access: SecurityGroupPermission.groupMembers,
    body: userGroupsSaveSchema,
    result: z.null(),
    successMessage: SecurityGroupText.saved,
  }),
  /** The group's members, or (`member: false`) the company's users not in it, paged. */
  listSysSecurityGroupUsers: defineContract({
    method: 'POST',
    path: '/online/api/listSysSecurityGroupUsers',
    access: SecurityGroupPermission.groupMembers,
    body: groupMemberListQuerySchema,
    result: groupMemberPageSchema,
  }),
  /** Puts users of the session company into the group (those already in stay); takes effect on their next request. */
  addSysSecurityGroupUsers: defineContract({
    method: 'POST',
    path: '/online/api/addSysSecurityGroupUsers',
    access: SecurityGroupPermission.groupMembers,
    body: groupMembersChangeSchema,
    result: z.null(),
    successMessage: SecurityGroupText.saved,
  }),
  /** Takes users out of the group; takes effect on their next request. */
  removeSysSecurityGroupUsers: defineContract({
    method: 'POST',
    path: '/online/api/removeSysSecurityGroupUsers',
    access: SecurityGroupPermission.groupMembers,
    body: groupMembersChangeSchema,
    result: z.null(),
    successMessage: SecurityGroupText.saved,
  }),
  /** The permission ids the group holds (every permission for an all-permissions group). */
  listSysSecurityPermissionBySecurityGroup: defineContract({
    method: 'POST',
    path: '/online/api/listSysSecurityPermissionBySecurityGroup',
    access: SecurityGroupPermission.groupPermissions,
    body: z.object({ groupId: z.uuid({ message: '缺少安全组ID' }) }),
    result: z.array(z.string()),
  }),
  /** Replaces the group's permissions; refused (101) for an all-permissions group. */
  saveSysSecurityPermissionToSecurityGroup: defineContract({
    method: 'POST',
    path: '/online/api/saveSysSecurityPermissionToSecurityGroup',
    access: SecurityGroupPermission.groupPermissions,
    body: groupPermissionsSaveSchema,
    result: z.null(),
    successMessage: SecurityGroupText.saved,
  }),
};
