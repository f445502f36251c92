export * from './room-stay.permissions.js';
