import { roomTypeContract, roomTypeResource } from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { StoreSelect } from '../../components/crm';
import { StoreOwnedText, useInvalidateRoomTypeOptions } from './RoomTypeSelect';

/** 房型 (/room/roomType): each store's room types with their beds, area and daily price. */
export function RoomTypeList() {
  const invalidate = useInvalidateRoomTypeOptions();
  return (
    <ResourceTable
      resource={roomTypeResource}
      contracts={roomTypeContract}
      onChanged={() => void invalidate()}
      columns={{ storeId: { renderFormItem: () => <StoreSelect /> }, code: { copyable: true }, sort: { width: 80, align: undefined } }}
      form={{ inputs: { storeId: <StoreSelect /> }, lockedOnEdit: ['storeId'], extra: { storeId: StoreOwnedText.storeFixed } }}
    />
  );
}
