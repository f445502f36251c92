export * from './report.permissions.js';
