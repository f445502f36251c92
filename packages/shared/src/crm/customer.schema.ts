import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { inDict } from '../validation/dict-value.js';
import { dateSchema, dateTimeSchema } from '../validation/date-rule.js';
import { DictEnums, enumValues } from '../dict/dict.enums.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { isPhone, PHONE_MESSAGE } from '../validation/contact.validator.js';
import { crmDateSchema, crmDateTimeSchema } from './common.js';

export const CustomerText = {
  added: '添加成功！',
  edited: '编辑成功!',
  converted: '转化成功！',
  storeRequired: '请选择所属门店!',
  storeMissing: '所属门店不存在或已停用',
  leadChannelMissing: '线索渠道不存在或已停用',
  channelMissing: '合作渠道不存在或已停用',
  idNoInvalid: '身份证号码不正确',
  idTypeRequired: '请选择证件类型',
  /** A duplicate phone held by a customer outside the caller's data rules: named no further. */
  duplicatePhoneHidden: '该手机号已存在客户（不在您的数据范围内），请联系管理员',
  /** A write would put the customer outside the caller's data rules (e.g. another store). */
  outOfScope: '不能将客户保存到您的数据范围之外（如其他门店）',
  /** The message of a duplicate phone: names the customer holding it and its owner. */
  duplicatePhone: (customerNo: string, name: string, owner: string | null) =>
    `手机号已存在客户：${customerNo}（${name}），负责人：${owner ?? '无'}`,
} as const;

export const CUSTOMER_STATUSES = enumValues('customer_status');
export type CustomerStatus = (typeof CUSTOMER_STATUSES)[number];
export const customerStatusSchema = z.enum(CUSTOMER_STATUSES, { message: '客户状态不正确' });

export function customerStatusLabel(status: CustomerStatus): string {
  return DictEnums.customer_status.items.find((i) => i.value === status)?.label ?? status;
}

/** The `id_type` value of a 居民身份证 (its number is checked: 18 characters with the check digit). */
export const ID_CARD_TYPE = 'id_card';

const ID_CARD_WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const ID_CARD_CHECKS = '10X98765432';

/** A mainland resident ID number: 18 characters, a real birth date, and the right check digit. */
export function isChineseIdCard(value: string): boolean {
  if (!/^\d{17}[\dX]$/.test(value)) return false;
  const y = Number(value.slice(6, 10));
  const m = Number(value.slice(10, 12));
  const d = Number(value.slice(12, 14));
  const date = new Date(Date.UTC(y, m - 1, d));
  if (y < 1900 || date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += Number(value[i]) * ID_CARD_WEIGHTS[i]!;
  return ID_CARD_CHECKS[sum % 11] === value[17];
}

/**
 * An ID number for lists: the first 3 and last 4 characters of a long number
 * (`110***********1234`), the first and last of a short one; every other character `*`.
 */
export function maskIdNo(value: string | null | undefined): string | null {
  if (!value) return value === '' ? '' : null;
  const chars = [...value];
  const n = chars.length;
  if (n >= 8) return chars.slice(0, 3).join('') + '*'.repeat(n - 7) + chars.slice(n - 4).join('');
  if (n >= 3) return chars[0] + '*'.repeat(n - 2) + chars[n - 1];
  return '*'.repeat(n);
}

/** 客户 as lists, forms and the 360 page show it. `idNo` is masked unless `idNoMasked` is false. */
export const customerSchema = z.object({
  id: z.string(),
  customerNo: z.string(),
  name: z.string(),
  phone: z.string(),
  wechat: z.string(),
  idType: z.string().nullable(),
  idNo: z.string().nullable(),
  /** true when `idNo` is masked (lists always; by id without `crm:customer:viewIdNo`). */
  idNoMasked: z.boolean(),
  birthDate: z.string().nullable(),
  hometown: z.string(),
  address: z.string(),
  /** 预产期, YYYY-MM-DD. */
  dueDate: z.string().nullable(),
  deliveryDate: z.string().nullable(),
  deliveryMode: z.string().nullable(),
  deliveryHospital: z.string(),
  fetusType: z.string().nullable(),
  parity: z.number().int().nullable(),
  companionName: z.string(),
  companionPhone: z.string(),
  emergencyContact: z.string(),
  emergencyPhone: z.string(),
  dietNotes: z.string(),
  allergies: z.string(),
  tags: z.array(z.string()),
  level: z.string().nullable(),
  leadChannelId: z.string().nullable(),
  leadChannelName: z.string().nullable(),
  channelId: z.string().nullable(),
  channelName: z.string().nullable(),
  ownerId: z.string().nullable(),
  ownerName: z.string().nullable(),
  storeId: z.string(),
  storeName: z.string().nullable(),
  status: customerStatusSchema,
  leadId: z.string().nullable(),
  leadNo: z.string().nullable(),
  lastFollowAt: z.string().nullable(),
  nextFollowAt: z.string().nullable(),
  remark: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Customer = z.infer<typeof customerSchema>;

export const CUSTOMER_SORT_COLUMNS = ['createdAt', 'customerNo', 'name', 'dueDate', 'nextFollowAt', 'lastFollowAt'] as const;

const dateFilter = crmDateSchema('日期不正确').optional();
export const customerListQuerySchema = pageQuerySchema.extend({
  column: z.enum(CUSTOMER_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  customerNo: z.string().trim().max(64).optional(),
  name: z.string().trim().max(50).optional(),
  /** Phone prefix. */
  phone: z.string().trim().max(20).optional(),
  ownerId: z.uuid({ message: '负责人不正确' }).optional(),
  status: customerStatusSchema.optional(),
  storeId: z.uuid({ message: '所属门店不正确' }).optional(),
  level: z.string().trim().max(32).optional(),
  tag: z.string().trim().max(32).optional(),
  dueDateFrom: dateFilter,
  dueDateTo: dateFilter,
  createdFrom: dateFilter,
  createdTo: dateFilter,
  /** true: customers whose next follow-up is due (now or earlier). */
  followDue: z.boolean().optional(),
  /** Next follow-up time range (inclusive, Asia/Shanghai wall time). */
  nextFollowFrom: crmDateTimeSchema('时间不正确').optional(),
  nextFollowTo: crmDateTimeSchema('时间不正确').optional(),
});
export type CustomerListQuery = z.infer<typeof customerListQuerySchema>;
/**
 * A row of the 客户 list: the columns the list shows and its row actions need. Forms and the 360
 * page read the whole customer by id (fresh, with its current version); a page of 20 full rows
 * cost the server twice the parsing and serialising (bench/RESULTS.md).
 */
export const customerListItemSchema = customerSchema.pick({
  id: true,
  customerNo: true,
  name: true,
  phone: true,
  idType: true,
  idNo: true,
  idNoMasked: true,
  dueDate: true,
  tags: true,
  level: true,
  ownerId: true,
  ownerName: true,
  storeId: true,
  storeName: true,
  status: true,
  lastFollowAt: true,
  nextFollowAt: true,
  createdAt: true,
});
export type CustomerListItem = z.infer<typeof customerListItemSchema>;
export const customerPageSchema = pageResultSchema(customerListItemSchema);

const nullableUuid = (message: string) => z.uuid({ message }).nullable().default(null);
/** A value of the dictionary, or null. */
const nullableDict = (max: number, message: string, dict: string, label: string) => inDict(z.string().trim().max(max, message), dict, label).nullable().default(null);
const contactPhone = (label: string) =>
  z.string().trim().regex(/^[0-9+\-() ]{0,20}$/, `${label}格式不正确`).default('');

const fields = {
  name: z.string().trim().min(1, '请输入客户姓名!').max(50, '客户姓名不能超过50个字符'),
  phone: z
    .string({ error: '请输入手机号!' })
    .trim()
    .min(1, '请输入手机号!')
    .refine((v) => isPhone(v), PHONE_MESSAGE),
  wechat: z.string().trim().max(64, '微信号不能超过64个字符').default(''),
  birthDate: crmDateSchema('出生日期不正确').nullable().default(null),
  hometown: z.string().trim().max(100, '籍贯不能超过100个字符').default(''),
  address: z.string().trim().max(200, '地址不能超过200个字符').default(''),
  dueDate: dateSchema('预产期', { window: 'business' }).nullable().default(null),
  deliveryDate: dateSchema('分娩日期', { window: 'business' }).nullable().default(null),
  deliveryMode: nullableDict(32, '分娩方式不正确', DictCode.deliveryMode, '分娩方式'),
  deliveryHospital: z.string().trim().max(100, '分娩医院不能超过100个字符').default(''),
  fetusType: nullableDict(32, '胎儿类型不正确', DictCode.fetusType, '胎儿类型'),
  parity: z.number({ message: '胎次必须是1到10之间的整数' }).int('胎次必须是1到10之间的整数').min(1, '胎次必须是1到10之间的整数').max(10, '胎次必须是1到10之间的整数').nullable().default(null),
  companionName: z.string().trim().max(50, '陪护人不能超过50个字符').default(''),
  companionPhone: contactPhone('陪护人电话'),
  emergencyContact: z.string().trim().max(50, '紧急联系人不能超过50个字符').default(''),
  emergencyPhone: contactPhone('紧急联系电话'),
  dietNotes: z.string().trim().max(1000, '饮食禁忌不能超过1000个字符').default(''),
  allergies: z.string().trim().max(1000, '过敏史不能超过1000个字符').default(''),
  tags: z.array(inDict(z.string().trim().min(1).max(32, '客户标签不正确'), DictCode.customerTag, '客户标签')).max(20, '客户标签最多20个').default([]),
  level: nullableDict(32, '客户等级不正确', DictCode.customerLevel, '客户等级'),
  leadChannelId: nullableUuid('线索渠道不正确'),
  channelId: nullableUuid('合作渠道不正确'),
  storeId: z.uuid({ message: CustomerText.storeRequired }),
  nextFollowAt: dateTimeSchema('下次跟进时间', { window: 'business' }).nullable().default(null),
  remark: z.string().trim().max(1000, '备注不能超过1000个字符').default(''),
};

const idFields = {
  idType: nullableDict(32, '证件类型不正确', DictCode.idType, '证件类型'),
  idNo: z.string().trim().max(32, '证件号码不能超过32个字符').nullable(),
};

/** 居民身份证 numbers are checked; a number needs a type. */
function checkId(v: { idType?: string | null; idNo?: string | null }, ctx: z.RefinementCtx): void {
  if (!v.idNo) return;
  if (!v.idType) ctx.addIssue({ code: 'custom', path: ['idType'], message: CustomerText.idTypeRequired });
  else if (v.idType === ID_CARD_TYPE && !isChineseIdCard(v.idNo)) ctx.addIssue({ code: 'custom', path: ['idNo'], message: CustomerText.idNoInvalid });
}

/** The creator owns the customer; status starts at 意向客户. */
export const customerCreateSchema = z
  .object({ ...fields, idType: idFields.idType, idNo: idFields.idNo.default(null) })
  .superRefine(checkId);
export type CustomerCreate = z.infer<typeof customerCreateSchema>;

/**
 * `idNo` omitted: the stored type and number stay (a form that showed a masked number sends none);
 * given (a number or null): both are replaced.
 */
export const customerEditSchema = z
  .object({ id: z.uuid({ message: '缺少客户ID' }), version: z.number().int().min(1), ...fields, idType: idFields.idType, idNo: idFields.idNo.optional() })
  .superRefine(checkId);
export type CustomerEdit = z.infer<typeof customerEditSchema>;
