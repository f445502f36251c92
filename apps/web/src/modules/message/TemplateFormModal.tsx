import { useEffect } from 'react';
import { Alert, App, Form, Input, Modal, Radio, Select, Switch } from 'antd';
import { useMutation } from '@tanstack/react-query';
import {
  MESSAGE_CHANNELS,
  MessageChannelLabel,
  messageTemplateContract,
  messageTemplateCreateSchema,
  PRIORITIES,
  PriorityLabel,
  type MessageTemplate,
  type MessageTemplateCreate,
} from '@care/shared';
import { schemaRule } from '../../lib/schema-rule';
import { useServices } from '../../lib/useServices';
import { HtmlEditor } from '../../components/message/HtmlEditor';
import { TemplatePageText as text } from '../../components/message/message-text';

interface TemplateFormModalProps {
  open: boolean;
  template: MessageTemplate | null;
  onClose: () => void;
  onSaved: () => void;
}

/** Add or edit a message template; fields checked by the shared schema the server uses. */
export function TemplateFormModal({ open, template, onClose, onSaved }: TemplateFormModalProps) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<MessageTemplateCreate>();

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue(
      template
        ? { code: template.code, name: template.name, channel: template.channel, title: template.title, body: template.body, priority: template.priority, enabled: template.enabled }
        : { channel: 'system', priority: 'L', enabled: true, body: '' },
    );
  }, [open, template, form]);

  const save = useMutation({
    mutationFn: (values: MessageTemplateCreate) =>
      template ? request.call(messageTemplateContract.edit, { ...values, id: template.id, version: template.version }) : request.call(messageTemplateContract.add, values),
    onSuccess: () => {
      void message.success((template ? messageTemplateContract.edit : messageTemplateContract.add).successMessage);
      onSaved();
      onClose();
    },
  });

  const rule = (field: keyof MessageTemplateCreate, required = false) => schemaRule(messageTemplateCreateSchema, field, () => form.getFieldsValue(true), required);

  return (
    <Modal
      open={open}
      title={template ? text.editTitle : text.add}
      width={820}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => save.mutate(values), () => undefined)}
      confirmLoading={save.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={text.placeholderHint} style={{ marginBottom: 16 }} />
      <Form form={form} name="template" labelCol={{ span: 4 }} wrapperCol={{ span: 19 }} autoComplete="off" className="template-form">
        <Form.Item name="code" label={text.code} rules={[rule('code', true)]}>
          <Input placeholder={text.codePlaceholder} maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={text.name} rules={[rule('name', true)]}>
          <Input maxLength={100} />
        </Form.Item>
        <Form.Item name="channel" label={text.channel} rules={[rule('channel', true)]}>
          <Select options={MESSAGE_CHANNELS.map((c) => ({ value: c, label: MessageChannelLabel[c] }))} />
        </Form.Item>
        <Form.Item name="priority" label={text.priority} rules={[rule('priority', true)]}>
          <Radio.Group options={PRIORITIES.map((p) => ({ value: p, label: PriorityLabel[p].text }))} />
        </Form.Item>
        <Form.Item name="title" label={text.templateTitle} rules={[rule('title', true)]}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item name="body" label={text.body} rules={[rule('body', true)]}>
          <HtmlEditor rows={8} />
        </Form.Item>
        <Form.Item name="enabled" label={text.enabled} valuePropName="checked">
          <Switch checkedChildren={text.on} unCheckedChildren={text.off} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
