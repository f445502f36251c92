export * from './nurse-schedule.permissions.js';
