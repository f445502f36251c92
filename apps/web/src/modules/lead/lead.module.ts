import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'lead',
  pages: {
    'lead/LeadList': () => import('./LeadList'),
  },
});
