// The contact checks without zod, so a page that only checks (the sign-in form) does not load it.
import { asText, isEmptyValue, type Check } from './check.js';

// Spec §5 texts.
export const PHONE_MESSAGE = '请输入正确的手机号!';
export const EMAIL_MESSAGE = '请输入正确的邮箱!';
export const AGE_MESSAGE = '年龄必须在0到100之间!';

export const AGE_MIN = 0;
export const AGE_MAX = 100;
const EMAIL_MAX_LENGTH = 254;

// No quantified groups anywhere: each pattern runs in linear time on any input.
const PHONE_PATTERN = /^1\d{10}$/;
// Domain: labels and dots, ending in a dot and a 2–3 letter suffix; `..` is refused separately.
const EMAIL_PATTERN = /^[\w%+-][\w.%+-]*@[A-Za-z0-9-][A-Za-z0-9.-]*\.[A-Za-z]{2,3}$/;
const AGE_TEXT_PATTERN = /^(?:0|[1-9]\d{0,2})$/;

/** 11 ASCII digits starting with 1. No trimming: spaces and full-width digits are refused. */
export function isPhone(value: unknown): boolean {
  const text = asText(value);
  return text !== undefined && PHONE_PATTERN.test(text);
}

/** local@domain.suffix with a 2- or 3-letter suffix (e.g. a@b.cn, a.b@c.d.com). */
export function isEmail(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    value.length <= EMAIL_MAX_LENGTH &&
    EMAIL_PATTERN.test(value) &&
    !value.includes('..') &&
    !value.includes('.@') &&
    !value.includes('-.') &&
    !value.includes('.-')
  );
}

/** An integer 0–100, as a number or as plain digits without leading zeros ('42'). */
export function isAge(value: unknown): boolean {
  if (typeof value === 'string') {
    if (!AGE_TEXT_PATTERN.test(value)) return false;
    return Number(value) <= AGE_MAX;
  }
  return typeof value === 'number' && Number.isInteger(value) && value >= AGE_MIN && value <= AGE_MAX;
}

// The form checks below accept an empty value: phone, email and age are optional fields.
export const phoneCheck: Check = { message: PHONE_MESSAGE, test: (v) => isEmptyValue(v) || isPhone(v) };
export const emailCheck: Check = { message: EMAIL_MESSAGE, test: (v) => isEmptyValue(v) || isEmail(v) };
export const ageCheck: Check = { message: AGE_MESSAGE, test: (v) => isEmptyValue(v) || isAge(v) };

