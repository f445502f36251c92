export * from './nurse-assignment.permissions.js';
