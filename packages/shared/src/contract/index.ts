export * from './contract.permissions.js';
export * from './contract.state.js';
export * from './contract-terms.js';
export * from './contract-template.schema.js';
export * from './contract.schema.js';
export * from './contract.contract.js';
