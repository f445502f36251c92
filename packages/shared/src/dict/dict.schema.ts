import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const DictText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
  codeTaken: '字典编码已存在',
  codeIsEnum: '该编码是系统枚举，不能用作字典编码',
  codeIsSource: '该编码是系统数据源，不能用作字典编码',
  valueTaken: '该字典下已存在相同的字典项值',
  typeMissing: '字典类型不存在',
  /** A code that is neither a plain code nor a registered source (`sys_user,password,id`, SQL …). */
  badCode: '字典编码不正确',
  unknownSource: '数据源不存在',
  badOtherField: '不支持的附加字段',
} as const;

/** A dictionary code, a registered table source or select source: a plain name, never SQL. */
export const DICT_CODE_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;

/** Tag colours: antd preset and status colours, or a hex colour; '' = the default tag. */
export const DICT_TAG_PRESET_COLORS = [
  'default',
  'success',
  'processing',
  'error',
  'warning',
  'magenta',
  'red',
  'volcano',
  'orange',
  'gold',
  'lime',
  'green',
  'cyan',
  'blue',
  'geekblue',
  'purple',
] as const;
const HEX_COLOR = /^#[0-9a-fA-F]{6}$/;

export function isDictTagColor(value: string): boolean {
  return value === '' || HEX_COLOR.test(value) || (DICT_TAG_PRESET_COLORS as readonly string[]).includes(value);
}

/**
 * One option of a dictionary, an enum or a registered source (spec §3: value, text or label, key).
 * `other` carries the registered extra attribute asked for with `otherField`.
 */
export const dictOptionSchema = z.object({
  value: z.string(),
  label: z.string(),
  /** Same as `label` (spec §3 names both). */
  text: z.string(),
  /** Same as `value`, for list keys. */
  key: z.string(),
  /** Tag colour; '' for the default tag. */
  color: z.string(),
  other: z.string().nullable().optional(),
  /** A disabled dictionary item: kept so that stored values still show their label, not offered for new input. */
  disabled: z.boolean().optional(),
});
export type DictOption = z.infer<typeof dictOptionSchema>;

export function toDictOption(value: string, label: string, color = '', other?: string | null): DictOption {
  return { value, label, text: label, key: value, color, ...(other !== undefined ? { other } : {}) };
}

/** `?otherField=` of getDictItems: a registered extra attribute name. */
export const dictItemsQuerySchema = z.object({
  otherField: z.string().trim().max(64).optional(),
});

/** Body of `/online/api/select/{dictUrl}`: search a registered source, or resolve chosen values to labels. */
export const dictSelectBodySchema = z.object({
  keyword: z.string().trim().max(100).optional(),
  /** Values whose labels are wanted (the current value of a form field). */
  values: z.array(z.string().max(100)).max(200).optional(),
  pageSize: z.number().int().min(1).max(100).default(50),
  otherField: z.string().trim().max(64).optional(),
});
export type DictSelectBody = z.input<typeof dictSelectBodySchema>;

// ---- 字典类型 ----

/** 字典类型: a site-wide dictionary (no company); its code is fixed once created (pages name dictionaries by code). */
export const dictTypeResource = defineResource({
  name: 'dictType',
  table: 'dict_type',
  label: '字典',
  global: true,
  fields: {
    code: field.text('字典编码', { required: true, max: 64, pattern: [DICT_CODE_PATTERN, '字典编码以字母开头，只能包含字母、数字和 _'], sort: true }),
    name: field.text('字典名称', { required: true, sort: true }),
    description: field.textarea('描述'),
  },
  fixed: ['code'],
  derived: { itemCount: z.number().int() },
  defaultSort: { key: 'code', order: 'asc' },
});

export const dictTypeSchema = dictTypeResource.record;
export type DictType = RecordOf<typeof dictTypeResource>;
export const dictTypeListQuerySchema = dictTypeResource.listQuery;
export type DictTypeListQuery = ListQueryOf<typeof dictTypeResource>;
export const dictTypeCreateSchema = dictTypeResource.create;
export type DictTypeCreate = CreateOf<typeof dictTypeResource>;
export const dictTypeEditSchema = dictTypeResource.edit;
export type DictTypeEdit = EditOf<typeof dictTypeResource>;

// ---- 字典项 ----

export const dictItemSchema = z.object({
  id: z.string(),
  dictTypeId: z.string(),
  value: z.string(),
  label: z.string(),
  color: z.string(),
  sort: z.number().int(),
  enabled: z.boolean(),
  description: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type DictItem = z.infer<typeof dictItemSchema>;

export const DICT_ITEM_SORT_COLUMNS = ['sort', 'value', 'label', 'createdAt'] as const;

export const dictItemListQuerySchema = pageQuerySchema.extend({
  column: z.enum(DICT_ITEM_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  dictTypeId: z.uuid({ message: '请选择字典!' }),
  label: z.string().trim().max(100).optional(),
  value: z.string().trim().max(64).optional(),
  enabled: z.boolean().optional(),
});
export type DictItemListQuery = z.infer<typeof dictItemListQuerySchema>;
export const dictItemPageSchema = pageResultSchema(dictItemSchema);

const itemFields = {
  label: z.string().trim().min(1, '请输入名称!').max(100, '名称不能超过100个字符'),
  color: z
    .string()
    .trim()
    .default('')
    .refine(isDictTagColor, '标签颜色不正确'),
  sort: z.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(100000, '排序不能大于100000').default(0),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(500, '描述不能超过500个字符').default(''),
};

export const dictItemCreateSchema = z.object({
  dictTypeId: z.uuid({ message: '请选择字典!' }),
  // Stored in business rows and lists of several values are joined with commas.
  value: z
    .string()
    .trim()
    .min(1, '请输入数据值!')
    .max(64, '数据值不能超过64个字符')
    .regex(/^[^,，]+$/, '数据值不能包含逗号'),
  ...itemFields,
});
export type DictItemCreate = z.infer<typeof dictItemCreateSchema>;

/** The value is fixed once created: business rows store it (disable the item and add another instead). */
export const dictItemEditSchema = z.object({ id: z.uuid({ message: '缺少字典项ID' }), version: z.number().int().min(1), ...itemFields });
export type DictItemEdit = z.infer<typeof dictItemEditSchema>;
