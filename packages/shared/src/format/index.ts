export * from './date.format.js';
export * from './money.format.js';
export * from './text.format.js';
