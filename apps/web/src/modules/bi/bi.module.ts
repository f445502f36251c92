import { defineWebModule } from '../../lib/modules/web-module';

export default defineWebModule({
  name: 'bi',
  pages: {
    'bi/CustomerBi': () => import('./CustomerBi'),
    'bi/MonthlyNurseBi': () => import('./MonthlyNurseBi'),
    'bi/OrderBi': () => import('./OrderBi'),
    'bi/RoomBi': () => import('./RoomBi'),
    'storeLevel/StoreBoard': () => import('./StoreBoard'),
    'storeLevel/StoreAmount': () => import('./StoreAmount'),
  },
});
