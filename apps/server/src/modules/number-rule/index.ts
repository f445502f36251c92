// What other modules use: draw a business number by rule code (NumberRuleCode in @care/shared).
export { nextNumber } from './number-rule.service.js';
