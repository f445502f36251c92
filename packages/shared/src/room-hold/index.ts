export * from './room-hold.permissions.js';
