import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'security-group',
  pages: {
    'system/RoleList': () => import('./RoleList'),
    'system/SecurityGroupList': () => import('./SecurityGroupList'),
  },
});
