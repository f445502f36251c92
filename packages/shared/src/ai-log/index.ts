export * from './ai-log.permissions.js';
