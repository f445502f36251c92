import { Form, type SelectProps } from 'antd';
import { productContract } from '@care/shared';
import { CustomerSearchSelect } from '../../components/crm/CustomerSearchSelect';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { ProductSelect } from '../product/product-pickers';
import { OrderPageText as text } from './order-text';

type PickerProps = Omit<SelectProps<string>, 'options' | 'loading' | 'mode'> & { currentLabel?: string | null };

/** 客户: an edited order keeps its customer's label. */
export function OrderCustomerPicker(props: PickerProps) {
  return <CustomerSearchSelect placeholder={text.customerPlaceholder} {...props} className="order-customer-select" />;
}

/**
 * 产品 of an order: picking one fills 天数 and 房型 from the product while they are still empty (the
 * person may change them; the price is looked up for what the form finally holds).
 */
export function OrderProductSelect(props: PickerProps) {
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
