import { buttonsOf, SecurityGroupPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerSecurityGroupRoutes } from './security-group.routes.js';
import { seedDemoRolesIfEmpty } from '../../seed/demo-roles.js';

export default defineModule({
  name: 'security-group',
  tables: ['security_group', 'security_group_permission', 'user_security_group'],
  menus: [{ path: '/system/securityGroup', buttons: buttonsOf(SecurityGroupPermission) }],
  routes: registerSecurityGroupRoutes,
  seeds: [{ name: 'demo roles and users', run: ({ db, config }) => seedDemoRolesIfEmpty(db, config) }],
});
