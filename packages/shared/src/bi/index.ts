export * from './bi.permissions.js';
