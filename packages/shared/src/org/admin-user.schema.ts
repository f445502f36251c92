import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { EMAIL_MESSAGE, isEmail, isPhone, PHONE_MESSAGE } from '../validation/contact.validator.js';
import { PASSWORD_MIN_LENGTH } from '../validation/password.schema.js';

export const AdminUserText = {
  added: '添加成功！',
  edited: '编辑成功!',
  statusChanged: '操作成功!',
  passwordReset: '密码重置成功!',
  usernameTaken: '用户名已存在',
  cannotDisableSelf: '不能禁用当前登录的用户',
  unknownDepartment: '所选部门不存在',
  unknownGroup: '所选角色不存在',
  currentDepartmentNotMember: '当前部门必须是所属部门之一',
  passwordTooShort: `密码长度不能少于${PASSWORD_MIN_LENGTH}位!`,
} as const;

export const USER_STATUSES = ['enabled', 'disabled'] as const;
export const userStatusSchema = z.enum(USER_STATUSES, { message: '请选择状态!' });
export type UserStatus = z.infer<typeof userStatusSchema>;
export const UserStatusLabel: Record<UserStatus, string> = { enabled: '启用', disabled: '停用' };

/** A user as the administration pages see it; the password hash never leaves the server. */
export const adminUserSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  gender: z.enum(['M', 'F']).nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  status: userStatusSchema,
  /** The current department (of any company) and its name. */
  departmentId: z.string().nullable(),
  departmentName: z.string().nullable(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type AdminUser = z.infer<typeof adminUserSchema>;

/** One user with the departments and groups they hold in the session company (for the edit form). */
export const adminUserDetailSchema = adminUserSchema.extend({
  departmentIds: z.array(z.string()),
  groupIds: z.array(z.string()),
});
export type AdminUserDetail = z.infer<typeof adminUserDetailSchema>;

/** A short row for pickers (searchBy, queryUserByDepId). */
export const userOptionSchema = z.object({
  id: z.string(),
  username: z.string(),
  firstName: z.string(),
  phone: z.string().nullable(),
  departmentName: z.string().nullable(),
});
export type UserOption = z.infer<typeof userOptionSchema>;

export const ADMIN_USER_SORT_COLUMNS = ['username', 'firstName', 'createdAt'] as const;

export const adminUserListQuerySchema = pageQuerySchema.extend({
  column: z.enum(ADMIN_USER_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  username: z.string().trim().max(64).optional(),
  firstName: z.string().trim().max(64).optional(),
  phone: z.string().trim().max(32).optional(),
  status: userStatusSchema.optional(),
  /** Users who belong to this department. */
  departmentId: z.uuid({ message: '部门ID不正确' }).optional(),
});
export type AdminUserListQuery = z.infer<typeof adminUserListQuerySchema>;
export const adminUserPageSchema = pageResultSchema(adminUserSchema);

const password = z
  .string({ error: '请输入密码!' })
  .min(1, { error: '请输入密码!' })
  .refine((value) => value === '' || [...value].length >= PASSWORD_MIN_LENGTH, { error: AdminUserText.passwordTooShort })
  .refine((value) => value.length <= 128, { error: '密码长度不能超过128位' });

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((v) => v || null);

const profile = {
  firstName: z.string().trim().min(1, '请输入姓名!').max(64, '姓名不能超过64个字符'),
  gender: z.enum(['M', 'F'], { message: '性别不正确' }).nullish().transform((v) => v ?? null),
  phone: optionalText(32, '手机号不能超过32个字符').refine((v) => v === null || isPhone(v), { message: PHONE_MESSAGE }),
  email: optionalText(128, '邮箱不能超过128个字符').refine((v) => v === null || isEmail(v), { message: EMAIL_MESSAGE }),
  avatarUrl: optionalText(500, '头像地址过长'),
  /** Departments of the session company the user belongs to; at least one. */
  departmentIds: z.array(z.uuid({ message: '部门ID不正确' })).min(1, '请选择部门!').max(50),
  /** The current department; the first of `departmentIds` when omitted. */
  departmentId: z.uuid({ message: '部门ID不正确' }).nullish(),
  /** Security groups (角色) of the session company; replaces the user's groups of that company. */
  groupIds: z.array(z.uuid({ message: '角色ID不正确' })).max(100).default([]),
};

export const adminUserCreateSchema = z.object({
  username: z
    .string()
    .trim()
    .min(1, '请输入用户名!')
    .max(64, '用户名不能超过64个字符')
    .regex(/^[A-Za-z0-9_.@-]+$/, '用户名只能包含字母、数字和 _ . @ -'),
  password,
  ...profile,
});
export type AdminUserCreate = z.infer<typeof adminUserCreateSchema>;

export const adminUserEditSchema = z.object({ id: z.uuid({ message: '缺少用户ID' }), version: z.number().int().min(1), ...profile });
export type AdminUserEdit = z.infer<typeof adminUserEditSchema>;

export const userStatusChangeSchema = z.object({ partyId: z.uuid({ message: '缺少用户ID' }), status: userStatusSchema });
export const adminPasswordResetSchema = z.object({ partyId: z.uuid({ message: '缺少用户ID' }), password });
