import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

export const SecurityGroupText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  codeTaken: '安全组编码已存在',
  allPermissionsGroup: '该安全组拥有全部权限，无需分配权限',
  unknownPermission: '所选权限不存在',
  superGroupOnly: '只有超级管理员可以授予拥有全部权限的安全组',
} as const;

/** A security group (安全组 / 角色) of the session company. */
export const securityGroupSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  /** Holds every permission, present and future (the seeded 超级管理员); its permissions are not edited. */
  allPermissions: z.boolean(),
  enabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type SecurityGroup = z.infer<typeof securityGroupSchema>;

export const SECURITY_GROUP_SORT_COLUMNS = ['code', 'name', 'createdAt'] as const;

export const securityGroupListQuerySchema = pageQuerySchema.extend({
  column: z.enum(SECURITY_GROUP_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
});
export type SecurityGroupListQuery = z.infer<typeof securityGroupListQuerySchema>;
export const securityGroupPageSchema = pageResultSchema(securityGroupSchema);

const fields = {
  code: z
    .string()
    .trim()
    .min(1, '请输入安全组编码!')
    .max(64, '安全组编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '安全组编码只能包含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请输入安全组名称!').max(100, '安全组名称不能超过100个字符'),
  description: z.string().trim().max(500, '描述不能超过500个字符').default(''),
  enabled: z.boolean().default(true),
};

export const securityGroupCreateSchema = z.object(fields);
export type SecurityGroupCreate = z.infer<typeof securityGroupCreateSchema>;

export const securityGroupEditSchema = z.object({ id: z.uuid({ message: '缺少安全组ID' }), version: z.number().int().min(1), ...fields });
export type SecurityGroupEdit = z.infer<typeof securityGroupEditSchema>;

export const userGroupsSaveSchema = z.object({
  userId: z.uuid({ message: '缺少用户ID' }),
  /** The user's groups in the session company after saving; groups of other companies stay. */
  groupIds: z.array(z.uuid({ message: '安全组ID不正确' })).max(200),
});

export const groupPermissionsSaveSchema = z.object({
  groupId: z.uuid({ message: '缺少安全组ID' }),
  /** The group's permissions (menus and buttons) after saving. */
  permissionIds: z.array(z.uuid({ message: '权限ID不正确' })).max(5000),
});

/** A user as the members list of a group shows them. */
export const groupMemberSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  phone: z.string().nullable(),
  departmentName: z.string().nullable(),
  status: z.enum(['enabled', 'disabled']),
});
export type GroupMember = z.infer<typeof groupMemberSchema>;

export const GROUP_MEMBER_SORT_COLUMNS = ['username', 'firstName', 'createdAt'] as const;

export const groupMemberListQuerySchema = pageQuerySchema.extend({
  column: z.enum(GROUP_MEMBER_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  groupId: z.uuid({ message: '缺少安全组ID' }),
  /** true: the group's members; false: the company's users who are not in it (to pick from). */
  member: z.boolean().default(true),
  /** Part of the username, name or phone. */
  keyword: z.string().trim().max(64).optional(),
});
export type GroupMemberListQuery = z.infer<typeof groupMemberListQuerySchema>;
export const groupMemberPageSchema = pageResultSchema(groupMemberSchema);

export const groupMembersChangeSchema = z.object({
  groupId: z.uuid({ message: '缺少安全组ID' }),
  userIds: z.array(z.uuid({ message: '用户ID不正确' })).min(1, '请选择用户!').max(200, '一次最多选择200个用户'),
});
export type GroupMembersChange = z.infer<typeof groupMembersChangeSchema>;
