import { OrderList } from '../order/OrderList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店订单: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreOrder() {
  return <StoreScopedPage>{(storeId) => <OrderList storeId={storeId} />}</StoreScopedPage>;
}
