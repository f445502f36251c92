export * from './finance-price.schema.js';
export * from './finance-price.contract.js';
