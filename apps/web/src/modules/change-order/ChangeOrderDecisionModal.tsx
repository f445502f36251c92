import { Form, Input, Radio, Typography } from 'antd';
import { FormDialog } from '../../components/form/FormDialog';
import { ChangeOrderPageText as text } from './change-order-text';

export interface DecisionAsk {
  title: string;
  /** The creator's own change order (四眼原则): she may only reject (withdraw) it. */
  rejectOnly?: boolean;
  onOk: (decision: 'approved' | 'rejected', comment: string) => void;
}

/** 审批 / 财务审批: 通过 or 驳回 with a comment (required to reject), kept in the approval trail. */
export function ChangeOrderDecisionModal({ ask, onClose }: { ask: DecisionAsk | null; onClose: () => void }) {
  const [form] = Form.useForm<{ decision: 'approved' | 'rejected'; comment?: string }>();
  const decision = Form.useWatch('decision', form);
  const rejectOnly = ask?.rejectOnly ?? false;
  return (
    <FormDialog
      open={ask !== null}
      title={ask?.title}
      onCancel={onClose}
      className="change-order-decision-modal"
      form={form}
      pending={false}
      formProps={{ layout: 'vertical', preserve: false, initialValues: { decision: rejectOnly ? 'rejected' : 'approved' } }}
      before={<Typography.Paragraph type="secondary">{rejectOnly ? text.ownRejectOnly : text.applyHint}</Typography.Paragraph>}
      onSubmit={({ decision: d, comment }) => {
        ask?.onOk(rejectOnly ? 'rejected' : d, (comment ?? '').trim());
        onClose();
      }}
    >
      <Form.Item name="decision" label={text.decision} hidden={rejectOnly}>
        <Radio.Group options={[{ value: 'approved', label: text.approved }, { value: 'rejected', label: text.rejected }]} />
      </Form.Item>
      <Form.Item name="comment" label={text.comment} rules={rejectOnly || decision === 'rejected' ? [{ required: true, whitespace: true, message: text.commentRequired }] : []}>
        <Input.TextArea rows={3} maxLength={500} showCount />
      </Form.Item>
    </FormDialog>
  );
}
