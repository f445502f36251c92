export * from './ai-log.permissions.js';
export * from './ai-log.schema.js';
export * from './ai-log.contract.js';
