export * from './change-order.permissions.js';
