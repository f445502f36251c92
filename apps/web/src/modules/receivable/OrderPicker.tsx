import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { receivableContract } from '@care/shared';
import { SearchSelect } from '../../components/form/SearchSelect';
import { useServices } from '../../lib/useServices';

/** An order with receivables the caller may see, searched by order no or customer name. */
export function OrderPicker({ value, onChange, openOnly = false }: { value?: string; onChange?: (orderId: string) => void; openOnly?: boolean }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const { data, isLoading } = useQuery({
    queryKey: ['receivable-orders', keyword, openOnly],
    queryFn: () => request.call(receivableContract.orders, { keyword: keyword || undefined, openOnly }),
  });
  const options = (data ?? []).map((o) => ({ value: o.orderId, label: `${o.orderNo ?? ''} ${o.customerName ?? ''}（${o.storeName ?? ''}，未收 ${o.outstanding}）` }));
  return (
    <SearchSelect<string>
      value={value}
      onChange={(v) => onChange?.(v)}
      loading={isLoading}
      options={options}
      showSearch
      filterOption={false}
      onSearch={setKeyword}
      data-testid="order-picker"
    />
  );
}
