import { buttonsOf, ServiceOrderPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerServiceOrderRoutes } from './service-order.routes.js';
import { serviceOrderRules } from './service-order.rules.js';

// 服务单: see docs/trade.md for what this module owns and offers the others.
export default defineModule({
  name: 'service-order',
  tables: ['service_order'],
  menus: [{ path: '/serve/serviceOrder', buttons: buttonsOf(ServiceOrderPermission) }],
  dataRules: [serviceOrderRules],
  routes: registerServiceOrderRoutes,
});
