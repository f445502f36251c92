import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'product',
  pages: {
    'product/ProductList': () => import('./ProductList'),
  },
});
