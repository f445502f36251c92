import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'monitor',
  pages: {
    'dashboard/Monitor': () => import('./Monitor'),
  },
});
