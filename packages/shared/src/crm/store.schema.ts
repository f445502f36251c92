import { z } from 'zod';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';
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
export const storeResource = defineResource({
  name: 'store',
  table: 'store',
  label: '门店',
  fields: {
    code: field.code('门店编码', { required: true }),
    name: field.text('门店名称', { required: true, sort: true }),
    parentId: field.value('上级门店', z.uuid({ message: '上级门店不正确' }).nullable().default(null), z.string().nullable(), { nullable: true }),
    managerId: field.value('店长', z.uuid({ message: '店长不正确' }).nullable().default(null), z.string().nullable(), { nullable: true }),
    phone: field.text('门店电话', { max: 32, search: false }),
    address: field.text('门店地址', { max: 200, search: false }),
    region: field.text('所属区域'),
    modes: field.value(
      '经营模式',
      z
        .array(z.enum(MODE_TYPES, { message: '经营模式不正确' }))
        .min(1, '请选择经营模式!')
        .max(2)
        .transform((v) => [...new Set(v)])
        .default(['hospital']),
      z.array(z.enum(MODE_TYPES)),
    ),
    enabled: field.bool('状态'),
    sort: field.int('排序', { sort: true }),
  },
  defaultSort: { key: 'sort', order: 'asc' },
  /** The names of the parent store and the manager (joined by the server). */
  derived: { parentName: z.string().nullable(), managerName: z.string().nullable() },
});

export type Store = RecordOf<typeof storeResource>;
export type StoreCreate = CreateOf<typeof storeResource>;
export type StoreEdit = EditOf<typeof storeResource>;
export type StoreListQuery = ListQueryOf<typeof storeResource>;
export const storeSchema = storeResource.record;
export const storeCreateSchema: z.ZodType<StoreCreate, z.input<typeof storeResource.create>> = storeResource.create;

/** Who works in a store (besides its manager). */
export const storeUsersSaveSchema = z.object({
  storeId: z.uuid({ message: '缺少门店ID' }),
  userIds: z.array(z.uuid({ message: '用户ID不正确' })).max(500),
});
export const storeUserSchema = z.object({ id: z.string(), username: z.string(), firstName: z.string() });
