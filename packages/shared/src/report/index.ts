export * from './report.permissions.js';
export * from './report.schema.js';
export * from './report.contract.js';
