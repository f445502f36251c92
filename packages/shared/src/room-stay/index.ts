export * from './room-stay.permissions.js';
export * from './room-stay.state.js';
export * from './room-stay.text.js';
export * from './room-stay.contract.js';
