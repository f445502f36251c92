import { buttonsOf, FinancePricePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerFinancePriceRoutes } from './finance-price.routes.js';
import { seedDemoFinancePrices } from './finance-price.seed.js';

export default defineModule({
  name: 'finance-price',
  tables: ['finance_price'],
  menus: [{ path: '/finance/financePrice', buttons: buttonsOf(FinancePricePermission) }],
  routes: registerFinancePriceRoutes,
  seeds: [{ name: 'demo finance prices', run: ({ db, config }) => seedDemoFinancePrices(db, config) }],
});
