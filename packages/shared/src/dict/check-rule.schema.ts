import { z } from 'zod';
import { defineResource, field, type CreateOf, type EditOf, type ListQueryOf, type RecordOf } from '../resource/index.js';

export const CheckRuleText = {
  codeTaken: '规则编码已存在',
  unknownRule: '校验规则不存在',
  passed: '校验通过',
  badPattern: '正则表达式不正确',
  unsafePattern: '正则表达式可能导致灾难性回溯，请改写',
  timedOut: '校验超时，请联系管理员检查该规则',
} as const;

/** `*`: the segment checks the whole value; otherwise how many characters it checks. */
export const CHECK_ALL_DIGITS = '*';
export const CHECK_RULE_MAX_SEGMENTS = 10;
export const CHECK_RULE_MAX_PATTERN = 200;
/** Longest value a rule checks. */
export const CHECK_VALUE_MAX = 500;

/**
 * One segment of a rule (Jeecg's rule JSON): `digits` characters from where the previous segment
 * stopped (or the whole value for `*`, which does not advance) must match `pattern` entirely,
 * otherwise `message` is the answer.
 */
export const checkRuleSegmentSchema = z.object({
  digits: z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim())
    .refine((v) => v === CHECK_ALL_DIGITS || /^[1-9]\d{0,2}$/.test(v), '位数填写 * 或 1-999 的整数'),
  pattern: z.string().min(1, '请输入正则表达式!').max(CHECK_RULE_MAX_PATTERN, `正则表达式不能超过${CHECK_RULE_MAX_PATTERN}个字符`),
  message: z.string().trim().min(1, '请输入提示文本!').max(100, '提示文本不能超过100个字符'),
});
export type CheckRuleSegment = z.infer<typeof checkRuleSegmentSchema>;

/** 校验规则: a global table; the code is fixed once created (forms name rules by code). */
export const checkRuleResource = defineResource({
  name: 'checkRule',
  table: 'check_rule',
  label: '校验规则',
  fields: {
    code: field.code('规则编码', { required: true, max: 64, pattern: [/^[A-Za-z][A-Za-z0-9_]*$/, '规则编码以字母开头，只能包含字母、数字和 _'] }),
    name: field.text('规则名称', { required: true, sort: true }),
    segments: field.json(
      '规则',
      z.array(checkRuleSegmentSchema).min(1, '请至少添加一条规则!').max(CHECK_RULE_MAX_SEGMENTS, `规则不能超过${CHECK_RULE_MAX_SEGMENTS}条`),
      z.array(z.object({ digits: z.string(), pattern: z.string(), message: z.string() })),
    ),
    description: field.textarea('描述'),
  },
  defaultSort: { key: 'code', order: 'asc' },
  fixed: ['code'],
  global: true,
});

export const checkRuleSchema = checkRuleResource.record;
export type CheckRule = RecordOf<typeof checkRuleResource>;
export type CheckRuleListQuery = ListQueryOf<typeof checkRuleResource>;
export const checkRuleCreateSchema = checkRuleResource.create;
export type CheckRuleCreate = CreateOf<typeof checkRuleResource>;
export type CheckRuleEdit = EditOf<typeof checkRuleResource>;

/** Rule check payload (spec §3). */
export const checkByCodeSchema = z.object({
  ruleCode: z.string().trim().min(1, '缺少规则编码').max(64),
  value: z.string().max(CHECK_VALUE_MAX, `校验的值不能超过${CHECK_VALUE_MAX}个字符`).default(''),
});

/** Answer of both remote checks: a failed check is an answer, not an error (the form shows `message`). */
export const checkOutcomeSchema = z.object({ passed: z.boolean(), message: z.string() });
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;
