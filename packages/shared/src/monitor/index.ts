export * from './monitor.permissions.js';
