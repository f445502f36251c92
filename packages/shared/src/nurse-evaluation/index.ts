export * from './nurse-evaluation.permissions.js';
