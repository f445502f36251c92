import { useState } from 'react';
import { Form, Select, type SelectProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { customerContract, productContract } from '@care/shared';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ProductSelect } from '../product/product-pickers';
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

/**
 * 产品 of an order: picking one fills 天数 and 房型 from the product while they are still empty (the
 * person may change them; the price is looked up for what the form finally holds).
 */
export function OrderProductSelect(props: Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> & { currentLabel?: string | null }) {
  const form = Form.useFormInstance();
  const { request } = useServices();
  const allowed = useAuthorized();
  return (
    <ProductSelect
      {...props}
      onChange={(value, option) => {
        props.onChange?.(value, option);
        if (!value || !allowed(productContract.queryById.access)) return;
        void request.call(productContract.queryById, { id: value }).then((product) => {
          const now = form.getFieldsValue(['days', 'roomTypeId']) as { days?: number | null; roomTypeId?: string | null };
          form.setFieldsValue({ ...(now.days ? {} : { days: product.days || undefined }), ...(now.roomTypeId || !product.roomTypeId ? {} : { roomTypeId: product.roomTypeId }) });
        }, () => undefined);
      }}
    />
  );
}
