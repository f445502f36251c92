import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'dashboard',
  pages: {
    'dashboard/Analysis': () => import('./Analysis'),
    'dashboard/IndexChart': () => import('./IndexChart'),
  },
});
