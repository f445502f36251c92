import { CustomerList } from '../customer/CustomerList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店客户: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreCustomer() {
  return <StoreScopedPage>{(storeId) => <CustomerList storeId={storeId} />}</StoreScopedPage>;
}
