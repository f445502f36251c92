export * from './announcement.schema.js';
export * from './announcement.contract.js';
export * from './announcement.state.js';
export * from './message.schema.js';
export * from './message.contract.js';
