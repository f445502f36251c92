export { isEmptyValue, refineWith, runCheck, toFormRule, type Check, type CheckResult, type FormRule } from './check.js';
export * from './contact.validator.js';
export * from './field-rule.validator.js';
export * from './password.schema.js';
export * from './input-text.js';
export * from './date-rule.js';
export * from './dict-value.js';
