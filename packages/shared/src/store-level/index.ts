export * from './store-level.permissions.js';
export * from './store-level.contract.js';
