export * from './display-link.permissions.js';
