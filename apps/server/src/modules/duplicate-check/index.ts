// What other modules use: make a (tableName, fieldName) pair checkable.
export { registerDuplicateCheck, type DuplicateCheckDef } from './duplicate-check.registry.js';
