export * from './report-facts.permissions.js';
