export * from './bi.permissions.js';
export * from './bi.contract.js';
