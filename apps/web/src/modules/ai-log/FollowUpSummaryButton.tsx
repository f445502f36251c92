import { useState } from 'react';
import { Button, Modal, Result, Spin, Typography } from 'antd';
import { RobotOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { aiLogContract, Permission, type FollowUpSummaryQuery } from '@care/shared';
import { Authorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { AiSummaryText as T } from './ai-log-text';

/**
 * AI总结 of a lead's or customer's follow-ups (crm:followUp:summary): asks the server (which checks
 * the caller may see that lead or customer, summarises and logs it) and shows the text in a dialog.
 */
export function FollowUpSummaryButton({ target, disabled }: { target: FollowUpSummaryQuery; disabled?: boolean }) {
  const { request } = useServices();
  const [open, setOpen] = useState(false);
  const summary = useMutation({ mutationFn: () => request.call(aiLogContract.followUpSummary, target) });
  const start = () => {
    setOpen(true);
    summary.mutate();
  };
  return (
    <Authorized action={Permission.followUpSummary}>
      <Button size="small" icon={<RobotOutlined />} disabled={disabled} onClick={start} className="follow-up-ai-summary">
        {T.button}
      </Button>
      <Modal open={open} title={T.title} footer={null} onCancel={() => setOpen(false)} destroyOnHidden className="follow-up-ai-summary-dialog">
        {summary.isPending ? (
          <Spin tip={T.loading}>
            <div style={{ height: 120 }} />
          </Spin>
        ) : summary.data ? (
          <>
            <Typography.Paragraph className="follow-up-ai-summary-text" style={{ whiteSpace: 'pre-wrap' }}>
              {summary.data.text}
            </Typography.Paragraph>
            <Typography.Text type="secondary">{T.model(summary.data.model, summary.data.status === 'fallback')}</Typography.Text>
          </>
        ) : summary.isError ? (
          <Result status="warning" title={summary.error instanceof Error ? summary.error.message : ''} />
        ) : null}
      </Modal>
    </Authorized>
  );
}
