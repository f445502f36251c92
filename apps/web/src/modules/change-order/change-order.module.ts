import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'change-order',
  pages: {
    'changeOrder/ChangeOrderList': () => import('./ChangeOrderList'),
  },
});
