import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'service-order',
  pages: {
    'serviceOrder/ServiceOrderList': () => import('./ServiceOrderList'),
  },
});
