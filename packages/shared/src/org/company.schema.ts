import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const CompanyText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  codeTaken: '公司编码已存在',
  cannotDisableCurrent: '不能停用当前登录的公司',
  defaultNotMember: '默认公司必须是所属公司之一',
  cannotLeaveCurrent: '不能移除自己当前登录的公司',
} as const;

/** A company (公司) the caller works for; the table is global, the caller reaches their companies only. */
export const companyResource = defineResource({
  name: 'company',
  table: 'company',
  label: '公司',
  global: true,
  fields: {
    code: field.code('公司编码', { required: true, max: 64 }),
    name: field.text('公司名称', { required: true, sort: true }),
    enabled: field.bool('状态', { search: false }),
  },
  defaultSort: { key: 'createdAt', order: 'asc' },
});

export const companySchema = companyResource.record;
export type Company = RecordOf<typeof companyResource>;
export const companyListQuerySchema = companyResource.listQuery;
export type CompanyListQuery = ListQueryOf<typeof companyResource>;
export const companyCreateSchema = companyResource.create;
export type CompanyCreate = CreateOf<typeof companyResource>;
export const companyEditSchema = companyResource.edit;
export type CompanyEdit = EditOf<typeof companyResource>;

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
