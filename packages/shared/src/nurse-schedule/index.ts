export * from './nurse-schedule.permissions.js';
export * from './nurse-match.js';
export * from './nurse-schedule.days.js';
export * from './nurse-schedule.contract.js';
