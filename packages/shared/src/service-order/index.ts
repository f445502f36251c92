export * from './service-order.permissions.js';
