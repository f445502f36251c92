export * from './order.permissions.js';
export * from './order.state.js';
export * from './order.schema.js';
export * from './order.contract.js';
