import { RoomList } from '../room/RoomList';
import { StoreScopedPage } from './StoreScopedPage';

/** 门店房间: the module's own list (its permissions and data rules) fixed to the store chosen above. */
export function StoreRoom() {
  return <StoreScopedPage>{(storeId) => <RoomList storeId={storeId} />}</StoreScopedPage>;
}
