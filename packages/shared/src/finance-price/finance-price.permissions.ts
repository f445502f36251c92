import { definePermissions } from '../permission/define-permissions.js';

/** Actions of the finance-price module and the titles of their buttons. */
export const FinancePricePermission = definePermissions({
  financePriceList: ['finance:financePrice:list', '查询财务定价'],
  financePriceAdd: ['finance:financePrice:add', '新增财务定价'],
  financePriceEdit: ['finance:financePrice:edit', '编辑财务定价'],
  financePriceDelete: ['finance:financePrice:delete', '删除财务定价'],
  financePriceExport: ['finance:financePrice:export', '导出财务定价'],
  /** The price look-up orders use (reference and floor price of a product on a date). */
  financePriceLookup: ['finance:financePrice:lookup', '查询产品价格'],
});
