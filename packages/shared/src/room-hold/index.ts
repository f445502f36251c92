export * from './room-hold.permissions.js';
export * from './room-hold.state.js';
export * from './room-hold.schema.js';
export * from './room-hold.contract.js';
