import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { orderContract, roomContract } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { ChangeOrderPageText as text } from './change-order-text';

type Props = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'>;

export interface PickedOrder {
  id: string;
  storeId: string;
  label: string;
}

/** 订单: searched by order no among the orders past 草稿 the user may see; `current` labels a preset one. */
export function ChangeOrderOrderPicker({ onPicked, current, ...props }: Props & { onPicked?: (order: PickedOrder | null) => void; current?: PickedOrder }) {
  const { request } = useServices();
  const [search, setSearch] = useState('');
  const found = useQuery({
    queryKey: ['changeOrder', 'orders', search],
    queryFn: () => request.call(orderContract.list, { pageNo: 1, pageSize: 20, ...(search ? { orderNo: search } : {}) }),
    staleTime: 10_000,
  });
  const orders = (found.data?.records ?? []).filter((o) => o.status !== 'draft');
  const options = orders.map((o) => ({ value: o.id, label: `${o.orderNo} ${o.customerName ?? ''}`.trim(), storeId: o.storeId }));
  if (current && !options.some((o) => o.value === current.id)) options.push({ value: current.id, label: current.label, storeId: current.storeId });
  return (
    <Select<string>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      placeholder={text.orderPlaceholder}
      {...props}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        const picked = options.find((o) => o.value === value);
        onPicked?.(picked ? { id: picked.value, storeId: picked.storeId, label: picked.label } : null);
      }}
      loading={found.isLoading}
      options={options}
      className="change-order-order-select"
    />
  );
}

/** 新房间: the rooms of the order's store. */
export function ChangeOrderRoomPicker({ storeId, ...props }: Props & { storeId?: string }) {
  const { request } = useServices();
  const found = useQuery({
    queryKey: ['changeOrder', 'rooms', storeId],
    queryFn: () => request.call(roomContract.list, { pageNo: 1, pageSize: 500, storeId }),
    enabled: Boolean(storeId),
    staleTime: 30_000,
  });
  const options = (found.data?.records ?? []).map((r) => ({ value: r.id, label: `${r.roomNo} ${r.roomTypeName ?? ''}`.trim() }));
  return <Select<string> allowClear showSearch optionFilterProp="label" {...props} loading={found.isLoading} options={options} className="change-order-room-select" />;
}
