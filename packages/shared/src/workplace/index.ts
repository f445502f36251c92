export * from './workplace.permissions.js';
export * from './workplace.contract.js';
