import { z } from 'zod';
import { crmDateSchema } from '../crm/common.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

const period = (from: string, to: string | null) => `${from} 至 ${to ?? '长期'}`;

export const FinancePriceText = {
  fromRequired: '请选择生效日期!',
  badPeriod: '失效日期不能早于生效日期',
  floorAboveReference: '底价不能高于参考价',
  productMissing: '所选产品不是本公司的产品',
  storeMissing: '所选门店不是本公司的门店',
  notSoldInStore: '该产品不在所选门店销售',
  roomTypeStore: '所选房型不属于所选门店',
  /** Another row of the same product × store × room type × days is in force for part of the period. */
  overlap: (from: string, to: string | null) => `该产品在此门店、房型、天数下已有生效期为 ${period(from, to)} 的定价，生效期不能重叠`,
  overlapAny: '该产品在此门店、房型、天数下已有生效期重叠的定价',
  noPrice: (date: string) => `该产品在此门店、房型、天数下没有 ${date} 生效的财务定价`,
  longTerm: '长期',
  period,
} as const;

const money = (label: string) => field.money(label, { message: `${label}必须是最多两位小数的金额`, sort: true });
// A reference id: listed (the page shows the name), filtered by equality, exported by name.
const referenceOptions = { list: true, export: false, search: 'eq' } as const;
const requiredReference = (label: string) => field.value(label, z.uuid({ message: `请选择${label}!` }), z.string(), { ...referenceOptions, required: true });
const optionalReference = (label: string) => field.value(label, z.uuid({ message: `${label}不正确` }).nullable().default(null), z.string().nullable(), { ...referenceOptions, nullable: true });

/**
 * 财务定价: the reference price (orders start from it) and the floor price (lowest without 折扣审批)
 * of a product in a store, room type (none for products without one) and number of days, in force
 * from effectiveFrom to effectiveTo inclusive (no end: open-ended). Periods of one combination never
 * overlap (checked by the service and by the database).
 */
export const financePriceResource = defineResource({
  name: 'finance-price',
  table: 'finance_price',
  label: '财务定价',
  fields: {
    productId: requiredReference('产品'),
    storeId: requiredReference('门店'),
    roomTypeId: optionalReference('房型'),
    days: field.int('天数', { sort: true, max: 365 }),
    referencePrice: money('参考价'),
    floorPrice: money('底价'),
    effectiveFrom: field.date('生效日期', { sort: true, window: 'business' }),
    effectiveTo: field.date('失效日期', { sort: true, window: 'business' }),
    remark: field.textarea('备注'),
  },
  defaultSort: { key: 'effectiveFrom', order: 'desc' },
  rules: [
    { check: (v) => Boolean(v.effectiveFrom), message: FinancePriceText.fromRequired, path: 'effectiveFrom' },
    { check: (v) => !v.effectiveFrom || !v.effectiveTo || v.effectiveTo >= v.effectiveFrom, message: FinancePriceText.badPeriod, path: 'effectiveTo' },
    { check: (v) => Number(v.floorPrice) <= Number(v.referencePrice), message: FinancePriceText.floorAboveReference, path: 'floorPrice' },
  ],
  /** Names of the product, store and room type (read by the server). */
  derived: { productName: z.string().nullable(), productCode: z.string().nullable(), storeName: z.string().nullable(), roomTypeName: z.string().nullable() },
});

export type FinancePrice = RecordOf<typeof financePriceResource>;
export type FinancePriceCreate = CreateOf<typeof financePriceResource>;
export type FinancePriceEdit = EditOf<typeof financePriceResource>;

/** The list's filters, plus 生效于: the rows in force on that date. */
export const financePriceListQuerySchema = financePriceResource.listQuery.extend({ effectiveOn: crmDateSchema('生效于日期不正确').optional() });
export type FinancePriceListQuery = ListQueryOf<typeof financePriceResource> & { effectiveOn?: string };

/** What an order asks: the price of a product in a store, room type and days on a date. */
export const priceLookupSchema = z.object({
  productId: z.uuid({ message: '请选择产品!' }),
  storeId: z.uuid({ message: '请选择门店!' }),
  roomTypeId: z.uuid({ message: '房型不正确' }).nullable().default(null),
  days: z.number({ message: '请输入天数' }).int().min(0).max(365),
  date: crmDateSchema('日期不正确'),
});
export type PriceLookup = z.input<typeof priceLookupSchema>;

export const priceFoundSchema = z.object({
  id: z.string(),
  referencePrice: z.string(),
  floorPrice: z.string(),
  effectiveFrom: z.string(),
  effectiveTo: z.string().nullable(),
});
export type PriceFound = z.infer<typeof priceFoundSchema>;
