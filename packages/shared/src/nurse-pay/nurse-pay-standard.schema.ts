import { z } from 'zod';
import { DictCode } from '../dict/dict.codes.js';
import { priceCents, centsToPrice } from '../order/order.schema.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const NursePayStandardText = {
  /** Another standard of the same level × practice type × service form (labels as the dictionaries name them). */
  taken: (level: string, practiceType: string, serviceType: string) => `「${level} · ${practiceType} · ${serviceType}」的薪酬标准已存在，同一等级、从业类型和服务方式只能有一条`,
  takenAny: '该等级、从业类型和服务方式的薪酬标准已存在',
} as const;

const money = (label: string) => field.money(label, { message: `${label}必须是最多两位小数的金额`, sort: true });

/**
 * 薪酬标准: what a nurse of a level, practice type and service form is paid — the 26-day reference
 * price and the daily rate (the 派工 form fills an assignment's rate from it). One per combination.
 */
export const nursePayStandardResource = defineResource({
  name: 'nurse-pay-standard',
  table: 'nurse_pay_standard',
  label: '薪酬标准',
  fields: {
    level: field.dict('月嫂等级', DictCode.nurseLevel, { required: true, sort: true }),
    practiceType: field.dict('从业类型', DictCode.nursePracticeType, { required: true, sort: true }),
    serviceType: field.dict('服务方式', DictCode.nurseServiceType, { required: true, sort: true }),
    price26Days: { ...money('26天参考价（元）'), column: 'price_26_days' },
    dailyRate: money('日薪（元）'),
    enabled: field.bool('状态'),
    remark: field.textarea('备注'),
  },
  defaultSort: { key: 'level', order: 'asc' },
});

export type NursePayStandard = RecordOf<typeof nursePayStandardResource>;
export type NursePayStandardCreate = CreateOf<typeof nursePayStandardResource>;
export type NursePayStandardEdit = EditOf<typeof nursePayStandardResource>;
export type NursePayStandardListQuery = ListQueryOf<typeof nursePayStandardResource>;

/** The daily rate the form suggests for a 26-day price: price ÷ 26 in cents, rounded half up. */
export function suggestedDailyRate(price26Days: string | number): string {
  return centsToPrice(Math.round(priceCents(price26Days) / 26));
}

/** What the 派工 form asks: the enabled standard of a level, practice type and service form. */
export const payStandardLookupSchema = z.object({
  level: z.string({ error: '请选择月嫂等级!' }).trim().min(1, '请选择月嫂等级!').max(64),
  practiceType: z.string({ error: '请选择从业类型!' }).trim().min(1, '请选择从业类型!').max(64),
  serviceType: z.string({ error: '请选择服务方式!' }).trim().min(1, '请选择服务方式!').max(64),
});
export type PayStandardLookup = z.infer<typeof payStandardLookupSchema>;

/** The standard found (null: none enabled for the combination). */
export const payStandardFoundSchema = z
  .object({ id: z.string(), level: z.string(), practiceType: z.string(), serviceType: z.string(), price26Days: z.string(), dailyRate: z.string() })
  .nullable();
export type PayStandardFound = z.infer<typeof payStandardFoundSchema>;
