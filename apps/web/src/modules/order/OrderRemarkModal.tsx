import { Form, Input, Modal, Typography } from 'antd';

export interface RemarkAsk {
  title: string;
  label: string;
  /** The message when it is left empty; optional remarks have none. */
  required?: string;
  hint?: string;
  onOk: (remark: string) => void;
}

/** 审批通过 / 驳回 / 取消: asks the remark that is kept in the order's 状态记录. */
export function OrderRemarkModal({ ask, onClose }: { ask: RemarkAsk | null; onClose: () => void }) {
  const [form] = Form.useForm<{ remark: string }>();
  return (
    <Modal
      open={ask !== null}
      title={ask?.title}
      onCancel={onClose}
      destroyOnHidden
      className="order-remark-modal"
      // A failed check shows under the field; it is not an error of the page.
      onOk={() =>
        form.validateFields().then(({ remark }) => {
          ask?.onOk((remark ?? '').trim());
          onClose();
        }, () => undefined)
      }
    >
      {ask?.hint && <Typography.Paragraph type="secondary">{ask.hint}</Typography.Paragraph>}
      <Form form={form} layout="vertical" preserve={false}>
        <Form.Item name="remark" label={ask?.label} rules={ask?.required ? [{ required: true, whitespace: true, message: ask.required }] : []}>
          <Input.TextArea rows={3} maxLength={200} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
