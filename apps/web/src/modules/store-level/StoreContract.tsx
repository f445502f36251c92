import { ContractList } from '../contract/ContractList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店合同: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreContract() {
  return <StoreScopedPage>{(storeId) => <ContractList storeId={storeId} />}</StoreScopedPage>;
}
