import { defineDataScope, shanghaiDateOf } from '../../platform/data-rules/index.js';

/** 变更单 rows a rule may filter: by store (a 店长 sees her stores'), kind, status, creator, creation date. */
const changeOrderData = defineDataScope({
  resource: 'change_order',
  label: '变更单',
  alias: 'r',
  menu: '/trade/changeOrder',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    kind: ['变更类型', 'kind', 'text'],
    status: ['状态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    createdOn: ['创建日期', shanghaiDateOf('r', 'created_at'), 'date'],
  },
});

export const changeOrderRules = changeOrderData.rules;
export const changeOrderScope = changeOrderData.scope;
