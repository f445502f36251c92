export * from './order.permissions.js';
