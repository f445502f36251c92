import { buttonsOf, AdminUserPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerAdminUserRoutes } from './admin-user.routes.js';
import { userRules } from './admin-user.repo.js';

export default defineModule({
  name: 'admin-user',
  tables: ['app_user'],
  menus: [{ path: '/system/user', buttons: buttonsOf(AdminUserPermission) }],
  routes: registerAdminUserRoutes,
  dataRules: [userRules],
});
