import { isEmptyValue, phoneCheck, SMS_CODE_MESSAGE, SMS_CODE_PATTERN } from '@care/shared';
import { LoginText } from './login-flow';

export type LoginField = 'username' | 'password' | 'captcha' | 'mobile' | 'smsCode';
export type LoginValues = Partial<Record<LoginField, string>>;
export type LoginErrors = Partial<Record<LoginField, string>>;

/** A field's rules in order: each answers its message when the value fails it. */
type Rule = (value: string | undefined) => string | null;

const required = (message: string): Rule => (value) => (value === undefined || value === '' ? message : null);
// Like the form kit's rules: an empty value is left to `required`.
const matches = (pattern: RegExp, message: string): Rule => (value) => (isEmptyValue(value) || pattern.test(value ?? '') ? null : message);

const rules: Record<LoginField, Rule[]> = {
  username: [required(LoginText.usernameRequired)],
  password: [required(LoginText.passwordRequired)],
  captcha: [required(LoginText.captchaRequired)],
  mobile: [required(LoginText.mobileRequired), (value) => (phoneCheck.test(value) ? null : phoneCheck.message)],
  // The phoneLogin contract's own check of the SMS code, so the form and the server say the same.
  smsCode: [required(LoginText.captchaRequired), matches(SMS_CODE_PATTERN, SMS_CODE_MESSAGE)],
};

/** What the field shows under itself for this value, or undefined when the value passes. */
export function fieldError(field: LoginField, value: string | undefined): string | undefined {
  for (const rule of rules[field]) {
    const message = rule(value);
    if (message) return message;
  }
  return undefined;
}

/** The errors of the given fields; empty when all pass. */
export function fieldErrors(fields: readonly LoginField[], values: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  for (const field of fields) {
    const error = fieldError(field, values[field]);
    if (error) errors[field] = error;
  }
  return errors;
}
