export * from './module-switch.permissions.js';
export * from './module-switch.schema.js';
export * from './module-switch.contract.js';
