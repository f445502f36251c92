import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { DictCode, fromCents, orderContract, receivableContract, roomContract, toCents, type ReceivableRecord } from '@care/shared';
import { useDictOptions } from '../../components/dict/useDictOptions';
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

/** What a 调账 may lower a line to: its received money and the pending payments reserved on it. */
export const takenOf = (line: Pick<ReceivableRecord, 'received' | 'pending'>): string => fromCents(toCents(line.received) + toCents(line.pending));

/** 调整应收: the receivables of the picked order (the 应收 list's scope), each with its amount and what it received. */
export function ChangeOrderReceivablePicker({ orderId, onPicked, ...props }: Props & { orderId?: string; onPicked?: (line: ReceivableRecord | null) => void }) {
  const { request } = useServices();
  const items = useDictOptions(DictCode.receivableItem).data ?? [];
  const found = useQuery({
    queryKey: ['changeOrder', 'receivables', orderId],
    queryFn: () => request.call(receivableContract.list, { pageNo: 1, pageSize: 100, orderId, column: 'dueDate', order: 'asc' }),
    enabled: Boolean(orderId),
    staleTime: 10_000,
  });
  const lines = found.data?.records ?? [];
  const itemLabel = (value: string) => items.find((o) => o.value === value)?.label ?? value;
  const options = lines.map((r) => ({ value: r.id, label: text.adjustLine(itemLabel(r.item), r.dueDate, r.amount, r.received) }));
  return (
    <Select<string>
      allowClear
      placeholder={orderId ? undefined : text.adjustReceivablePlaceholder}
      disabled={!orderId}
      {...props}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        onPicked?.(lines.find((r) => r.id === value) ?? null);
      }}
      loading={found.isLoading && Boolean(orderId)}
      options={options}
      className="change-order-receivable-select"
    />
  );
}
