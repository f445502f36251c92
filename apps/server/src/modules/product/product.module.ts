import { buttonsOf, ProductPermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerProductRoutes } from './product.routes.js';
import { seedDemoProducts } from './product.seed.js';

export default defineModule({
  name: 'product',
  tables: ['product', 'product_version'],
  menus: [{ path: '/base/product', buttons: buttonsOf(ProductPermission) }],
  routes: registerProductRoutes,
  seeds: [{ name: 'demo products and packages', run: ({ db, config }) => seedDemoProducts(db, config) }],
});
