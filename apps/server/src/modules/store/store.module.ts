import { buttonsOf, StorePermission } from '@care/shared';
import { defineModule } from '../module.js';
import { registerStoreRoutes } from './store.routes.js';
import { seedDemoCrmIfEmpty } from '../../seed/demo-crm.js';

export default defineModule({
  name: 'store',
  tables: ['store', 'user_store'],
  menus: [{ path: '/base/store', buttons: buttonsOf(StorePermission) }],
  routes: registerStoreRoutes,
  seeds: [{ name: 'demo stores and CRM scopes', run: ({ db, config }) => seedDemoCrmIfEmpty(db, config) }],
});
