export * from './monthly-nurse.permissions.js';
export * from './monthly-nurse.state.js';
export * from './monthly-nurse.expiry.js';
export * from './monthly-nurse.schema.js';
export * from './monthly-nurse.contract.js';
