import { z } from 'zod';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const ProductText = {
  codeTaken: '产品编码已存在',
  badDays: '月子套餐和小月子的天数必须大于0',
  storeMissing: '所选门店不是本公司的门店',
  roomTypeMissing: '所选房型不是本公司的房型',
  roomTypeStore: '所选房型不属于产品的销售门店',
  itemRequired: '请选择服务项目!',
  itemTwice: '服务项目不能重复',
  quantity: '请输入次数，或选择按需',
  onDemand: '按需',
  validityUnlimited: '不限',
} as const;

/** Kinds sold as a stay (月子套餐, 小月子): their days are the contract days. */
export const STAY_PRODUCT_KINDS = ['confinement_package', 'short_confinement'] as const;

/** One service a product includes: a service_item, a number of times or 按需 (on demand), valid for some days (null: 不限). */
export const productItemSchema = z
  .object({
    serviceItem: z.string({ error: ProductText.itemRequired }).trim().min(1, ProductText.itemRequired).max(64),
    onDemand: z.boolean().default(false),
    quantity: z.number({ error: ProductText.quantity }).int('次数必须是整数').min(1, '次数不能小于1').max(999, '次数不能大于999').nullable().default(null),
    validDays: z.number({ error: '请输入有效天数' }).int('有效天数必须是整数').min(1, '有效天数不能小于1').max(3650, '有效天数不能大于3650').nullable().default(null),
  })
  .transform((item) => (item.onDemand ? { ...item, quantity: null } : item))
  .refine((item) => item.onDemand || item.quantity !== null, { message: ProductText.quantity, path: ['quantity'] });
export type ProductItem = z.infer<typeof productItemSchema>;

const productItemOutput = z.object({ serviceItem: z.string(), onDemand: z.boolean(), quantity: z.number().nullable(), validDays: z.number().nullable() });

const itemsSchema = z
  .array(productItemSchema)
  .max(50, '服务项目不能超过50项')
  .default([])
  .refine((items) => new Set(items.map((i) => i.serviceItem)).size === items.length, ProductText.itemTwice);

/**
 * 产品 (packages and services). What an order buys is a version: every edit of what is sold (code,
 * name, kind, days, room type, list price, items) writes a new product_version row and points
 * `currentVersionId` at it; existing versions are never changed.
 */
export const productResource = defineResource({
  name: 'product',
  table: 'product',
  label: '产品',
  fields: {
    code: field.code('产品编码', { required: true }),
    name: field.text('产品名称', { required: true, sort: true }),
    kind: field.dict('产品类型', 'product_kind', { required: true, sort: true }),
    storeIds: field.value(
      '销售门店',
      z
        .array(z.uuid({ message: '门店不正确' }), { error: '请选择销售门店!' })
        .min(1, '请选择销售门店!')
        .max(100)
        .transform((v) => [...new Set(v)]),
      z.array(z.string()),
    ),
    days: field.int('天数', { sort: true, max: 365 }),
    roomTypeId: field.value('房型', z.uuid({ message: '房型不正确' }).nullable().default(null), z.string().nullable(), { nullable: true }),
    listPrice: field.money('标价', { sort: true }),
    items: field.json('服务项目', itemsSchema, z.array(productItemOutput)),
    enabled: field.bool('状态'),
    remark: field.textarea('备注'),
    versionNo: field.readOnly(field.int('版本号', { export: true })),
    currentVersionId: field.readOnly(field.value('当前版本', z.string().nullable(), z.string().nullable(), { nullable: true })),
  },
  rules: [{ check: (v) => !(STAY_PRODUCT_KINDS as readonly string[]).includes(v.kind) || v.days > 0, message: ProductText.badDays, path: 'days' }],
  /** The names of the room type and the stores (read by the server). */
  derived: { roomTypeName: z.string().nullable(), storeNames: z.array(z.string()) },
});

export type Product = RecordOf<typeof productResource>;
export type ProductCreate = CreateOf<typeof productResource>;
export type ProductEdit = EditOf<typeof productResource>;
export type ProductListQuery = ListQueryOf<typeof productResource>;

/** What an order keeps of a product: the sellable content of one version. */
export const productSnapshotSchema = z.object({
  code: z.string(),
  name: z.string(),
  kind: z.string(),
  days: z.number().int(),
  roomTypeId: z.string().nullable(),
  roomTypeName: z.string().nullable(),
  listPrice: z.string(),
  items: z.array(productItemOutput),
});
export type ProductSnapshot = z.infer<typeof productSnapshotSchema>;

/** One version of a product (版本记录), oldest first by number. */
export const productVersionSchema = z.object({
  id: z.string(),
  productId: z.string(),
  versionNo: z.number().int(),
  snapshot: productSnapshotSchema,
  createdBy: z.string().nullable(),
  createdAt: z.string(),
});
export type ProductVersion = z.infer<typeof productVersionSchema>;

/** A room type for pickers: its store says where it can be sold. */
export const roomTypeChoiceSchema = z.object({ id: z.string(), name: z.string(), code: z.string(), storeId: z.string(), storeName: z.string(), enabled: z.boolean() });
export type RoomTypeChoice = z.infer<typeof roomTypeChoiceSchema>;
