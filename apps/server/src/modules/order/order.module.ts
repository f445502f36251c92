import { buttonsOf, OrderPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { ordersAwaitingApproval } from './order.work-items.js';
import { orderRules } from './order.rules.js';
import { registerOrderRoutes } from './order.routes.js';

// 订单: see docs/trade.md for what this module owns and offers the others. Its 取消 (trade:order:cancel)
// is registered by the change-order module on the same menu.
export default defineModule({
  name: 'order',
  tables: ['sales_order'],
  menus: [{ path: '/trade/order', buttons: buttonsOf(OrderPermission) }],
  dataRules: [orderRules],
  workplace: { items: [ordersAwaitingApproval] },
  routes: registerOrderRoutes,
});
