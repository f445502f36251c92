import { useState } from 'react';
import { App, Alert, Button, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NURSE_LINK_DAYS, NURSE_LINK_STATE_LABELS, nurseLinkContract, Permission, type NurseLink } from '@care/shared';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useAuthorized } from '../../lib/authorized';
import { useServices } from '../../lib/useServices';
import { NurseLinkActionText as T } from './nurse-link-text';

const STATE_COLORS: Record<NurseLink['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };

/**
 * 编辑链接 of one nurse (opened from the 月嫂 page's row action, shown to holders of
 * serve:nurseLink:list): her links (issued, by, expires, last used, revoked), 生成链接 for 1–30 days
 * with the new address shown once and copied, 撤销 confirmed; 生成 and 撤销 need their own actions.
 */
export function NurseLinkDialog({ nurse, onClose }: { nurse: { id: string; name: string }; onClose: () => void }) {
  const { request } = useServices();
  const { message } = App.useApp();
  const notice = useSuccessNotice();
  const authorized = useAuthorized();
  const client = useQueryClient();
  const [days, setDays] = useState<number>(NURSE_LINK_DAYS.default);
  const [issuedUrl, setIssuedUrl] = useState<string | null>(null);
  const queryKey = ['nurseLink', nurse.id];
  const links = useQuery({ queryKey, queryFn: () => request.call(nurseLinkContract.list, { nurseId: nurse.id }) });
  const refresh = () => void client.invalidateQueries({ queryKey });

  const issue = useMutation({
    mutationFn: () => request.call(nurseLinkContract.add, { nurseId: nurse.id, days }),
    onSuccess: (issued) => {
      notice(nurseLinkContract.add);
      setIssuedUrl(`${window.location.origin}${issued.url}`);
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (link: NurseLink) => request.call(nurseLinkContract.revoke, { id: link.id, version: link.version }),
    onSuccess: () => {
      notice(nurseLinkContract.revoke);
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

  const canRevoke = authorized(Permission.nurseLinkRevoke);
  const columns: ColumnsType<NurseLink> = [
    { title: T.columns.state, dataIndex: 'state', width: 80, render: (state: NurseLink['state']) => <Tag color={STATE_COLORS[state]}>{NURSE_LINK_STATE_LABELS[state]}</Tag> },
    { title: T.columns.createdAt, dataIndex: 'createdAt', width: 160 },
    { title: T.columns.createdBy, dataIndex: 'createdByName', width: 90 },
    { title: T.columns.expiresAt, dataIndex: 'expiresAt', width: 160 },
    { title: T.columns.lastUsedAt, dataIndex: 'lastUsedAt', width: 160, render: (v: string | null) => v ?? '-' },
    { title: T.columns.revokedAt, dataIndex: 'revokedAt', width: 160, render: (v: string | null, row) => (v ? `${v}${row.revokedByName ? `（${row.revokedByName}）` : ''}` : '-') },
  ];
  if (canRevoke) {
    columns.push({
      title: T.columns.action,
      key: 'action',
      width: 70,
      render: (_, row) =>
        row.state === 'active' ? (
          <Popconfirm title={T.revokeConfirm} onConfirm={() => revoke.mutateAsync(row).catch(() => undefined)}>
            <Typography.Link type="danger">{T.revoke}</Typography.Link>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <Modal open title={T.title(nurse.name)} width={960} footer={null} onCancel={onClose} destroyOnHidden>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      {authorized(Permission.nurseLinkAdd) && (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{T.days}</span>
          <InputNumber
            aria-label={T.days}
            min={NURSE_LINK_DAYS.min}
            max={NURSE_LINK_DAYS.max}
            precision={0}
            value={days}
            onChange={(v) => setDays(v ?? NURSE_LINK_DAYS.default)}
            addonAfter={T.daysSuffix}
          />
          <Button type="primary" loading={issue.isPending} onClick={() => issue.mutate()}>
            {T.issue}
          </Button>
        </Space>
      )}
      {issuedUrl && (
        <Alert
          type="success"
          style={{ marginBottom: 12 }}
          message={T.newLink}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={issuedUrl} aria-label={T.newLink} onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(issuedUrl)}>{T.copy}</Button>
            </Space.Compact>
          }
        />
      )}
      <Table<NurseLink>
        rowKey="id"
        size="small"
        loading={links.isLoading}
        dataSource={links.data ?? []}
        columns={columns}
        pagination={false}
        scroll={{ x: 880 }}
        locale={{ emptyText: T.empty }}
      />
    </Modal>
  );
}
