import { defineDataScope, shanghaiDateOf } from '../../platform/data-rules/index.js';

// 店长: `storeId in 本人门店`; 销售顾问: `consultantId = 本人`. `r` is the alias of every order query.
const orderData = defineDataScope({
  resource: 'order',
  label: '订单',
  alias: 'r',
  columns: {
    storeId: ['门店', 'store_id', 'uuid'],
    consultantId: ['顾问', 'consultant_id', 'uuid'],
    status: ['订单状态', 'status', 'text'],
    customerId: ['客户', 'customer_id', 'uuid'],
    channelId: ['合作渠道', 'channel_id', 'uuid'],
    createdBy: ['创建人', 'created_by', 'uuid'],
    createdOn: ['创建日期', shanghaiDateOf('r', 'created_at'), 'date'],
  },
  menu: '/trade/order',
});

export const orderRules = orderData.rules;
export const orderScopeOf = orderData.scope;
