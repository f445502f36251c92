import { buttonsOf, ChangeOrderPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { changeOrdersAwaitingApproval } from './change-order.work-items.js';
import { registerChangeOrderRoutes } from './change-order.routes.js';
import { changeOrderRules } from './change-order.rules.js';

const { orderCancel, ...changeOrderButtons } = ChangeOrderPermission;

// 变更单: see docs/trade.md for what this module owns and offers the others (and 取消订单 on the 订单 menu).
export default defineModule({
  name: 'change-order',
  tables: ['change_order', 'change_order_approval'],
  menus: [
    { path: '/trade/changeOrder', buttons: buttonsOf(changeOrderButtons) },
    { path: '/trade/order', buttons: buttonsOf({ orderCancel }) },
  ],
  workplace: { items: [changeOrdersAwaitingApproval] },
  routes: registerChangeOrderRoutes,
  dataRules: [changeOrderRules],
});
