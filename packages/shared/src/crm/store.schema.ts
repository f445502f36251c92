import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { MODE_TYPES } from '../system/system-config.schema.js';

export const StoreText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  codeTaken: '门店编码已存在',
  badParent: '上级门店不能是本门店或其下级门店',
  parentMissing: '上级门店不存在',
  managerMissing: '店长不是本公司的用户',
  userMissing: '所选用户不是本公司的用户',
} as const;

/** 门店: stores scope data rules (`#{sys_store_ids}`: the stores a user works in or manages). */
export const storeSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  parentId: z.string().nullable(),
  parentName: z.string().nullable(),
  managerId: z.string().nullable(),
  managerName: z.string().nullable(),
  phone: z.string(),
  address: z.string(),
  region: z.string(),
  modes: z.array(z.enum(MODE_TYPES)),
  enabled: z.boolean(),
  sort: z.number().int(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Store = z.infer<typeof storeSchema>;

export const STORE_SORT_COLUMNS = ['code', 'name', 'sort', 'createdAt'] as const;

export const storeListQuerySchema = pageQuerySchema.extend({
  column: z.enum(STORE_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
  region: z.string().trim().max(100).optional(),
  enabled: z.boolean().optional(),
});
export type StoreListQuery = z.infer<typeof storeListQuerySchema>;
export const storePageSchema = pageResultSchema(storeSchema);

const fields = {
  code: z
    .string()
    .trim()
    .min(1, '请输入门店编码!')
    .max(32, '门店编码不能超过32个字符')
    .regex(/^[A-Za-z0-9_-]+$/, '门店编码只能包含字母、数字、_ 和 -'),
  name: z.string().trim().min(1, '请输入门店名称!').max(100, '门店名称不能超过100个字符'),
  parentId: z.uuid({ message: '上级门店不正确' }).nullable().default(null),
  managerId: z.uuid({ message: '店长不正确' }).nullable().default(null),
  phone: z.string().trim().max(32, '门店电话不能超过32个字符').default(''),
  address: z.string().trim().max(200, '门店地址不能超过200个字符').default(''),
  region: z.string().trim().max(100, '所属区域不能超过100个字符').default(''),
  modes: z
    .array(z.enum(MODE_TYPES, { message: '经营模式不正确' }))
    .min(1, '请选择经营模式!')
    .max(2)
    .transform((v) => [...new Set(v)])
    .default(['hospital']),
  enabled: z.boolean().default(true),
  sort: z.number().int().min(0).max(99999).default(0),
};

export const storeCreateSchema = z.object(fields);
export type StoreCreate = z.infer<typeof storeCreateSchema>;
export const storeEditSchema = z.object({ id: z.uuid({ message: '缺少门店ID' }), version: z.number().int().min(1), ...fields });
export type StoreEdit = z.infer<typeof storeEditSchema>;

/** Who works in a store (besides its manager). */
export const storeUsersSaveSchema = z.object({
  storeId: z.uuid({ message: '缺少门店ID' }),
  userIds: z.array(z.uuid({ message: '用户ID不正确' })).max(500),
});
export const storeUserSchema = z.object({ id: z.string(), username: z.string(), firstName: z.string() });
