export * from './order.permissions.js';
export * from './order.state.js';
