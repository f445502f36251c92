import { buttonsOf, BabyPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerBabyRoutes } from './baby.routes.js';

export default defineModule({
  name: 'baby',
  tables: ['baby'],
  menus: [{ path: '/crm/customer', buttons: buttonsOf(BabyPermission) }],
  routes: registerBabyRoutes,
});
