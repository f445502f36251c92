export * from './receivable.permissions.js';
