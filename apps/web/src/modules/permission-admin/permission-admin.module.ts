import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'permission-admin',
  pages: {
    'system/PermissionList': () => import('./PermissionList'),
  },
});
