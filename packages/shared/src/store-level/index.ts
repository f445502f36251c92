export * from './store-level.permissions.js';
