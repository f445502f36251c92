import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

export const CompanyText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  codeTaken: '公司编码已存在',
  cannotDisableCurrent: '不能停用当前登录的公司',
  defaultNotMember: '默认公司必须是所属公司之一',
  cannotLeaveCurrent: '不能移除自己当前登录的公司',
} as const;

/** A company (公司) the caller works for. */
export const companySchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  enabled: z.boolean(),
  version: z.number().int(),
  createdAt: z.string(),
});
export type Company = z.infer<typeof companySchema>;

export const COMPANY_SORT_COLUMNS = ['code', 'name', 'createdAt'] as const;

export const companyListQuerySchema = pageQuerySchema.extend({
  column: z.enum(COMPANY_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
});
export type CompanyListQuery = z.infer<typeof companyListQuerySchema>;
export const companyPageSchema = pageResultSchema(companySchema);

const fields = {
  code: z
    .string()
    .trim()
    .min(1, '请输入公司编码!')
    .max(64, '公司编码不能超过64个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '公司编码只能包含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请输入公司名称!').max(100, '公司名称不能超过100个字符'),
  enabled: z.boolean().default(true),
};

export const companyCreateSchema = z.object(fields);
export type CompanyCreate = z.infer<typeof companyCreateSchema>;
export const companyEditSchema = z.object({ id: z.uuid({ message: '缺少公司ID' }), version: z.number().int().min(1), ...fields });
export type CompanyEdit = z.infer<typeof companyEditSchema>;

/** One user–company relation (用户关系). */
export const userRelationSchema = z.object({
  userId: z.string(),
  username: z.string(),
  firstName: z.string(),
  companyId: z.string(),
  companyName: z.string(),
  isDefault: z.boolean(),
});
export type UserRelation = z.infer<typeof userRelationSchema>;

export const USER_RELATION_SORT_COLUMNS = ['username', 'companyName'] as const;

export const userRelationListQuerySchema = pageQuerySchema.extend({
  column: z.enum(USER_RELATION_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  username: z.string().trim().max(64).optional(),
  userId: z.uuid({ message: '用户ID不正确' }).optional(),
  companyId: z.uuid({ message: '公司ID不正确' }).optional(),
});
export type UserRelationListQuery = z.infer<typeof userRelationListQuerySchema>;
export const userRelationPageSchema = pageResultSchema(userRelationSchema);

export const userRelationSaveSchema = z.object({
  userId: z.uuid({ message: '缺少用户ID' }),
  /** The user's companies among the caller's companies after saving; relations with other companies stay. */
  companyIds: z.array(z.uuid({ message: '公司ID不正确' })).min(1, '请选择公司!').max(100),
  defaultCompanyId: z.uuid({ message: '请选择默认公司!' }),
});
export type UserRelationSave = z.infer<typeof userRelationSaveSchema>;
