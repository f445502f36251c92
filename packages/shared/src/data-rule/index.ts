export * from './data-rule.schema.js';
export * from './data-rule.contract.js';
