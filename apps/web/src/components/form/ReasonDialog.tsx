import { useEffect, type ReactNode } from 'react';
import { Form, Input, Typography, type ModalProps } from 'antd';
import { FormDialog } from './FormDialog';

export interface ReasonDialogProps extends Omit<ModalProps, 'open' | 'onOk' | 'confirmLoading'> {
  open: boolean;
  /** What the action does, above the reason. */
  hint: ReactNode;
  label: string;
  /** The message when no reason is given (`请输入取消原因!` …). */
  requiredMessage: string;
  /** The message beyond 500 characters. */
  maxMessage?: string;
  formName: string;
  pending: boolean;
  /** Called with the trimmed reason. */
  onSubmit: (reason: string) => void;
}

/** A destructive move that needs a reason (取消, 驳回 …): the hint, a required reason, a danger OK. */
export function ReasonDialog({ open, hint, label, requiredMessage, maxMessage, formName, pending, onSubmit, ...modal }: ReasonDialogProps) {
  const [form] = Form.useForm<{ reason: string }>();
  useEffect(() => {
    if (open) form.setFieldsValue({ reason: '' });
  }, [open, form]);
  return (
    <FormDialog
      form={form}
      open={open}
      pending={pending}
      okButtonProps={{ danger: true }}
      {...modal}
      onSubmit={(v) => onSubmit(v.reason.trim())}
      formProps={{ name: formName, layout: 'vertical' }}
      before={<Typography.Paragraph>{hint}</Typography.Paragraph>}
    >
      <Form.Item name="reason" label={label} rules={[{ required: true, whitespace: true, message: requiredMessage }, ...(maxMessage ? [{ max: 500, message: maxMessage }] : [])]}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
