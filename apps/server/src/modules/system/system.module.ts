import { buttonsOf, SystemPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerSystemRoutes } from './system.routes.js';

export default defineModule({
  name: 'system',
  tables: ['system_config'],
  menus: [{ path: '/system/config', buttons: buttonsOf(SystemPermission) }],
  routes: registerSystemRoutes,
});
