import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { roomContract, roomStatusLabel, ROOM_OUT_OF_SERVICE, type RoomStatus } from '@care/shared';
import { CustomerSearchSelect } from '../../components/crm/CustomerSearchSelect';
import { useServices } from '../../lib/useServices';
import { HoldText } from './hold-text';

type PickerProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'>;

/** 客户 of a hold. */
export function CustomerPicker(props: PickerProps) {
  return <CustomerSearchSelect placeholder={HoldText.customerPlaceholder} {...props} className="hold-customer-select" />;
}

const OUT_OF_SERVICE: readonly string[] = ROOM_OUT_OF_SERVICE;

/** 房间: the rooms of the form's 门店 (`storeId`) and, once chosen, 房型 (`roomTypeId`); 维修/停用 ones greyed. */
export function RoomPicker(props: PickerProps) {
  const { request } = useServices();
  const form = Form.useFormInstance();
  const storeId = Form.useWatch<string | undefined>('storeId', form);
  const roomTypeId = Form.useWatch<string | undefined>('roomTypeId', form);
  const rooms = useQuery({
    queryKey: ['reservation', 'rooms', storeId, roomTypeId],
    queryFn: () => request.call(roomContract.list, { pageNo: 1, pageSize: 500, storeId, ...(roomTypeId ? { roomTypeId } : {}) }),
    enabled: Boolean(storeId),
    staleTime: 10_000,
  });
  const options = (rooms.data?.records ?? []).map((r) => {
    const unusable = OUT_OF_SERVICE.includes(r.status);
    return { value: r.id, label: unusable ? `${r.roomNo}（${roomStatusLabel(r.status as RoomStatus)}）` : `${r.roomNo} · ${r.roomTypeName ?? ''}`, disabled: unusable };
  });
  return (
    <Select<string>
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={HoldText.roomPlaceholder}
      {...props}
      loading={rooms.isLoading && Boolean(storeId)}
      options={options}
      className="hold-room-select"
    />
  );
}
