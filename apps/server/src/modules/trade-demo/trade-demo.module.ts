import { seedDemoTradeIfEmpty } from '../../seed/demo-trade-data.js';
import { seedDemoTradeRolesIfEmpty } from '../../seed/demo-trade-roles.js';
import { defineModule } from '../module.js';

// Demo data only, seeded after every transactions module, the demo roles and the demo prices: what
// the demo roles may do with the transactions (and their stores' data rules), and — with
// DEMO_CRM_DATA=on — a year of orders, contracts, money, stays and services for the demo customers.
export default defineModule({
  name: 'trade-demo',
  seeds: [
    { name: 'demo roles: transactions grants and store rules', run: ({ db, config }) => seedDemoTradeRolesIfEmpty(db, config) },
    { name: 'demo orders, contracts, payments, stays and services', run: ({ db, config }) => seedDemoTradeIfEmpty(db, config) },
  ],
});
