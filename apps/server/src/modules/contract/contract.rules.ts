import { defineDataScope } from '../../platform/data-rules/index.js';

// 合同 on /trade/contract: rules filter by store (a 店长 sees her stores' contracts), type, status and creator.
const contractData = defineDataScope({
  resource: 'contract',
  label: '合同',
  alias: 'r',
  menu: '/trade/contract',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    type: ['合同类型', 'type', 'text'],
    status: ['合同状态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
  },
});

export const contractRules = contractData.rules;
export const contractScope = contractData.scope;
