import { useEffect, useMemo } from 'react';
import { Alert, App, Form, Input, Modal } from 'antd';
import { useMutation } from '@tanstack/react-query';
import { messageTemplateContract, placeholdersOf, type MessageTemplate } from '@care/shared';
import { useServices } from '../../lib/useServices';
import { TemplatePageText as text } from '../../components/message/message-text';

/** 测试发送: a value for each placeholder; the filled message goes to the caller's 我的消息. */
export function TestSendModal({ template, onClose }: { template: MessageTemplate | null; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const [form] = Form.useForm<Record<string, string>>();
  const names = useMemo(() => (template ? placeholdersOf(template.title, template.body) : []), [template]);

  useEffect(() => {
    if (template) form.resetFields();
  }, [template, form]);

  const send = useMutation({
    mutationFn: (data: Record<string, string>) => request.call(messageTemplateContract.testSend, { id: template!.id, data }),
    onSuccess: () => {
      void message.success(messageTemplateContract.testSend.successMessage);
      onClose();
    },
  });

  return (
    <Modal
      open={template !== null}
      title={text.testSendTitle}
      okText={text.send}
      onCancel={onClose}
      onOk={() => void form.validateFields().then((values) => send.mutate(Object.fromEntries(Object.entries(values).map(([k, v]) => [k, v ?? '']))), () => undefined)}
      confirmLoading={send.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon message={names.length ? text.testSendHint : text.noPlaceholders} style={{ marginBottom: 16 }} />
      <Form form={form} name="testSend" labelCol={{ span: 6 }} wrapperCol={{ span: 16 }} autoComplete="off" className="test-send-form">
        {names.map((name) => (
          <Form.Item key={name} name={name} label={`\${${name}}`}>
            <Input maxLength={2000} />
          </Form.Item>
        ))}
      </Form>
    </Modal>
  );
}
