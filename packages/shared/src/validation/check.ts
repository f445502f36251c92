import type { z } from 'zod';

/** One local check: a predicate over a form or request value and the message shown when it fails. */
export interface Check {
  readonly message: string;
  test(value: unknown): boolean;
}

export type CheckResult = { ok: true } | { ok: false; message: string };

/**
 * An antd Form rule, typed structurally so this package needs no antd. The shape is assignable to
 * antd's `Rule`; `required` only draws the asterisk, the validator does the checking.
 */
export interface FormRule {
  required?: boolean;
  message: string;
  validator: (rule: unknown, value: unknown) => Promise<void>;
}

// undefined, null, '' and [] count as "not filled in"; whitespace-only text does not.
export function isEmptyValue(value: unknown): boolean {
  return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

export function runCheck(check: Check, value: unknown): CheckResult {
  return check.test(value) ? { ok: true } : { ok: false, message: check.message };
}

export function toFormRule(check: Check, required = false): FormRule {
  return {
    ...(required ? { required: true } : {}),
    message: check.message,
    validator: (_rule, value) => (check.test(value) ? Promise.resolve() : Promise.reject(new Error(check.message))),
  };
}

/** A zod `superRefine` callback that reports the check's message on the current path. */
export function refineWith(check: Check): (value: unknown, ctx: z.RefinementCtx) => void {
  return (value, ctx) => {
    if (!check.test(value)) ctx.addIssue({ code: 'custom', message: check.message, input: value });
  };
}

// Numbers are checked by their decimal text, so 12 passes "integer" like '12' does.
export function asText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}
