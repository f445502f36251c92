import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, InputNumber, Modal, Select, Space, Tag, Typography } from 'antd';
import { useMutation } from '@tanstack/react-query';
import type { ProColumns } from '@ant-design/pro-components';
import {
  DISPLAY_LINK_DAYS,
  DISPLAY_LINK_NOTE_MAX,
  DISPLAY_LINK_STATE_LABELS,
  DISPLAY_SCREEN_LABELS,
  DISPLAY_SCREENS,
  displayLinkContract as c,
  DisplayLinkText,
  Permission,
  type DisplayLink,
  type DisplayLinkAdd,
  type DisplayScreen,
} from '@care/shared';
import { AddButton } from '../../components/crm/crm-columns';
import { ListTable, useListReload } from '../../components/crud/ListTable';
import { RowActions } from '../../components/crud/RowActions';
import { useSuccessNotice } from '../../components/crud/useSuccessNotice';
import { useCopyLink } from '../../components/public-link/PublicLinkDialog';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { DisplayLinkPageText as T } from './bigscreen-text';

const STATE_COLORS: Record<DisplayLink['state'], string> = { active: 'green', expired: 'default', revoked: 'red' };
const screenOptions = DISPLAY_SCREENS.map((value) => ({ value, label: DISPLAY_SCREEN_LABELS[value] }));

/**
 * 大屏链接 (/screen/links): the company's display links (screen, note, state, issued, expires, last
 * used, revoked), filtered by screen and state, paged and exported; 生成链接 shows the new address
 * once with 复制; 撤销 is confirmed. Each button needs its own action.
 */
export function DisplayLinkList() {
  const authorized = useAuthorized();
  const { request } = useServices();
  const notice = useSuccessNotice();
  const { table, reload } = useListReload();
  // `?issue=1|2|3` (from a big screen opened without a link): 生成链接 opens with that screen chosen.
  const [params, setParams] = useSearchParams();
  const asked = DISPLAY_SCREENS.find((s) => String(s) === params.get('issue'));
  const [issuing, setIssuing] = useState<{ screen?: DisplayScreen } | null>(() => (asked !== undefined && authorized(Permission.displayLinkAdd) ? { screen: asked } : null));
  const closeIssue = () => {
    setIssuing(null);
    if (params.has('issue')) setParams((p) => { p.delete('issue'); return p; }, { replace: true });
  };
  const revoke = useMutation({
    mutationFn: (row: DisplayLink) => request.call(c.revoke, { id: row.id, version: row.version }),
    onSuccess: () => {
      notice(c.revoke);
      reload();
    },
  });

  const columns: ProColumns<DisplayLink>[] = [
    {
      title: T.screen,
      dataIndex: 'screen',
      valueType: 'select',
      valueEnum: Object.fromEntries(DISPLAY_SCREENS.map((s) => [s, { text: DISPLAY_SCREEN_LABELS[s] }])),
      render: (_, row) => DISPLAY_SCREEN_LABELS[row.screen],
    },
    { title: T.note, dataIndex: 'note', search: false, render: (_, row) => row.note || '-' },
    {
      title: T.state,
      dataIndex: 'state',
      valueType: 'select',
      valueEnum: Object.fromEntries(Object.entries(DISPLAY_LINK_STATE_LABELS).map(([k, text]) => [k, { text }])),
      render: (_, row) => <Tag color={STATE_COLORS[row.state]}>{DISPLAY_LINK_STATE_LABELS[row.state]}</Tag>,
    },
    { title: T.createdAt, dataIndex: 'createdAt', search: false },
    { title: T.createdBy, dataIndex: 'createdByName', search: false },
    { title: T.expiresAt, dataIndex: 'expiresAt', search: false },
    { title: T.lastUsedAt, dataIndex: 'lastUsedAt', search: false, render: (_, row) => row.lastUsedAt ?? '-' },
    { title: T.revokedAt, dataIndex: 'revokedAt', search: false, render: (_, row) => (row.revokedAt ? `${row.revokedAt}${row.revokedByName ? `（${row.revokedByName}）` : ''}` : '-') },
    {
      title: T.actions,
      valueType: 'option',
      fixed: 'right',
      render: (_, row) => (
        <RowActions
          actions={[
            {
              key: 'revoke',
              label: T.revoke,
              permission: Permission.displayLinkRevoke,
              danger: true,
              hidden: row.state !== 'active',
              confirm: T.revokeConfirm,
              onClick: () => void revoke.mutateAsync(row).catch(() => undefined),
            },
          ]}
        />
      ),
    },
  ];

  return (
    <div className="display-link-page">
      <Alert type="info" showIcon message={T.hint} style={{ marginBottom: 12 }} />
      <ListTable<DisplayLink>
        className="display-link-table"
        actionRef={table}
        contract={c.list}
        access={Permission.displayLinkList}
        noAccess={T.noAccess}
        columns={columns}
        headerTitle={<Typography.Text strong>{T.menuTitle}</Typography.Text>}
        search={{ labelWidth: 'auto' }}
        buttons={[
          <AddButton key="add" action={Permission.displayLinkAdd} onAdd={() => setIssuing({})}>
            {T.issue}
          </AddButton>,
        ]}
        exportXls={{ path: c.exportXls.path, name: T.menuTitle, action: Permission.displayLinkList, label: T.export }}
      />
      {issuing && (
        <IssueModal
          screen={issuing.screen}
          onClose={closeIssue}
          onIssued={() => {
            notice(c.add);
            reload();
          }}
        />
      )}
    </div>
  );
}

/** 生成链接: screen, days, note; then the address, shown this once, with 复制. */
function IssueModal({ screen, onClose, onIssued }: { screen?: DisplayScreen | undefined; onClose: () => void; onIssued: () => void }) {
  const { request } = useServices();
  const [form] = Form.useForm<{ screen: DisplayScreen; days: number; note: string }>();
  const [url, setUrl] = useState<string | null>(null);
  const issue = useMutation({
    mutationFn: (values: DisplayLinkAdd) => request.call(c.add, values),
    onSuccess: (issued) => {
      setUrl(`${window.location.origin}${issued.url}`);
      onIssued();
    },
  });
  const copy = useCopyLink(T);
  const submit = async () => {
    const values = await form.validateFields();
    await issue.mutateAsync({ screen: values.screen, days: values.days, note: values.note ?? '' }).catch(() => undefined);
  };

  return (
    <Modal
      open
      title={T.issueTitle}
      width={640}
      onCancel={onClose}
      destroyOnHidden
      footer={
        url ? (
          <Space>
            <Button href={url} target="_blank" rel="noopener noreferrer">
              {T.openScreen}
            </Button>
            <Button type="primary" onClick={onClose}>
              {T.done}
            </Button>
          </Space>
        ) : (
          <Space>
            <Button onClick={onClose}>取消</Button>
            <Button type="primary" loading={issue.isPending} onClick={() => void submit()}>
              {T.issue}
            </Button>
          </Space>
        )
      }
    >
      {url ? (
        <Alert
          type="success"
          message={T.newLink}
          description={
            <Space.Compact style={{ width: '100%' }}>
              <Input readOnly value={url} aria-label={T.newLink} onFocus={(e) => e.target.select()} />
              <Button onClick={() => void copy(url)}>{T.copy}</Button>
            </Space.Compact>
          }
        />
      ) : (
        <Form form={form} name="displayLinkIssue" layout="vertical" initialValues={{ days: DISPLAY_LINK_DAYS.default, note: '', ...(screen ? { screen } : {}) }} className="display-link-form">
          <Form.Item name="screen" label={T.screen} rules={[{ required: true, message: DisplayLinkText.pickScreen }]}>
            <Select options={screenOptions} placeholder={DisplayLinkText.pickScreen} />
          </Form.Item>
          <Form.Item name="days" label={T.days} rules={[{ required: true, type: 'integer', min: DISPLAY_LINK_DAYS.min, max: DISPLAY_LINK_DAYS.max, message: DisplayLinkText.daysRange }]}>
            <InputNumber min={DISPLAY_LINK_DAYS.min} max={DISPLAY_LINK_DAYS.max} precision={0} addonAfter={T.daysSuffix} aria-label={T.days} />
          </Form.Item>
          <Form.Item name="note" label={T.note} rules={[{ max: DISPLAY_LINK_NOTE_MAX, message: DisplayLinkText.noteTooLong }]}>
            <Input placeholder={T.notePlaceholder} maxLength={DISPLAY_LINK_NOTE_MAX} aria-label={T.note} />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
