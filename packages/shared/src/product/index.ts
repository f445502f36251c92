export * from './product.schema.js';
export * from './product.contract.js';
