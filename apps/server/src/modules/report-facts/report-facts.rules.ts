import { registerDataRuleColumns } from '../../platform/data-rules/index.js';

/**
 * 分析门店: the stores an analytics page (报表, BI, 看板) shows, filtered by the page permission's data
 * rules (a 店长: `storeId in #{sys_store_ids}`). Queried over `store as s`.
 */
export const analyticsStoreRules = registerDataRuleColumns('analytics_store', { storeId: { label: '门店', sql: 's.id', type: 'uuid' } }, { label: '分析门店' });
