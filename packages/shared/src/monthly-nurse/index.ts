export * from './monthly-nurse.permissions.js';
