import { useEffect, type ReactNode } from 'react';
import { Col, DatePicker, Divider, Form, Input, InputNumber, Modal, Row } from 'antd';
import { customerContract, customerCreateSchema, CustomerText as CustomerMessages, ID_CARD_TYPE, isChineseIdCard, type Customer } from '@care/shared';
import { ApiError } from '../../lib/api-error';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { asSent } from '../../components/dict/admin';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictSelect } from '../../components/dict/DictSelect';
import { ChannelSelect, LeadChannelSelect, StoreSelect } from '../../components/crm/CrmSelects';
import { CustomerText } from '../../components/crm/crm-text';
import { DATE_FORMAT, DATE_TIME_FORMAT, textDateProps } from '../../components/crm/date-field';

/** The form holds the request's fields as they are sent (dates as text). */
type CustomerFormValues = Partial<Record<string, string | number | string[] | null>>;

const TEXT_FIELDS = [
  'name', 'phone', 'wechat', 'hometown', 'address', 'deliveryHospital', 'companionName', 'companionPhone',
  'emergencyContact', 'emergencyPhone', 'dietNotes', 'allergies', 'remark',
] as const;
const NULLABLE_FIELDS = [
  'idType', 'birthDate', 'dueDate', 'deliveryDate', 'deliveryMode', 'fetusType', 'parity', 'level', 'leadChannelId',
  'channelId', 'nextFollowAt',
] as const;

/** The server's refusal of a phone held by another customer (CustomerText.duplicatePhone in shared). */
const DUPLICATE_PHONE_PREFIX = '手机号已存在';

interface CustomerFormModalProps {
  open: boolean;
  /** null: a new customer (the creator owns it, status 意向客户). */
  customer: Customer | null;
  onClose: () => void;
  onSaved: (customer: Customer) => void;
}

/**
 * 新增客户 / 编辑客户: every customer field, checked by the shared schema. A masked ID number is not
 * sent back: left empty it keeps the stored number; a new number replaces it; clearing the type clears both.
 */
export function CustomerFormModal({ open, customer, onClose, onSaved }: CustomerFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<CustomerFormValues>();
  const masked = customer?.idNoMasked ?? false;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (customer) {
      const { id: _id, version: _version, ...fields } = customer;
      form.setFieldsValue({
        ...Object.fromEntries([...TEXT_FIELDS, ...NULLABLE_FIELDS].map((f) => [f, fields[f]])),
        tags: fields.tags,
        storeId: fields.storeId,
        idNo: masked ? '' : fields.idNo,
        nextFollowAt: fields.nextFollowAt ? fields.nextFollowAt.slice(0, 16) : null,
      });
    }
  }, [open, customer, masked, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, TEXT_FIELDS);
    for (const field of NULLABLE_FIELDS) if (values[field] === undefined || values[field] === '') values[field] = null;
    values.tags = Array.isArray(values.tags) ? values.tags : [];
    const idNo = typeof values.idNo === 'string' ? values.idNo.trim() : '';
    values.idNo = idNo === '' ? null : idNo;
    return values;
  };

  /** What an edit sends for the ID: nothing (keep), a new number, or null (clear). */
  const idFields = (values: Record<string, unknown>): Record<string, unknown> => {
    if (!customer || !masked || values.idNo) return { idType: values.idType, idNo: values.idNo };
    if (customer.idType && !values.idType) return { idType: null, idNo: null };
    return { idType: customer.idType };
  };

  const save = useSaveMutation({
    editing: Boolean(customer),
    add: customerContract.add,
    edit: customerContract.edit,
    mutationFn: () => {
      const values = sent();
      const fields = customerCreateSchema.parse(customer && masked && !values.idNo ? { ...values, idType: null, idNo: null } : values);
      if (!customer) return request.call(customerContract.add, fields);
      const { idType: _t, idNo: _n, ...rest } = fields;
      return request.call(customerContract.edit, { id: customer.id, version: customer.version, ...rest, ...idFields(values) });
    },
    onSaved,
    onClose,
    onError: (error) => {
      if (error instanceof ApiError && error.message.startsWith(DUPLICATE_PHONE_PREFIX)) form.setFields([{ name: 'phone', errors: [error.message] }]);
    },
  });

  const rule = (field: string, required = false) => schemaRule(customerCreateSchema, field, sent, required);
  // The schema checks the number against its type only once every other field is valid; the form
  // says it at once, with the schema's messages. A masked number left empty keeps the stored one.
  const idRule = (field: 'idType' | 'idNo') => ({
    validator: async () => {
      const { idType, idNo } = sent() as { idType: string | null; idNo: string | null };
      if (!idNo) return;
      if (field === 'idType' && !idType) throw new Error(CustomerMessages.idTypeRequired);
      if (field === 'idNo' && idType === ID_CARD_TYPE && !isChineseIdCard(idNo)) throw new Error(CustomerMessages.idNoInvalid);
    },
  });

  const cell = (node: ReactNode, span = 8) => <Col span={span}>{node}</Col>;
  const section = (title: string) => (
    <Divider orientation="left" orientationMargin={0} plain style={{ marginTop: 4 }}>
      {title}
    </Divider>
  );

  return (
    <Modal
      open={open}
      title={customer ? `${CustomerText.editTitle} - ${customer.name}` : CustomerText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(() => save.mutate(), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={900}
    >
      <Form form={form} name="customerForm" layout="vertical" autoComplete="off" className="customer-form">
        {section(CustomerText.sectionBasic)}
        <Row gutter={16}>
          {cell(
            <Form.Item name="name" label={CustomerText.name} rules={[rule('name', true)]}>
              <Input maxLength={50} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="phone" label={CustomerText.phone} rules={[rule('phone', true)]} validateTrigger={['onBlur', 'onChange']}>
              <Input maxLength={20} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="wechat" label={CustomerText.wechat} rules={[rule('wechat')]}>
              <Input maxLength={64} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="idType" label={CustomerText.idType} rules={[rule('idType'), idRule('idType')]}>
              <DictSelect code="id_type" />
            </Form.Item>,
          )}
          {cell(
            <Form.Item
              name="idNo"
              label={CustomerText.idNo}
              rules={[rule('idNo'), idRule('idNo')]}
              dependencies={['idType']}
              extra={masked && customer?.idNo ? `${CustomerText.idNoMaskedHint}（${customer.idNo}）` : undefined}
            >
              <Input maxLength={32} placeholder={masked && customer?.idNo ? CustomerText.idNoKeep : undefined} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="birthDate" label={CustomerText.birthDate} rules={[rule('birthDate')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="hometown" label={CustomerText.hometown} rules={[rule('hometown')]}>
              <Input maxLength={100} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="address" label={CustomerText.address} rules={[rule('address')]}>
              <Input maxLength={200} />
            </Form.Item>,
            16,
          )}
        </Row>
        {section(CustomerText.sectionBirth)}
        <Row gutter={16}>
          {cell(
            <Form.Item name="dueDate" label={CustomerText.dueDate} rules={[rule('dueDate')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="deliveryDate" label={CustomerText.deliveryDate} rules={[rule('deliveryDate')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="deliveryMode" label={CustomerText.deliveryMode} rules={[rule('deliveryMode')]}>
              <DictSelect code="delivery_mode" />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="deliveryHospital" label={CustomerText.deliveryHospital} rules={[rule('deliveryHospital')]}>
              <Input maxLength={100} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="fetusType" label={CustomerText.fetusType} rules={[rule('fetusType')]}>
              <DictSelect code="fetus_type" />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="parity" label={CustomerText.parity} rules={[rule('parity')]}>
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>,
          )}
        </Row>
        {section(CustomerText.sectionContact)}
        <Row gutter={16}>
          {cell(
            <Form.Item name="companionName" label={CustomerText.companionName} rules={[rule('companionName')]}>
              <Input maxLength={50} />
            </Form.Item>,
            6,
          )}
          {cell(
            <Form.Item name="companionPhone" label={CustomerText.companionPhone} rules={[rule('companionPhone')]}>
              <Input maxLength={20} />
            </Form.Item>,
            6,
          )}
          {cell(
            <Form.Item name="emergencyContact" label={CustomerText.emergencyContact} rules={[rule('emergencyContact')]}>
              <Input maxLength={50} />
            </Form.Item>,
            6,
          )}
          {cell(
            <Form.Item name="emergencyPhone" label={CustomerText.emergencyPhone} rules={[rule('emergencyPhone')]}>
              <Input maxLength={20} />
            </Form.Item>,
            6,
          )}
        </Row>
        {section(CustomerText.sectionCare)}
        <Row gutter={16}>
          {cell(
            <Form.Item name="dietNotes" label={CustomerText.dietNotes} rules={[rule('dietNotes')]}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>,
            12,
          )}
          {cell(
            <Form.Item name="allergies" label={CustomerText.allergies} rules={[rule('allergies')]}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>,
            12,
          )}
        </Row>
        {section(CustomerText.sectionSales)}
        <Row gutter={16}>
          {cell(
            <Form.Item name="storeId" label={CustomerText.store} rules={[rule('storeId', true)]}>
              <StoreSelect currentLabel={customer?.storeName} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="level" label={CustomerText.level} rules={[rule('level')]}>
              <DictSelect code="customer_level" />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="tags" label={CustomerText.tags} rules={[rule('tags')]}>
              <DictSelect code="customer_tag" mode="multiple" />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="leadChannelId" label={CustomerText.leadChannel} rules={[rule('leadChannelId')]}>
              <LeadChannelSelect currentLabel={customer?.leadChannelName} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="channelId" label={CustomerText.channel} rules={[rule('channelId')]}>
              <ChannelSelect currentLabel={customer?.channelName} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="nextFollowAt" label={CustomerText.nextFollowAt} rules={[rule('nextFollowAt')]} {...textDateProps(DATE_TIME_FORMAT)}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>,
          )}
          {cell(
            <Form.Item name="remark" label={CustomerText.remark} rules={[rule('remark')]}>
              <Input.TextArea rows={2} maxLength={1000} showCount />
            </Form.Item>,
            24,
          )}
        </Row>
      </Form>
    </Modal>
  );
}
