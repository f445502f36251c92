import { defineWebModule } from '../../lib/modules/web-module';

// 门店 pages (docs/reports.md "Store pages"); 门店看板 and 门店金额 are the bi module's.
export default defineWebModule({
  name: 'store-level',
  pages: {
    'storeLevel/StoreCustomer': () => import('./StoreCustomer'),
    'storeLevel/StoreOrder': () => import('./StoreOrder'),
    'storeLevel/StoreContract': () => import('./StoreContract'),
    'storeLevel/StoreReceivable': () => import('./StoreReceivable'),
    'storeLevel/StoreRoom': () => import('./StoreRoom'),
    'storeLevel/StoreServe': () => import('./StoreServe'),
    'storeLevel/StoreMonthlyNurse': () => import('./StoreMonthlyNurse'),
  },
});
