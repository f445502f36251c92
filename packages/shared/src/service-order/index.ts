export * from './service-order.permissions.js';
export * from './service-order.state.js';
export * from './service-order.schema.js';
export * from './service-order.contract.js';
