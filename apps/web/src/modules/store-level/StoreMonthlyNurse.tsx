import { MonthlyNurseList } from '../monthly-nurse/MonthlyNurseList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店月嫂: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreMonthlyNurse() {
  return <StoreScopedPage>{(storeId) => <MonthlyNurseList storeId={storeId} />}</StoreScopedPage>;
}
