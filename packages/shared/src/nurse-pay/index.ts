export * from './nurse-pay.permissions.js';
export * from './nurse-pay-standard.schema.js';
export * from './nurse-pay-standard.contract.js';
