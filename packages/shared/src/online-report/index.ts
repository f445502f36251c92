export * from './online-report.permissions.js';
export * from './online-report.schema.js';
export * from './online-report.contract.js';
