export * from './monitor.permissions.js';
export * from './monitor.contract.js';
