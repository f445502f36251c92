export * from './display-link.permissions.js';
export * from './display-link.schema.js';
export * from './display-link.contract.js';
