import { ServiceOrderList } from '../service-order/ServiceOrderList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店服务: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreServe() {
  return <StoreScopedPage>{(storeId) => <ServiceOrderList storeId={storeId} />}</StoreScopedPage>;
}
