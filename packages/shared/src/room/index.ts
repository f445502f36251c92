export * from './room.schema.js';
export * from './room.state.js';
export * from './room.contract.js';
