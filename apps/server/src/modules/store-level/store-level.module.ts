import { defineModule } from '../module.js';
import { registerStoreLevelRoutes } from './store-level.routes.js';
import { seedDemoStoreLevelIfEmpty } from './store-level.seed.js';

// 门店 pages: the modules' lists scoped to one of the user's stores: see docs/reports.md.
export default defineModule({
  name: 'store-level',
  routes: registerStoreLevelRoutes,
  seeds: [{ name: 'demo 店长: the 门店 pages', run: ({ db, config }) => seedDemoStoreLevelIfEmpty(db, config) }],
});
