import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import { formatDateTime } from '../format/date.format.js';
import { enumValues, type DictEnumValue } from './dict.enums.js';

export const NumberRuleText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
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

export const numberRuleSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  prefix: z.string(),
  datePattern: z.enum(enumValues('number_date_pattern')),
  seqLength: z.number().int(),
  resetPeriod: z.enum(enumValues('number_reset_period')),
  enabled: z.boolean(),
  description: z.string(),
  /** What the first number of today would look like. */
  example: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type NumberRule = z.infer<typeof numberRuleSchema>;

export const NUMBER_RULE_SORT_COLUMNS = ['code', 'name', 'createdAt'] as const;

export const numberRuleListQuerySchema = pageQuerySchema.extend({
  column: z.enum(NUMBER_RULE_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
});
export type NumberRuleListQuery = z.infer<typeof numberRuleListQuerySchema>;
export const numberRulePageSchema = pageResultSchema(numberRuleSchema);

const fields = {
  name: z.string().trim().min(1, '请输入规则名称!').max(100, '规则名称不能超过100个字符'),
  prefix: z
    .string()
    .trim()
    .max(20, '前缀不能超过20个字符')
    .regex(/^[A-Za-z0-9_-]*$/, '前缀只能包含字母、数字、_ 和 -')
    .default(''),
  datePattern: z.enum(enumValues('number_date_pattern'), { message: '请选择日期格式!' }),
  seqLength: z.number({ message: '请输入流水号位数!' }).int('流水号位数必须是整数').min(1, '流水号位数为1-12').max(12, '流水号位数为1-12'),
  resetPeriod: z.enum(enumValues('number_reset_period'), { message: '请选择重置周期!' }),
  enabled: z.boolean().default(true),
  description: z.string().trim().max(500, '描述不能超过500个字符').default(''),
};

function checkReset(value: { datePattern: NumberDatePattern; resetPeriod: NumberResetPeriod }, ctx: z.RefinementCtx): void {
  if (!resetFitsPattern(value.datePattern, value.resetPeriod)) ctx.addIssue({ code: 'custom', path: ['resetPeriod'], message: NumberRuleText.resetTooFine, input: value.resetPeriod });
}

export const numberRuleCreateSchema = z
  .object({
    code: z
      .string()
      .trim()
      .min(1, '请输入规则编码!')
      .max(64, '规则编码不能超过64个字符')
      .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '规则编码以字母开头，只能包含字母、数字和 _'),
    ...fields,
  })
  .superRefine(checkReset);
export type NumberRuleCreate = z.infer<typeof numberRuleCreateSchema>;

/** The code is fixed once created: modules ask for numbers by code. */
export const numberRuleEditSchema = z
  .object({ id: z.uuid({ message: '缺少规则ID' }), version: z.number().int().min(1), ...fields })
  .superRefine(checkReset);
export type NumberRuleEdit = z.infer<typeof numberRuleEditSchema>;

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
} as const;
