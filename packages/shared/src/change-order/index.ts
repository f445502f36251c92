export * from './change-order.permissions.js';
export * from './change-order.state.js';
export * from './change-order.pricing.js';
export * from './change-order.schema.js';
export * from './change-order.contract.js';
