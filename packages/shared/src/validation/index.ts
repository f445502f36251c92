export { isEmptyValue, refineWith, runCheck, toFormRule, type Check, type CheckResult, type FormRule } from './check.js';
export * from './contact.validator.js';
export * from './field-rule.validator.js';
export * from './password.schema.js';
