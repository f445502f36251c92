export * from './contract.permissions.js';
