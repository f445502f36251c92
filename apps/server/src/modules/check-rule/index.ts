// What other modules use: check a value against a rule by code when saving.
export { checkByCode } from './check-rule.service.js';
