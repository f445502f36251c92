import { buttonsOf, PermissionAdminPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerPermissionAdminRoutes } from './permission-admin.routes.js';

export default defineModule({
  name: 'permission-admin',
  menus: [{ path: '/system/permission', buttons: buttonsOf(PermissionAdminPermission) }],
  routes: registerPermissionAdminRoutes,
});
