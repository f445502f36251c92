export * from './room-type.schema.js';
export * from './room-type.contract.js';
