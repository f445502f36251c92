export * from './nurse-assignment.permissions.js';
export * from './nurse-assignment.state.js';
export * from './nurse-assignment.text.js';
export * from './nurse-assignment.schema.js';
export * from './nurse-assignment.contract.js';
