import { useEffect } from 'react';
import { Col, DatePicker, Form, Input, InputNumber, Modal, Row } from 'antd';
import { leadContract, leadCreateSchema, type Lead } from '@care/shared';
import { ApiError } from '../../lib/api-error';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { asSent } from '../../components/dict/admin';
import { useSaveMutation } from '../../components/crud/useSaveMutation';
import { DictSelect } from '../../components/dict/DictSelect';
import { ChannelSelect, LeadChannelSelect, StoreSelect } from '../../components/crm/CrmSelects';
import { LeadText } from '../../components/crm/crm-text';
import { DATE_FORMAT, DATE_TIME_FORMAT, textDateProps } from '../../components/crm/date-field';

/** The form holds the request's fields as they are sent (dates as text). */
type LeadFormValues = Partial<Record<string, string | number | null>>;

const TEXT_FIELDS = ['name', 'phone', 'wechat', 'referrer', 'remark'] as const;
const NULLABLE_FIELDS = ['leadChannelId', 'channelId', 'dueDate', 'gestationWeeks', 'parity', 'preferredStoreId', 'budget', 'intentionGrade', 'nextFollowAt'] as const;

/** The server's refusal of a phone held by another open lead (LeadText.duplicatePhone). */
const DUPLICATE_PHONE_PREFIX = '手机号已存在';

interface LeadFormModalProps {
  open: boolean;
  /** null: a new lead (the creator owns it). */
  lead: Lead | null;
  onClose: () => void;
  onSaved: (lead: Lead) => void;
}

/** 新增线索 / 编辑线索. A phone of another open lead is refused by the server; its message shows under 手机号. */
export function LeadFormModal({ open, lead, onClose, onSaved }: LeadFormModalProps) {
  const { request } = useServices();
  const [form] = Form.useForm<LeadFormValues>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (lead) {
      form.setFieldsValue({
        name: lead.name,
        phone: lead.phone,
        wechat: lead.wechat,
        leadChannelId: lead.leadChannelId,
        channelId: lead.channelId,
        referrer: lead.referrer,
        dueDate: lead.dueDate,
        gestationWeeks: lead.gestationWeeks,
        parity: lead.parity,
        preferredStoreId: lead.preferredStoreId,
        budget: lead.budget,
        intentionGrade: lead.intentionGrade,
        nextFollowAt: lead.nextFollowAt ? lead.nextFollowAt.slice(0, 16) : null,
        remark: lead.remark,
      });
    }
  }, [open, lead, form]);

  const sent = (): Record<string, unknown> => {
    const values = asSent({ ...(form.getFieldsValue() as Record<string, unknown>) }, TEXT_FIELDS);
    for (const field of NULLABLE_FIELDS) if (values[field] === undefined || values[field] === '') values[field] = null;
    return values;
  };

  const save = useSaveMutation({
    editing: Boolean(lead),
    add: leadContract.add,
    edit: leadContract.edit,
    mutationFn: () => {
      const fields = leadCreateSchema.parse(sent());
      return lead ? request.call(leadContract.edit, { id: lead.id, version: lead.version, ...fields }) : request.call(leadContract.add, fields);
    },
    onSaved,
    onClose,
    onError: (error) => {
      if (error instanceof ApiError && error.message.startsWith(DUPLICATE_PHONE_PREFIX)) form.setFields([{ name: 'phone', errors: [error.message] }]);
    },
  });

  const rule = (field: string, required = false) => schemaRule(leadCreateSchema, field, sent, required);

  return (
    <Modal
      open={open}
      title={lead ? LeadText.editTitle : LeadText.add}
      onCancel={onClose}
      onOk={() => void form.validateFields().then(() => save.mutate(), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
      width={760}
    >
      <Form form={form} name="leadForm" layout="vertical" autoComplete="off" className="lead-form">
        <Row gutter={16}>
          <Col span={8}>
            <Form.Item name="name" label={LeadText.name} rules={[rule('name', true)]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="phone" label={LeadText.phone} rules={[rule('phone', true)]} validateTrigger={['onBlur', 'onChange']}>
              <Input maxLength={20} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="wechat" label={LeadText.wechat} rules={[rule('wechat')]}>
              <Input maxLength={64} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="leadChannelId" label={LeadText.leadChannel} rules={[rule('leadChannelId')]}>
              <LeadChannelSelect currentLabel={lead?.leadChannelName} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="channelId" label={LeadText.channel} rules={[rule('channelId')]}>
              <ChannelSelect currentLabel={lead?.channelName} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="referrer" label={LeadText.referrer} rules={[rule('referrer')]}>
              <Input maxLength={50} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="dueDate" label={LeadText.dueDate} rules={[rule('dueDate')]} {...textDateProps(DATE_FORMAT)}>
              <DatePicker style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="gestationWeeks" label={LeadText.gestationWeeks} rules={[rule('gestationWeeks')]}>
              <InputNumber min={0} max={45} precision={0} style={{ width: '100%' }} addonAfter={LeadText.gestationSuffix} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="parity" label={LeadText.parity} rules={[rule('parity')]}>
              <InputNumber min={1} max={10} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="preferredStoreId" label={LeadText.preferredStore} rules={[rule('preferredStoreId')]}>
              <StoreSelect currentLabel={lead?.preferredStoreName} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="budget" label={LeadText.budget} rules={[rule('budget')]}>
              <InputNumber<string> min="0" precision={2} stringMode style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="intentionGrade" label={LeadText.intentionGrade} rules={[rule('intentionGrade')]}>
              <DictSelect code="intention_grade" />
            </Form.Item>
          </Col>
          <Col span={8}>
            <Form.Item name="nextFollowAt" label={LeadText.nextFollowAt} rules={[rule('nextFollowAt')]} {...textDateProps(DATE_TIME_FORMAT)}>
              <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME_FORMAT} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <Form.Item name="remark" label={LeadText.remark} rules={[rule('remark')]}>
              <Input.TextArea rows={2} maxLength={1000} showCount />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
