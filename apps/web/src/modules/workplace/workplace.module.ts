import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'workplace',
  pages: {
    'dashboard/Workplace': () => import('./Workplace'),
    'dashboard/Task': () => import('./Task'),
  },
});
