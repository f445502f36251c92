export * from './nurse-evaluation.permissions.js';
export * from './nurse-evaluation.schema.js';
export * from './nurse-evaluation.contract.js';
