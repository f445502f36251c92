import { useState } from 'react';
import { App, Alert, Button, Input, InputNumber, Modal, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Contract } from '@care/shared';
import { useSuccessNotice } from '../crud/useSuccessNotice';

type LinkState = 'active' | 'expired' | 'revoked';

/** What every public link shows in its dialog (大屏, 月嫂 and AI-log links). */
export interface PublicLinkRow {
  id: string;
  state: LinkState;
  createdAt: string;
  createdByName: string;
  expiresAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
  revokedByName?: string;
  version: number;
}

/** The dialog's words: each kind of link says what its link opens and for whom. */
export interface PublicLinkTexts {
  hint: string;
  days: string;
  daysSuffix: string;
  issue: string;
  newLink: string;
  copy: string;
  copied: string;
  copyFailed: string;
  revoke: string;
  revokeConfirm: string;
  empty: string;
  columns: { state: string; createdAt: string; createdBy: string; expiresAt: string; lastUsedAt: string; revokedAt: string; action: string };
}

const STATE_COLORS: Record<LinkState, string> = { active: 'green', expired: 'default', revoked: 'red' };

export interface PublicLinkDialogProps<L extends PublicLinkRow> {
  title: string;
  texts: PublicLinkTexts;
  stateLabels: Record<LinkState, string>;
  days: { min: number; max: number; default: number };
  queryKey: readonly unknown[];
  list: () => Promise<L[]>;
  /** 生成链接 (hidden without `issue`): answers the address shown once. */
  issue?: { contract: Contract; call: (days: number) => Promise<{ url: string }> };
  /** 撤销 (column hidden without `revoke`). */
  revoke?: { contract: Contract; call: (link: L) => Promise<unknown> };
  /** Class names for the dialog and its parts (`<prefix>-dialog`, `-issue`, `-url`, `-revoke`). */
  classPrefix?: string;
  onClose: () => void;
}

/**
 * A kind of public link's dialog: its links (issued, by, expires, last used, revoked and by whom),
 * 生成链接 for a number of days with the new address shown once and copied, 撤销 confirmed.
 */
export function PublicLinkDialog<L extends PublicLinkRow>({ title, texts: T, stateLabels, days: range, queryKey, list, issue, revoke, classPrefix, onClose }: PublicLinkDialogProps<L>) {
  const notice = useSuccessNotice();
  const client = useQueryClient();
  const [days, setDays] = useState<number>(range.default);
  const [issuedUrl, setIssuedUrl] = useState<string | null>(null);
  const links = useQuery({ queryKey, queryFn: list });
  const refresh = () => void client.invalidateQueries({ queryKey });
  const cls = (part: string) => (classPrefix ? `${classPrefix}-${part}` : undefined);

  const issuing = useMutation({
    mutationFn: () => issue!.call(days),
    onSuccess: (issued) => {
      notice(issue!.contract);
      setIssuedUrl(`${window.location.origin}${issued.url}`);
      refresh();
    },
  });
  const revoking = useMutation({
    mutationFn: (link: L) => revoke!.call(link),
    onSuccess: () => {
      notice(revoke!.contract);
      refresh();
    },
  });

  const copy = useCopyLink(T);

  const columns: ColumnsType<L> = [
    { title: T.columns.state, dataIndex: 'state', width: 80, render: (state: LinkState) => <Tag color={STATE_COLORS[state]}>{stateLabels[state]}</Tag> },
    { title: T.columns.createdAt, dataIndex: 'createdAt', width: 160 },
    { title: T.columns.createdBy, dataIndex: 'createdByName', width: 90 },
    { title: T.columns.expiresAt, dataIndex: 'expiresAt', width: 160 },
    { title: T.columns.lastUsedAt, dataIndex: 'lastUsedAt', width: 160, render: (v: string | null) => v ?? '-' },
    { title: T.columns.revokedAt, dataIndex: 'revokedAt', width: 160, render: (v: string | null, row) => (v ? `${v}${row.revokedByName ? `（${row.revokedByName}）` : ''}` : '-') },
  ];
  if (revoke) {
    columns.push({
      title: T.columns.action,
      key: 'action',
      width: 70,
      render: (_, row) =>
        row.state === 'active' ? (
          <Popconfirm title={T.revokeConfirm} onConfirm={() => revoking.mutateAsync(row).catch(() => undefined)}>
            <Typography.Link type="danger" className={cls('revoke')}>
              {T.revoke}
            </Typography.Link>
          </Popconfirm>
        ) : null,
    });
  }

  return (
    <Modal open title={title} width={960} footer={null} onCancel={onClose} destroyOnHidden className={cls('dialog')}>
      <Typography.Paragraph type="secondary">{T.hint}</Typography.Paragraph>
      {issue && (
        <Space wrap style={{ marginBottom: 12 }}>
          <span>{T.days}</span>
          <InputNumber aria-label={T.days} min={range.min} max={range.max} precision={0} value={days} onChange={(v) => setDays(v ?? range.default)} addonAfter={T.daysSuffix} />
          <Button type="primary" loading={issuing.isPending} onClick={() => issuing.mutate()} className={cls('issue')}>
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
              <Input readOnly value={issuedUrl} aria-label={T.newLink} className={cls('url')} onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(issuedUrl)}>{T.copy}</Button>
            </Space.Compact>
          }
        />
      )}
      <Table<L> rowKey="id" size="small" loading={links.isLoading} dataSource={links.data ?? []} columns={columns} pagination={false} scroll={{ x: 880 }} locale={{ emptyText: T.empty }} />
    </Modal>
  );
}

/** Copies a link's address to the clipboard, saying whether it worked (a browser may refuse). */
export function useCopyLink(texts: { copied: string; copyFailed: string }): (url: string) => Promise<void> {
  const { message } = App.useApp();
  return async (url) => {
    try {
      await navigator.clipboard.writeText(url);
      void message.success(texts.copied);
    } catch {
      void message.warning(texts.copyFailed);
    }
  };
}
