export * from './department.schema.js';
export * from './department.contract.js';
export * from './admin-user.schema.js';
export * from './admin-user.contract.js';
export * from './security-group.schema.js';
export * from './security-group.contract.js';
export * from './company.schema.js';
export * from './company.contract.js';
