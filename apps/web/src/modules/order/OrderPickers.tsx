import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { customerContract } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { OrderPageText as text } from './order-text';

type PickerProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> & { currentLabel?: string | null };

/** 客户: searched by name or phone among the customers the user may see; an edited order keeps its customer's label. */
export function OrderCustomerPicker({ currentLabel, ...props }: PickerProps) {
  const { request } = useServices();
  const [search, setSearch] = useState('');
  const byPhone = /^\d+$/.test(search);
  const found = useQuery({
    queryKey: ['order', 'customers', search],
    queryFn: () => request.call(customerContract.list, { pageNo: 1, pageSize: 20, ...(byPhone ? { phone: search } : search ? { name: search } : {}) }),
    staleTime: 10_000,
  });
  const options = (found.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone ?? ''}`.trim() }));
  if (props.value && !options.some((o) => o.value === props.value)) options.push({ value: props.value, label: currentLabel ?? props.value });
  return (
    <Select<string>
      allowClear
      showSearch
      filterOption={false}
      onSearch={setSearch}
      placeholder={text.customerPlaceholder}
      {...props}
      loading={found.isLoading}
      options={options}
      className="order-customer-select"
    />
  );
}
