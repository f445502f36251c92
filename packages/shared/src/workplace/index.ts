export * from './workplace.permissions.js';
