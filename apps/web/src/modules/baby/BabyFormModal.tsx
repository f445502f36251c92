import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row } from 'antd';
import { babyContract, babyCreateSchema, type Baby } from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { asSent } from '../../components/dict/admin';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictRadio } from '../../components/dict/DictRadio';
import { DictSelect } from '../../components/dict/DictSelect';
import { CustomerBabyText } from '../../components/crm/crm-text';
import { DATE_TIME_FORMAT, textDateProps } from '../../components/crm/date-field';

type BabyFormValues = Partial<Record<string, string | number | null>>;

const NULLABLE_FIELDS = ['gender', 'birthAt', 'gestationWeeks', 'birthWeight', 'birthLength', 'bloodType'] as const;

interface BabyFormModalProps {
  /** The customer the baby belongs to; null keeps the modal closed. */
  customerId: string | null;
  /** null: a new baby. */
  baby: Baby | null;
  onClose: () => void;
  onSaved: () => void;
}

/** 新增宝宝 / 编辑宝宝 of a customer (weight in grams, length in centimetres). */
export function BabyFormModal({ customerId, baby, onClose, onSaved }: BabyFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<BabyFormValues>();
  const open = customerId !== null;

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (baby) {
      form.setFieldsValue({
        name: baby.name,
        gender: baby.gender,
        birthAt: baby.birthAt ? baby.birthAt.slice(0, 16) : null,
        gestationWeeks: baby.gestationWeeks,
        birthWeight: baby.birthWeight,
        birthLength: baby.birthLength,
        bloodType: baby.bloodType,
        notes: baby.notes,
      });
    }
  }, [open, baby, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, ['name', 'notes']);
    for (const field of NULLABLE_FIELDS) if (values[field] === undefined || values[field] === '') values[field] = null;
    return { customerId, ...values };
  };

  const save = useSaveMutation({
    editing: Boolean(baby),
    add: babyContract.add,
    edit: babyContract.edit,
    mutationFn: () => {
      const { customerId: owner, ...fields } = babyCreateSchema.parse(sent());
      return baby ? request.call(babyContract.edit, { id: baby.id, version: baby.version, ...fields }) : request.call(babyContract.add, { customerId: owner, ...fields });
    },
    onSaved: () => onSaved(),
    onClose,
  });

  const rule = (field: string, required = false) => schemaRule(babyCreateSchema, field, sent, required);

  return (
    <Modal
      open={open}
      title={baby ? `${CustomerBabyText.editTitle} - ${baby.name}` : CustomerBabyText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(() => save.mutate(), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={720}
    >
      <Form form={form} name="babyForm" layout="vertical" autoComplete="off" className="baby-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label={CustomerBabyText.name} rules={[rule('name', true)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="gender" label={CustomerBabyText.gender} rules={[rule('gender')]}>
              <DictRadio code="sex" buttons />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="birthAt" label={CustomerBabyText.birthAt} rules={[rule('birthAt')]} {...textDateProps(DATE_TIME_FORMAT)}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="gestationWeeks" label={CustomerBabyText.gestationWeeks} rules={[rule('gestationWeeks')]}>
              <InputNumber precision={0} style={{ width: '100%' }} addonAfter="周" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="birthWeight" label={CustomerBabyText.birthWeight} rules={[rule('birthWeight')]}>
              <InputNumber precision={0} style={{ width: '100%' }} addonAfter={CustomerBabyText.birthWeightSuffix} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="birthLength" label={CustomerBabyText.birthLength} rules={[rule('birthLength')]}>
              <InputNumber<string> stringMode precision={1} style={{ width: '100%' }} addonAfter={CustomerBabyText.birthLengthSuffix} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="bloodType" label={CustomerBabyText.bloodType} rules={[rule('bloodType')]}>
              <DictSelect code="blood_type" />
            </Form.Item>
          </Col>
          <Col span={16}>
            <Form.Item name="notes" label={CustomerBabyText.notes} rules={[rule('notes')]}>
              <Input.TextArea rows={2} maxLength={1000} />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
