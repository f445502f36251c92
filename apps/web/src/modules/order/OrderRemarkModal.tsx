import { Form, Input, Typography } from 'antd';
import { FormDialog } from '../../components/form/FormDialog';

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
  const [form] = Form.useForm<{ remark?: string }>();
  return (
    <FormDialog
      open={ask !== null}
      title={ask?.title}
      onCancel={onClose}
      className="order-remark-modal"
      form={form}
      pending={false}
      formProps={{ layout: 'vertical', preserve: false }}
      before={ask?.hint && <Typography.Paragraph type="secondary">{ask.hint}</Typography.Paragraph>}
      onSubmit={({ remark }) => {
        ask?.onOk((remark ?? '').trim());
        onClose();
      }}
    >
      <Form.Item name="remark" label={ask?.label} rules={ask?.required ? [{ required: true, whitespace: true, message: ask.required }] : []}>
        <Input.TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
    </FormDialog>
  );
}
