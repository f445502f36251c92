import { useEffect, useState } from 'react';
import { DatePicker, Divider, Form, Input, InputNumber, Modal, Select } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { serviceOrderContract, serviceOrderCreateSchema, type ServiceOrderCreate } from '@care/shared';
import { DATE_TIME_FORMAT, textDateProps } from '../../components/crm';
import { DictRadio } from '../../components/dict/DictRadio';
import { DictSelect } from '../../components/dict/DictSelect';
import { useDictOptions } from '../../components/dict/useDictOptions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { AllowancePanel } from './AllowancePanel';
import { ServiceOrderPageText as T } from './service-order-text';

type Values = ServiceOrderCreate;

/** 订单: the 已确认 / 已入住 orders services may be scheduled under, searched by order no or customer. */
function OrderPicker(props: { value?: string; onChange?: (value: string) => void }) {
  const { request } = useServices();
  const [keyword, setKeyword] = useState('');
  const found = useQuery({ queryKey: ['serviceOrder', 'orders', keyword], queryFn: () => request.call(serviceOrderContract.orderOptions, { keyword }), staleTime: 10_000 });
  const options = (found.data ?? []).map((o) => ({ value: o.id, label: `${o.orderNo} · ${o.customerName ?? ''}${o.productName ? ` · ${o.productName}` : ''}` }));
  return <Select<string> {...props} showSearch allowClear filterOption={false} onSearch={setKeyword} loading={found.isLoading} options={options} placeholder={T.orderPlaceholder} className="service-order-picker" />;
}

/**
 * 新增服务单: pick the order first; its babies, the store's executors and the package's items (with
 * what is left of each) follow. 套餐内 offers only the package's items; 加购 any service item.
 */
export function ServiceOrderAddModal({ open, onClose, onDone }: { open: boolean; onClose: () => void; onDone: () => void }) {
  const { request } = useServices();
  const client = useQueryClient();
  const notice = useSuccessNotice();
  const [form] = Form.useForm<Values>();
  const orderId = Form.useWatch('orderId', form);
  const subject = Form.useWatch('subject', form);
  const source = Form.useWatch('source', form);
  const items = useDictOptions('service_item');
  const context = useQuery({
    queryKey: ['serviceOrder', 'formContext', orderId],
    queryFn: () => request.call(serviceOrderContract.formContext, { orderId: orderId! }),
    enabled: Boolean(orderId),
  });
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = useMutation({
    mutationFn: (values: Values) => request.call(serviceOrderContract.add, values),
    onSuccess: () => {
      notice(serviceOrderContract.add);
      void client.invalidateQueries({ queryKey: ['serviceOrder'] });
      onDone();
      onClose();
    },
  });
  const rule = (field: string, required = false) => schemaRule(serviceOrderCreateSchema, field, () => Object.assign({ scheduledAt: '', serviceItem: '' }, form.getFieldsValue()), required);
  const label = (value: string) => items.data?.find((o) => o.value === value)?.label ?? value;
  const packageItems = (context.data?.allowance.items ?? []).map((i) => ({ value: i.serviceItem, label: label(i.serviceItem) }));

  return (
    <Modal
      open={open}
      title={T.add}
      width={640}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      className="service-order-add-modal"
    >
      <Form<Values> form={form} name="serviceOrderAddForm" layout="vertical" initialValues={{ subject: 'mother', source: 'package', quantity: 1, days: 1 }}>
        <Form.Item name="orderId" label={T.order} rules={[{ required: true, message: '请选择订单!' }]}>
          <OrderPicker onChange={() => form.setFieldsValue({ serviceItem: undefined, babyId: null, executorId: null })} />
        </Form.Item>
        <Form.Item name="subject" label={T.subject} rules={[rule('subject', true)]}>
          <DictRadio code="service_subject" />
        </Form.Item>
        {subject === 'baby' && (
          <Form.Item name="babyId" label={T.baby} rules={[{ required: true, message: '请选择宝宝!' }]}>
            <Select options={(context.data?.babies ?? []).map((b) => ({ value: b.id, label: b.name }))} className="service-baby-select" />
          </Form.Item>
        )}
        <Form.Item name="source" label={T.source} rules={[rule('source', true)]}>
          <DictRadio code="service_source" onChange={() => form.setFieldsValue({ serviceItem: undefined })} />
        </Form.Item>
        <Form.Item name="serviceItem" label={T.serviceItem} rules={[{ required: true, message: '请选择服务项目!' }]}>
          {source === 'extra' ? <DictSelect code="service_item" /> : <Select showSearch optionFilterProp="label" options={packageItems} className="service-item-select" placeholder="请选择" />}
        </Form.Item>
        <Form.Item name="quantity" label={T.quantity} rules={[rule('quantity', true)]}>
          <InputNumber min={1} max={99} precision={0} />
        </Form.Item>
        <Form.Item name="scheduledAt" label={T.scheduledAt} rules={[{ required: true, message: '请选择正确的预约服务时间!' }, rule('scheduledAt')]} {...textDateProps(DATE_TIME_FORMAT)}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} />
        </Form.Item>
        <Form.Item name="days" label={T.days} extra={T.daysHint} rules={[rule('days')]}>
          <InputNumber min={1} max={60} precision={0} />
        </Form.Item>
        <Form.Item name="executorId" label={T.executor}>
          <Select allowClear placeholder={T.executorPlaceholder} options={(context.data?.executors ?? []).map((u) => ({ value: u.id, label: u.name }))} className="service-executor-select" />
        </Form.Item>
        <Form.Item name="remark" label={T.remark} rules={[rule('remark')]}>
          <Input.TextArea rows={2} maxLength={500} showCount />
        </Form.Item>
      </Form>
      {orderId && (
        <>
          <Divider orientation="left">{T.allowance}</Divider>
          <AllowancePanel allowance={context.data?.allowance} loading={context.isLoading} />
        </>
      )}
    </Modal>
  );
}
