import { useState } from 'react';
import { App, Alert, Button, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AI_LOG_LINK_DAYS, AI_LOG_LINK_STATE_LABELS, aiLogContract, type AiLogLink } from '@care/shared';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useServices } from '../../lib/useServices';
import { AiLogLinkText as T } from './ai-log-text';

const STATE_COLORS: Record<AiLogLink['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };
const QUERY_KEY = ['aiLogLinks'];

/**
 * 查看链接 of the AI log (ai:aiLog:link): the company's links, 生成链接 for 1–30 days with the address
 * shown once and copied, 撤销 confirmed.
 */
export function AiLogLinkDialog({ onClose }: { onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const notice = useSuccessNotice();
  const client = useQueryClient();
  const [days, setDays] = useState<number>(AI_LOG_LINK_DAYS.default);
  const [issuedUrl, setIssuedUrl] = useState<string | null>(null);
  const links = useQuery({ queryKey: QUERY_KEY, queryFn: () => request.call(aiLogContract.links) });
  const refresh = () => void client.invalidateQueries({ queryKey: QUERY_KEY });

  const issue = useMutation({
    mutationFn: () => request.call(aiLogContract.addLink, { days }),
    onSuccess: (issued) => {
      notice(aiLogContract.addLink);
      setIssuedUrl(`${window.location.origin}${issued.url}`);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (link: AiLogLink) => request.call(aiLogContract.revokeLink, { id: link.id, version: link.version }),
    onSuccess: () => {
      notice(aiLogContract.revokeLink);
      refresh();
    },
  });

  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(T.copied);
    } catch {
      void message.warning(T.copyFailed);
    }
  };

  const columns: ColumnsType<AiLogLink> = [
    { title: T.columns.state, dataIndex: 'state', width: 80, render: (s: AiLogLink['state']) => <Tag color={STATE_COLORS[s]}>{AI_LOG_LINK_STATE_LABELS[s]}</Tag> },
    { title: T.columns.createdAt, dataIndex: 'createdAt', width: 160 },
    { title: T.columns.createdBy, dataIndex: 'createdByName', width: 90 },
    { title: T.columns.expiresAt, dataIndex: 'expiresAt', width: 160 },
    { title: T.columns.lastUsedAt, dataIndex: 'lastUsedAt', width: 160, render: (v: string | null) => v ?? '-' },
    { title: T.columns.revokedAt, dataIndex: 'revokedAt', width: 160, render: (v: string | null) => v ?? '-' },
    {
      title: T.columns.action,
      key: 'action',
      width: 70,
      render: (_, row) =>
        row.state === 'active' ? (
          <Popconfirm title={T.revokeConfirm} onConfirm={() => revoke.mutateAsync(row).catch(() => undefined)}>
            <Typography.Link type="danger" className="ai-log-link-revoke">
              {T.revoke}
            </Typography.Link>
          </Popconfirm>
        ) : null,
    },
  ];

  return (
    <Modal open title={T.title} width={960} footer={null} onCancel={onClose} destroyOnHidden className="ai-log-link-dialog">
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{T.days}</span>
        <InputNumber
          aria-label={T.days}
          min={AI_LOG_LINK_DAYS.min}
          max={AI_LOG_LINK_DAYS.max}
          precision={0}
          value={days}
          onChange={(v) => setDays(v ?? AI_LOG_LINK_DAYS.default)}
          addonAfter={T.daysSuffix}
        />
        <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()} className="ai-log-link-issue">
          {T.issue}
        </Button>
      </Space>
      {issuedUrl && (
        <Alert
          type="success"
          style={{ marginBottom: 12 }}
          message={T.newLink}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={issuedUrl} aria-label={T.newLink} className="ai-log-link-url" onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(issuedUrl)}>{T.copy}</Button>
            </Space.Compact>
          }
        />
      )}
      <Table<AiLogLink> rowKey="id" size="small" loading={links.isLoading} dataSource={links.data ?? []} columns={columns} pagination={false} scroll={{ x: 880 }} locale={{ emptyText: T.empty }} />
    </Modal>
  );
}
