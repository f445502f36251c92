import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { ageSchema, emailSchema, phoneSchema } from '../validation/index.js';
import { passwordChangeSchema } from '../validation/index.js';

/** A real calendar date, YYYY-MM-DD, from 1900 up to today. */
export function isBirthDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) return false;
  return value >= '1900-01-01' && value <= new Date().toISOString().slice(0, 10);
}

/** An avatar or logo: empty, an http(s) address, or a path this server stored ({companyId}/routine/…). */
const imagePathSchema = z
  .string()
  .max(512)
  .regex(/^(|https?:\/\/[^\s"'<>]+|[0-9a-f-]{36}\/routine\/\d{8}\/[0-9a-f-]{36}\.(png|jpg|gif|webp))$/, '图片地址不合法');

/** Department item (spec §3). */
export const departItemSchema = z.object({ id: z.string(), departmentId: z.string(), departmentName: z.string() });
export type DepartItem = z.infer<typeof departItemSchema>;

/** The signed-in user's own profile (spec §3, User profile). */
export const userProfileSchema = z.object({
  partyId: z.string(),
  userLoginId: z.string(),
  logoImageUrl: z.string(),
  firstName: z.string(),
  gender: z.enum(['M', 'F']).nullable(),
  birthDate: z.string().nullable(),
  age: z.number().int().nullable(),
  phone: z.string(),
  email: z.string(),
  departmentId: z.string(),
  departmentName: z.string(),
  departList: z.array(departItemSchema),
});
export type UserProfile = z.infer<typeof userProfileSchema>;

export const companyRelationSchema = z.object({ id: z.string(), companyName: z.string() });

export const UserText = {
  saved: '保存成功！',
  passwordChanged: '提交成功',
  companySwitched: '切换成功!',
  wrongOldPassword: '旧密码输入错误',
  noDepartment: '您尚未设置部门信息!',
  notYourDepartment: '您不属于该部门',
  notYourCompany: '您不属于该公司',
  phoneTaken: '该手机号已被其他用户绑定',
} as const;

export const userHeaderContract = {
  getTxUserInfo: defineContract({
    method: 'GET',
    path: '/online/api/getTxUserInfo',
    access: 'authenticated',
    result: userProfileSchema,
  }),
  /** PUT: the personal-information modal. */
  updateProfile: defineContract({
    method: 'PUT',
    path: '/online/api/updateSysUser',
    access: 'authenticated',
    body: z.object({
      partyId: z.string(),
      logoImageUrl: imagePathSchema.optional().default(''),
      firstName: z.string().trim().min(1, '请输入姓名!').max(50),
      gender: z.enum(['M', 'F']).nullable().optional(),
      birthDate: z.string().refine(isBirthDate, '请输入正确的出生年月!').nullable().optional(),
      age: ageSchema.nullable().optional(),
      phone: phoneSchema.optional(),
      email: emailSchema.optional(),
    }),
    result: z.null(),
    successMessage: UserText.saved,
  }),
  /** POST: the department selection / switch modal. */
  switchDepartment: defineContract({
    method: 'POST',
    path: '/online/api/updateSysUser',
    access: 'authenticated',
    body: z.object({ partyId: z.string(), departmentId: z.string().min(1, '请选择部门!'), departmentName: z.string().optional() }),
    result: z.object({ departmentId: z.string(), departmentName: z.string() }),
    successMessage: UserText.saved,
  }),
  changePassword: defineContract({
    method: 'POST',
    path: '/sys/user/updatePasswordForPartyIdSelf',
    access: 'authenticated',
    body: passwordChangeSchema,
    result: z.null(),
    successMessage: UserText.passwordChanged,
  }),
  listCompanies: defineContract({
    method: 'POST',
    path: '/online/api/listOmRelationshipByUserId',
    access: 'authenticated',
    body: z.object({ userId: z.string().optional() }),
    result: z.array(companyRelationSchema),
  }),
  setDefaultCompany: defineContract({
    method: 'POST',
    path: '/online/api/setUserLoginDefaultCompany',
    access: 'authenticated',
    body: z.object({ userLoginId: z.string(), defaultCompanyId: z.string().min(1) }),
    result: z.null(),
    successMessage: UserText.companySwitched,
  }),
};

/** Upload (spec §7): multipart `file` (+ `biz`), query prefixPath = `{companyId}/routine`. */
export const UPLOAD_PATH = '/online/common/upload/createOnlineFile';
/** Stored files are read back (signed, signed-in) from here + the stored path. */
export const FILE_PATH_PREFIX = '/online/common/file/';
export const UploadText = {
  onlyImages: '请上传图片',
  tooLarge: '图片大小不能超过5MB',
  badPrefix: '上传目录不合法',
  onlyFiles: '请上传图片、PDF、Word、Excel、PowerPoint、TXT或CSV文件',
  fileTooLarge: '文件大小不能超过5MB',
} as const;
/** `biz` of an upload that may be a document (文件 fields of online forms); any other biz takes images only. */
export const UPLOAD_FILE_BIZ = 'onlineFile';
/** What a document upload may be, by extension (the server checks the bytes). */
export const UPLOAD_FILE_EXTENSIONS = ['png', 'jpg', 'jpeg', 'gif', 'webp', 'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'txt', 'csv'] as const;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
