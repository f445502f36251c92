export * from './nurse-link.permissions.js';
