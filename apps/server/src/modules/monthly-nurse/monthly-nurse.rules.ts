import { defineDataScope } from '../../platform/data-rules/index.js';

// 月嫂 data rules on the kit's alias `r`: by store (门店范围), level, status and creator.
const nurseData = defineDataScope({
  resource: 'monthly_nurse',
  label: '月嫂',
  alias: 'r',
  menu: '/serve/monthlyNurse',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    level: ['等级', 'level', 'text'],
    status: ['状态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
  },
});

export const monthlyNurseRules = nurseData.rules;
export const monthlyNurseScope = nurseData.scope;
