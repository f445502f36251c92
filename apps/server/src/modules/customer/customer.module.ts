import { buttonsOf, CustomerPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { customerFollowUpsDue } from './customer.work-items.js';
import { customerRules } from './customer.rules.js';
import { registerCustomerRoutes } from './customer.routes.js';

export default defineModule({
  name: 'customer',
  tables: ['customer'],
  menus: [{ path: '/crm/customer', buttons: buttonsOf(CustomerPermission) }],
  dataRules: [customerRules],
  workplace: { items: [customerFollowUpsDue] },
  routes: registerCustomerRoutes,
});
