export * from './field.js';
export * from './resource.js';
export * from './crud-contracts.js';
export * from './state-machine.js';
