export * from './online-form.permissions.js';
export * from './online-form.schema.js';
export * from './online-form.contract.js';
export * from './online-resource.js';
