import { defineDataScope, shanghaiDateOf } from '../../platform/data-rules/index.js';

// 服务单's data rules on its menu: by store (a 店长's own stores), by executor (my services) …;
// `so` is the alias of every service_order query.
const serviceOrderData = defineDataScope({
  resource: 'service_order',
  label: '服务单',
  alias: 'so',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    executorId: ['执行人', 'executor_id', 'uuid'],
    serviceItem: ['服务项目', 'service_item', 'text'],
    status: ['服务单状态', 'status', 'text'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    scheduledDate: ['服务日期', shanghaiDateOf('so', 'scheduled_at'), 'date'],
  },
  menu: '/serve/serviceOrder',
});

export const serviceOrderRules = serviceOrderData.rules;
export const serviceOrderScope = serviceOrderData.scope;
