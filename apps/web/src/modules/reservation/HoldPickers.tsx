import { useState } from 'react';
import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { customerContract, roomContract, roomStatusLabel, ROOM_OUT_OF_SERVICE, type RoomStatus } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { HoldText } from './hold-text';

type PickerProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'>;

/** 客户: searched by name or phone among the customers the user may see. */
export function CustomerPicker(props: PickerProps) {
  const { request } = useServices();
  const [text, setText] = useState('');
  const byPhone = /^\d+$/.test(text);
  const found = useQuery({
    queryKey: ['reservation', 'customers', text],
    queryFn: () => request.call(customerContract.list, { pageNo: 1, pageSize: 20, ...(byPhone ? { phone: text } : text ? { name: text } : {}) }),
    staleTime: 10_000,
  });
  const options = (found.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone ?? ''}`.trim() }));
  return (
    <Select<string>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setText}
      placeholder={HoldText.customerPlaceholder}
      {...props}
      loading={found.isLoading}
      options={options}
      className="hold-customer-select"
    />
  );
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
