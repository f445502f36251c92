import { z } from 'zod';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';

export const CheckRuleText = {
  added: '添加成功！',
  edited: '编辑成功!',
  deleted: '删除成功!',
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

export const checkRuleSchema = z.object({
  id: z.string(),
  code: z.string(),
  name: z.string(),
  segments: z.array(z.object({ digits: z.string(), pattern: z.string(), message: z.string() })),
  description: z.string(),
  version: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CheckRule = z.infer<typeof checkRuleSchema>;

export const CHECK_RULE_SORT_COLUMNS = ['code', 'name', 'createdAt'] as const;

export const checkRuleListQuerySchema = pageQuerySchema.extend({
  column: z.enum(CHECK_RULE_SORT_COLUMNS, { message: '不支持的排序字段' }).optional(),
  code: z.string().trim().max(64).optional(),
  name: z.string().trim().max(100).optional(),
});
export type CheckRuleListQuery = z.infer<typeof checkRuleListQuerySchema>;
export const checkRulePageSchema = pageResultSchema(checkRuleSchema);

const fields = {
  name: z.string().trim().min(1, '请输入规则名称!').max(100, '规则名称不能超过100个字符'),
  segments: z
    .array(checkRuleSegmentSchema)
    .min(1, '请至少添加一条规则!')
    .max(CHECK_RULE_MAX_SEGMENTS, `规则不能超过${CHECK_RULE_MAX_SEGMENTS}条`),
  description: z.string().trim().max(500, '描述不能超过500个字符').default(''),
};

export const checkRuleCreateSchema = z.object({
  code: z
    .string()
    .trim()
    .min(1, '请输入规则编码!')
    .max(64, '规则编码不能超过64个字符')
    .regex(/^[A-Za-z][A-Za-z0-9_]*$/, '规则编码以字母开头，只能包含字母、数字和 _'),
  ...fields,
});
export type CheckRuleCreate = z.infer<typeof checkRuleCreateSchema>;

/** The code is fixed once created: forms name rules by code. */
export const checkRuleEditSchema = z.object({ id: z.uuid({ message: '缺少规则ID' }), version: z.number().int().min(1), ...fields });
export type CheckRuleEdit = z.infer<typeof checkRuleEditSchema>;

/** Rule check payload (spec §3). */
export const checkByCodeSchema = z.object({
  ruleCode: z.string().trim().min(1, '缺少规则编码').max(64),
  value: z.string().max(CHECK_VALUE_MAX, `校验的值不能超过${CHECK_VALUE_MAX}个字符`).default(''),
});

/** Answer of both remote checks: a failed check is an answer, not an error (the form shows `message`). */
export const checkOutcomeSchema = z.object({ passed: z.boolean(), message: z.string() });
export type CheckOutcome = z.infer<typeof checkOutcomeSchema>;
