import { Form, Select, type SelectProps } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { roomTypeContract } from '@care/shared';
import { useCrmOptions } from '../../components/crm';
import { useServices } from '../../lib/useServices';

/** Room types and rooms keep the store they were added to. */
export const StoreOwnedText = { storeFixed: '门店创建后不能修改' } as const;

const ROOM_TYPE_OPTIONS_KEY = ['room', 'options', 'roomType'] as const;

/** Forgets the cached room types after the 房型 page changed one. */
export function useInvalidateRoomTypeOptions(): () => Promise<void> {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: ROOM_TYPE_OPTIONS_KEY });
}

/**
 * 房型: an enabled room type; inside a form that has a 门店 (`storeId`), only that store's types (a room
 * takes a type of its own store), otherwise every store's, named with their store.
 */
export function RoomTypeSelect(props: Omit<SelectProps<string>, 'options' | 'loading' | 'mode'>) {
  const { request } = useServices();
  const storeId = Form.useWatch<string | undefined>('storeId', Form.useFormInstance());
  const types = useQuery({ queryKey: ROOM_TYPE_OPTIONS_KEY, queryFn: () => request.call(roomTypeContract.options, {}), staleTime: 60_000 });
  const stores = useCrmOptions('store');
  const storeName = (id: string) => stores.data?.find((s) => s.id === id)?.name ?? '';
  const options = (types.data ?? [])
    .filter((t) => !storeId || t.storeId === storeId)
    .map((t) => ({ value: t.id, label: storeId ? t.name : `${storeName(t.storeId)} · ${t.name}` }));
  return <Select<string> allowClear showSearch optionFilterProp="label" placeholder="请选择" {...props} loading={types.isLoading} options={options} data-room-options="roomType" />;
}
