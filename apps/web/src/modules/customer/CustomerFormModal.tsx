import { Fragment } from 'react';
import { Divider, Input } from 'antd';
import { customerContract, customerCreateSchema, CustomerText as CustomerMessages, ID_CARD_TYPE, isChineseIdCard, type Customer } from '@care/shared';
import { ApiError } from '../../lib/api-error';
import { useServices } from '../../lib/useServices';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictSelect } from '../../components/dict/DictSelect';
import { StoreSelect } from '../../components/crm/CrmSelects';
import { channelFields, contactFields, dateInput, followUpFields, parityField } from '../../components/crm/crm-fields';
import { FieldGrid, type GridField } from '../../components/form/FieldGrid';
import { CrmFormDialog, type CrmFormModalProps } from '../../components/crm/CrmFormDialog';
import { minuteValue, useSentForm } from '../../components/crm/useSentForm';
import { CustomerText } from '../../components/crm/crm-text';

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

interface CustomerFormModalProps extends CrmFormModalProps<Customer> {
  /** null: a new customer (the creator owns it, status 意向客户). */
  customer: Customer | null;
}

/**
 * 新增客户 / 编辑客户: every customer field, checked by the shared schema. A masked ID number is not
 * sent back: left empty it keeps the stored number; a new number replaces it; clearing the type clears both.
 */
export function CustomerFormModal({ open, customer, onClose, onSaved }: CustomerFormModalProps) {
  const { request } = useServices();
  const masked = customer?.idNoMasked ?? false;
  const { form, sent, rule } = useSentForm({
    schema: customerCreateSchema,
    open,
    record: customer,
    textFields: TEXT_FIELDS,
    nullableFields: NULLABLE_FIELDS,
    load: (c) => ({ tags: c.tags, storeId: c.storeId, idNo: masked ? '' : c.idNo, nextFollowAt: minuteValue(c.nextFollowAt) }),
    finish: (values) => {
      const idNo = typeof values.idNo === 'string' ? values.idNo.trim() : '';
      return { ...values, tags: Array.isArray(values.tags) ? values.tags : [], idNo: idNo === '' ? null : idNo };
    },
  });

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

  const sections: { title: string; fields: GridField[] }[] = [
    {
      title: CustomerText.sectionBasic,
      fields: [
        ...contactFields(CustomerText),
        { name: 'idType', label: CustomerText.idType, rules: [idRule('idType')], input: <DictSelect code="id_type" /> },
        {
          name: 'idNo',
          label: CustomerText.idNo,
          rules: [idRule('idNo')],
          dependencies: ['idType'],
          extra: masked && customer?.idNo ? `${CustomerText.idNoMaskedHint}（${customer.idNo}）` : undefined,
          input: <Input maxLength={32} placeholder={masked && customer?.idNo ? CustomerText.idNoKeep : undefined} />,
        },
        { name: 'birthDate', label: CustomerText.birthDate, ...dateInput() },
        { name: 'hometown', label: CustomerText.hometown, input: <Input maxLength={100} /> },
        { name: 'address', label: CustomerText.address, span: 16, input: <Input maxLength={200} /> },
      ],
    },
    {
      title: CustomerText.sectionBirth,
      fields: [
        { name: 'dueDate', label: CustomerText.dueDate, ...dateInput() },
        { name: 'deliveryDate', label: CustomerText.deliveryDate, ...dateInput() },
        { name: 'deliveryMode', label: CustomerText.deliveryMode, input: <DictSelect code="delivery_mode" /> },
        { name: 'deliveryHospital', label: CustomerText.deliveryHospital, input: <Input maxLength={100} /> },
        { name: 'fetusType', label: CustomerText.fetusType, input: <DictSelect code="fetus_type" /> },
        parityField(CustomerText.parity),
      ],
    },
    {
      title: CustomerText.sectionContact,
      fields: (
        [
          ['companionName', CustomerText.companionName, 50],
          ['companionPhone', CustomerText.companionPhone, 20],
          ['emergencyContact', CustomerText.emergencyContact, 50],
          ['emergencyPhone', CustomerText.emergencyPhone, 20],
        ] as const
      ).map(([name, label, max]) => ({ name, label, span: 6, input: <Input maxLength={max} /> })),
    },
    {
      title: CustomerText.sectionCare,
      fields: [
        { name: 'dietNotes', label: CustomerText.dietNotes, span: 12, input: <Input.TextArea rows={2} maxLength={1000} /> },
        { name: 'allergies', label: CustomerText.allergies, span: 12, input: <Input.TextArea rows={2} maxLength={1000} /> },
      ],
    },
    {
      title: CustomerText.sectionSales,
      fields: [
        { name: 'storeId', label: CustomerText.store, required: true, input: <StoreSelect currentLabel={customer?.storeName} /> },
        { name: 'level', label: CustomerText.level, input: <DictSelect code="customer_level" /> },
        { name: 'tags', label: CustomerText.tags, input: <DictSelect code="customer_tag" mode="multiple" /> },
        ...channelFields(CustomerText, customer),
        ...followUpFields(CustomerText),
      ],
    },
  ];

  return (
    <CrmFormDialog kind="customer" form={form} save={save} open={open} onClose={onClose} width={900} title={customer ? `${CustomerText.editTitle} - ${customer.name}` : CustomerText.add}>
      {sections.map(({ title, fields }) => (
        <Fragment key={title}>
          <Divider orientation="left" orientationMargin={0} plain style={{ marginTop: 4 }}>
            {title}
          </Divider>
          <FieldGrid fields={fields} rule={rule} />
        </Fragment>
      ))}
    </CrmFormDialog>
  );
}
