import { useState } from 'react';
import { Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { customerContract } from '@care/shared';
import { useServices } from '../../lib/useServices';

export type CustomerSearchSelectProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> & {
  /** The label of a chosen customer the search did not return (an edited record's own). */
  currentLabel?: string | null;
};

/** 客户: searched on the server by name, or by phone when digits are typed, among the customers the user may see. */
export function CustomerSearchSelect({ currentLabel, ...props }: CustomerSearchSelectProps) {
  const { request } = useServices();
  const [search, setSearch] = useState('');
  const byPhone = /^\d+$/.test(search);
  const found = useQuery({
    queryKey: ['customerSearch', search],
    queryFn: () => request.call(customerContract.list, { pageNo: 1, pageSize: 20, ...(byPhone ? { phone: search } : search ? { name: search } : {}) }),
    staleTime: 10_000,
  });
  const options = (found.data?.records ?? []).map((c) => ({ value: c.id, label: `${c.name} ${c.phone ?? ''}`.trim() }));
  if (props.value && !options.some((o) => o.value === props.value)) options.push({ value: props.value, label: currentLabel ?? props.value });
  return <Select<string> allowClear showSearch filterOption={false} onSearch={setSearch} {...props} loading={found.isLoading} options={options} />;
}
