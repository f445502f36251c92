// What modules use: register filterable columns once, AND the filter into every repo query.
export { seesWholeCompany, withDataRules, type DataRuleTarget } from './apply.js';
export { registerDataRuleColumns, type DataRuleColumnDef, type RegisteredResource } from './registry.js';
export { setStoreIdsProvider, type StoreIdsProvider } from './variables.js';
export { defineDataScope, shanghaiDateOf, type DataScope, type DataScopeColumn, type DataScopeSpec } from './scope.js';
