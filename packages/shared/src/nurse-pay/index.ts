export * from './nurse-pay.permissions.js';
