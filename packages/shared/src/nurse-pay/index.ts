export * from './nurse-pay.permissions.js';
export * from './nurse-pay-standard.schema.js';
export * from './nurse-pay-standard.contract.js';
export * from './nurse-settlement.state.js';
export * from './nurse-settlement.schema.js';
export * from './nurse-settlement.contract.js';
