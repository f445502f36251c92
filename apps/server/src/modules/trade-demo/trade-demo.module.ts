import { seedDemoTradeIfEmpty } from '../../seed/demo-trade-data.js';
import { defineModule } from '../module.js';

// Demo data only: a year of orders, contracts, money, stays and services for the demo CRM customers
// (DEMO_CRM_DATA=on), seeded after every transactions module and the demo prices.
export default defineModule({
  name: 'trade-demo',
  seeds: [{ name: 'demo orders, contracts, payments, stays and services', run: ({ db, config }) => seedDemoTradeIfEmpty(db, config) }],
});
