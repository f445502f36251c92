import { ReceivableList } from '../receivable/ReceivableList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店应收: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreReceivable() {
  return <StoreScopedPage>{(storeId) => <ReceivableList storeId={storeId} />}</StoreScopedPage>;
}
