import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'customer',
  pages: {
    'customer/CustomerList': () => import('./CustomerList'),
    'customer/CustomerDetail': () => import('./CustomerDetail'),
  },
});
