import { z } from 'zod';
import { formatDateTime } from '../format/date.format.js';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';
import { enumValues, type DictEnumValue } from './dict.enums.js';

export const NumberRuleText = {
  codeTaken: '规则编码已存在',
  unknownRule: '编码规则不存在或已停用',
  resetTooFine: '重置周期不能比日期格式更细，否则会生成重复的编码',
} as const;

export type NumberDatePattern = DictEnumValue<'number_date_pattern'>;
export type NumberResetPeriod = DictEnumValue<'number_reset_period'>;

// How fine a date pattern or a reset period is: 0 none/never, 1 year, 2 month, 3 day.
const PATTERN_GRAIN: Record<NumberDatePattern, number> = { none: 0, YYYY: 1, YYYYMM: 2, YYMM: 2, YYYYMMDD: 3, YYMMDD: 3 };
const RESET_GRAIN: Record<NumberResetPeriod, number> = { never: 0, year: 1, month: 2, day: 3 };
const PERIOD_FORMAT: Record<NumberResetPeriod, string | null> = { never: null, year: 'YYYY', month: 'YYYYMM', day: 'YYYYMMDD' };

/**
 * A sequence that restarts more often than the date in the number changes would repeat numbers
 * (monthly date, daily reset: the 2nd's 0001 equals the 1st's), so such a rule is refused.
 */
export function resetFitsPattern(datePattern: NumberDatePattern, resetPeriod: NumberResetPeriod): boolean {
  return RESET_GRAIN[resetPeriod] <= PATTERN_GRAIN[datePattern];
}

export interface NumberFormat {
  prefix: string;
  datePattern: NumberDatePattern;
  seqLength: number;
}

/** prefix + date (Asia/Shanghai) + sequence padded to `seqLength`; a larger sequence keeps all its digits. */
export function formatRuleNumber(rule: NumberFormat, at: Date, seq: number): string {
  const date = rule.datePattern === 'none' ? '' : formatDateTime(at, rule.datePattern);
  return `${rule.prefix}${date}${String(seq).padStart(rule.seqLength, '0')}`;
}

/** The counter a number is drawn from: one per reset period (Asia/Shanghai dates). */
export function numberPeriodKey(resetPeriod: NumberResetPeriod, at: Date): string {
  const format = PERIOD_FORMAT[resetPeriod];
  return format ? formatDateTime(at, format) : 'all';
}

/** 编码规则: a global table; the code is fixed once created (modules ask for numbers by code). */
export const numberRuleResource = defineResource({
  name: 'numberRule',
  table: 'number_rule',
  label: '编码规则',
  fields: {
    code: field.code('规则编码', { required: true, max: 64, pattern: [/^[A-Za-z][A-Za-z0-9_]*$/, '规则编码以字母开头，只能包含字母、数字和 _'] }),
    name: field.text('规则名称', { required: true, sort: true }),
    prefix: field.text('前缀', { max: 20, pattern: [/^[A-Za-z0-9_-]*$/, '前缀只能包含字母、数字、_ 和 -'], search: false }),
    datePattern: field.enum('日期格式', 'number_date_pattern', enumValues('number_date_pattern'), { search: false }),
    seqLength: field.int('流水号位数', { required: true, min: 1, max: 12, message: '流水号位数为1-12' }),
    resetPeriod: field.enum('重置周期', 'number_reset_period', enumValues('number_reset_period'), { search: false }),
    enabled: field.bool('状态', { search: false }),
    description: field.textarea('描述'),
  },
  rules: [{ check: (v) => resetFitsPattern(v.datePattern, v.resetPeriod), message: NumberRuleText.resetTooFine, path: 'resetPeriod' }],
  defaultSort: { key: 'code', order: 'asc' },
  fixed: ['code'],
  /** What the first number of today would look like. */
  derived: { example: z.string() },
  global: true,
});

export const numberRuleSchema = numberRuleResource.record;
export type NumberRule = RecordOf<typeof numberRuleResource>;
export type NumberRuleListQuery = ListQueryOf<typeof numberRuleResource>;
export const numberRuleCreateSchema = numberRuleResource.create;
export type NumberRuleCreate = CreateOf<typeof numberRuleResource>;
export type NumberRuleEdit = EditOf<typeof numberRuleResource>;

/** Codes of the seeded rules; modules draw their business numbers by these codes. */
export const NumberRuleCode = {
  lead: 'lead_no',
  customer: 'customer_no',
  reservation: 'reservation_no',
  order: 'order_no',
  contract: 'contract_no',
  payment: 'payment_no',
  changeOrder: 'change_order_no',
  serviceOrder: 'service_order_no',
  nurse: 'nurse_no',
  nurseAssignment: 'nurse_assignment_no',
  nurseSettlement: 'nurse_settlement_no',
} as const;
