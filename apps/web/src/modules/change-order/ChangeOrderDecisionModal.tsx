import { Form, Input, Modal, Radio, Typography } from 'antd';
import { ChangeOrderPageText as text } from './change-order-text';

export interface DecisionAsk {
  title: string;
  onOk: (decision: 'approved' | 'rejected', comment: string) => void;
}

/** 审批 / 财务审批: 通过 or 驳回 with a comment (required to reject), kept in the approval trail. */
export function ChangeOrderDecisionModal({ ask, onClose }: { ask: DecisionAsk | null; onClose: () => void }) {
  const [form] = Form.useForm<{ decision: 'approved' | 'rejected'; comment?: string }>();
  const decision = Form.useWatch('decision', form);
  return (
    <Modal
      open={ask !== null}
      title={ask?.title}
      onCancel={onClose}
      destroyOnHidden
      className="change-order-decision-modal"
      onOk={() =>
        form.validateFields().then(({ decision: d, comment }) => {
          ask?.onOk(d, (comment ?? '').trim());
          onClose();
        }, () => undefined)
      }
    >
      <Typography.Paragraph type="secondary">{text.applyHint}</Typography.Paragraph>
      <Form form={form} layout="vertical" preserve={false} initialValues={{ decision: 'approved' }}>
        <Form.Item name="decision" label={text.decision}>
          <Radio.Group options={[{ value: 'approved', label: text.approved }, { value: 'rejected', label: text.rejected }]} />
        </Form.Item>
        <Form.Item name="comment" label={text.comment} rules={decision === 'rejected' ? [{ required: true, whitespace: true, message: text.commentRequired }] : []}>
          <Input.TextArea rows={3} maxLength={500} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
