import { defineDataScope } from '../../platform/data-rules/index.js';

/** 应收 rows (alias `r`): rules filter by store, item and status (a 店长: `storeId in 本人门店`). */
const receivableData = defineDataScope({
  resource: 'receivable',
  label: '应收',
  alias: 'r',
  menu: '/finance/receivable',
  columns: { storeId: ['门店', 'store_id', 'uuid'], item: ['应收项目', 'item', 'text'], status: ['应收状态', 'status', 'text'], createdBy: ['创建人', 'created_by', 'uuid'] },
});

/** 收款 rows (alias `p`): rules filter by store, method and status. */
const paymentData = defineDataScope({
  resource: 'payment',
  label: '收款',
  alias: 'p',
  menu: '/finance/payment',
  columns: { storeId: ['门店', 'store_id', 'uuid'], method: ['收款方式', 'method', 'text'], status: ['收款状态', 'status', 'text'], createdBy: ['创建人', 'created_by', 'uuid'] },
});

export const receivableRules = receivableData.rules;
export const receivableScope = receivableData.scope;
export const paymentRules = paymentData.rules;
export const paymentScope = paymentData.scope;
