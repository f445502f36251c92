import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'order',
  pages: {
    'order/OrderList': () => import('./OrderList'),
  },
});
