export * from './nurse-link.permissions.js';
export * from './nurse-link.schema.js';
export * from './nurse-link.contract.js';
