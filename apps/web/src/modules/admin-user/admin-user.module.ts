import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'admin-user',
  pages: {
    'system/UserList': () => import('./UserList'),
  },
});
