import { defineModule } from '../module.js';
import { registerPermissionRoutes } from './permission.routes.js';
import { assembleProductMenu, syncProductPermissions } from './permission.seed.js';

export default defineModule({
  name: 'permission',
  tables: ['sys_permission', 'permission_catalog_version', 'seed_record'],
  routes: registerPermissionRoutes,
  seeds: [{ name: 'product menus and buttons', run: ({ db, modules }) => syncProductPermissions(db, assembleProductMenu(modules)) }],
});
