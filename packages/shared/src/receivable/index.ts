export * from './receivable.permissions.js';
export * from './money.js';
export * from './payment.state.js';
export * from './receivable.text.js';
export * from './receivable.schema.js';
export * from './receivable.contract.js';
