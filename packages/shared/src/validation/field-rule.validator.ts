import { z } from 'zod';
import { asText, isEmptyValue, runCheck, toFormRule, type Check, type CheckResult, type FormRule } from './check.js';
import { EMAIL_MESSAGE, isEmail, isPhone, PHONE_MESSAGE } from './contact.validator.js';

/** Generic field rule codes (spec §5), as configured on form fields, e.g. `*,m`. */
export const FIELD_RULE_CODES = ['*', 'only', 'n6-16', '*6-16', 's6-18', 'url', 'e', 'm', 'p', 's', 'n', 'z', 'money'] as const;
export type FieldRuleCode = (typeof FIELD_RULE_CODES)[number];

export interface FieldRule extends Check {
  readonly code: FieldRuleCode;
  /** Chinese name of the rule, for rule pickers. */
  readonly title: string;
  /**
   * True when only the server can decide (the duplicate check behind `only`). The local `test`
   * then accepts every value; the caller must run the server check when a value is present.
   */
  readonly remote: boolean;
}

/** A comma-separated list (`'*,m'`) or the codes themselves. */
export type FieldRuleList = string | readonly FieldRuleCode[];

// No quantified groups: every pattern runs in linear time whatever the input.
const N6_16 = /^\d{6,16}$/;
const ANY6_16 = /^.{6,16}$/su; // counts code points, so an emoji is one character
const S6_18 = /^[A-Za-z]{6,18}$/;
const URL_SHAPE = /^(?:https?|ftp):\/\/\S+$/i;
const POSTCODE = /^[1-9]\d{5}$/;
const LETTERS = /^[A-Za-z]+$/;
const NUMBER = /^-?\d+$|^-?\d+\.\d+$/;
const INTEGER = /^-?\d+$/;
// Fits numeric(14,2): at most 12 integer digits, no leading zeros, at most 2 decimals.
const MONEY = /^(?:0|[1-9]\d{0,11})$|^(?:0|[1-9]\d{0,11})\.\d{1,2}$/;

function isUrl(text: string): boolean {
  if (!URL_SHAPE.test(text)) return false;
  try {
    return new URL(text).hostname !== '';
  } catch {
    return false;
  }
}

// A rule over text: empty passes (the field is optional unless `*` is also listed).
function textRule(code: FieldRuleCode, title: string, message: string, test: (text: string) => boolean): FieldRule {
  return {
    code,
    title,
    message,
    remote: false,
    test: (value) => {
      if (isEmptyValue(value)) return true;
      const text = asText(value);
      return text !== undefined && test(text);
    },
  };
}

export const fieldRules: Readonly<Record<FieldRuleCode, FieldRule>> = {
  '*': {
    code: '*',
    title: '非空',
    message: '该项为必填项',
    remote: false,
    test: (value) => !isEmptyValue(value) && !(typeof value === 'string' && value.trim() === ''),
  },
  only: {
    code: 'only',
    title: '唯一校验',
    // Fallback only: the spec shows the server's own message when the duplicate check fails.
    message: '该值不可用，系统中已存在！',
    remote: true,
    test: () => true,
  },
  'n6-16': textRule('n6-16', '6到16位数字', '请输入6到16位数字!', (t) => N6_16.test(t)),
  '*6-16': textRule('*6-16', '6到16位任意字符', '请输入6到16位任意字符!', (t) => ANY6_16.test(t)),
  's6-18': textRule('s6-18', '6到18位字母', '请输入6到18位字母!', (t) => S6_18.test(t)),
  url: textRule('url', '网址', '请输入正确的网址!', isUrl),
  e: textRule('e', '电子邮件', EMAIL_MESSAGE, isEmail),
  m: textRule('m', '手机号码', PHONE_MESSAGE, isPhone),
  p: textRule('p', '邮政编码', '请输入正确的邮政编码!', (t) => POSTCODE.test(t)),
  s: textRule('s', '字母', '请输入字母!', (t) => LETTERS.test(t)),
  n: textRule('n', '数字', '请输入数字!', (t) => NUMBER.test(t)),
  z: textRule('z', '整数', '请输入整数!', (t) => INTEGER.test(t)),
  money: textRule('money', '金额', '请输入正确的金额!', (t) => MONEY.test(t)),
};

export function isFieldRuleCode(code: string): code is FieldRuleCode {
  return Object.hasOwn(fieldRules, code);
}

function ruleOf(code: string): FieldRule {
  if (!isFieldRuleCode(code)) throw new Error(`Unknown field rule code "${code}"`);
  return fieldRules[code];
}

/**
 * The rules of a list such as `'*,m'`, in the order written; blanks are skipped, repeats dropped.
 * Throws on an unknown code: a misspelt rule must not silently accept everything.
 */
export function parseRuleCodes(list: FieldRuleList): FieldRule[] {
  const codes = typeof list === 'string' ? list.split(',').map((c) => c.trim()).filter((c) => c !== '') : list;
  return [...new Set(codes)].map(ruleOf);
}

/** Checks one value against one rule. Empty values pass every rule except `*`. */
export function validateByRule(code: FieldRuleCode, value: unknown): CheckResult {
  return runCheck(ruleOf(code), value);
}

/** Checks one value against a rule list; the first failing rule gives the message. */
export function validateByRules(list: FieldRuleList, value: unknown): CheckResult {
  for (const rule of parseRuleCodes(list)) {
    const result = runCheck(rule, value);
    if (!result.ok) return result;
  }
  return { ok: true };
}

/**
 * antd Form rules for a rule list. Remote rules (`only`) are left out: the page adds its own
 * validator that calls the duplicate check when a value is present.
 */
export function toFormRules(list: FieldRuleList): FormRule[] {
  return parseRuleCodes(list)
    .filter((rule) => !rule.remote)
    .map((rule) => toFormRule(rule, rule.code === '*'));
}

/** A zod refinement for a rule list, for `.superRefine(…)` on any schema; reports the first failure. */
export function fieldRuleRefinement(list: FieldRuleList): (value: unknown, ctx: z.RefinementCtx) => void {
  const rules = parseRuleCodes(list);
  return (value, ctx) => {
    const result = validateByRules(rules.map((rule) => rule.code), value);
    if (!result.ok) ctx.addIssue({ code: 'custom', message: result.message, input: value });
  };
}

/**
 * A string schema for a rule list. A missing value fails with the `*` message when `*` is listed;
 * otherwise add `.optional()` where the key may be absent.
 */
export function fieldSchema(list: FieldRuleList): z.ZodString {
  const required = parseRuleCodes(list).some((rule) => rule.code === '*');
  const missingMessage = required ? fieldRules['*'].message : undefined;
  return z
    .string({ error: (issue) => (issue.input === undefined || issue.input === null ? missingMessage : undefined) })
    .superRefine(fieldRuleRefinement(list));
}
