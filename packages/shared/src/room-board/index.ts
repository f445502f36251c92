export * from './room-board.permissions.js';
export * from './room-board.contract.js';
export * from './room-board.days.js';
