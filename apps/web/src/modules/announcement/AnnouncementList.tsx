import { useRef, useState } from 'react';
import { App, Button, Popconfirm, Space, Tag, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { ProTable, type ActionType, type ProColumns } from '@ant-design/pro-components';
import { useMutation } from '@tanstack/react-query';
import {
  announcementContract,
  AnnouncementStatusLabel,
  ANNOUNCEMENT_STATUSES,
  AudienceTypeLabel,
  Permission,
  PRIORITIES,
  PriorityLabel,
  type Announcement,
} from '@care/shared';
import { proTableRequest } from '../../components/crud/pro-table-request';
import { AnnouncementFormModal } from './AnnouncementFormModal';
import { AnnouncementPageText as text } from '../../components/message/message-text';
import { NoticeDetailModal } from '../../components/message/NoticeDetailModal';
import { PriorityTag } from '../../components/message/PriorityTag';
import { ReadRecordsDrawer } from '../../components/message/ReadRecordsDrawer';
import { ListAccessText, whenAllowed } from '../../components/crud/list-access';
import { Authorized, useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';

const statusColor = { draft: 'default', published: 'green', revoked: 'red' } as const;

/** 系统通告 (/message/announcement): compose, publish, revoke, and see who has read. */
export function AnnouncementList() {
  const { request } = useServices();
  const { message } = App.useApp();
  const authorized = useAuthorized();
  const table = useRef<ActionType>(undefined);
  const [editing, setEditing] = useState<{ announcement: Announcement | null } | null>(null);
  const [viewing, setViewing] = useState<Announcement | null>(null);
  const [recordsOf, setRecordsOf] = useState<Announcement | null>(null);
  const canList = authorized(Permission.announcementList);
  const reload = () => void table.current?.reload();

  const act = useMutation({
    mutationFn: ({ action, row }: { action: 'publish' | 'revoke' | 'delete'; row: Announcement }) =>
      request.call(announcementContract[action], { id: row.id, version: row.version }),
    onSuccess: (_, { action }) => {
      void message.success(announcementContract[action].successMessage);
      reload();
    },
  });
  const confirmAction = (action: 'publish' | 'revoke' | 'delete', row: Announcement) => act.mutateAsync({ action, row }).catch(() => undefined);

  const columns: ProColumns<Announcement>[] = [
    {
      title: text.titile,
      dataIndex: 'titile',
      render: (_, row) => (
        <Typography.Link className="announcement-title" onClick={() => setViewing(row)}>
          {row.titile}
        </Typography.Link>
      ),
    },
    {
      title: text.priority,
      dataIndex: 'priority',
      valueType: 'select',
      sorter: true,
      valueEnum: Object.fromEntries(PRIORITIES.map((p) => [p, { text: PriorityLabel[p].text }])),
      render: (_, row) => <PriorityTag priority={row.priority} />,
    },
    {
      title: text.audience,
      dataIndex: 'audienceType',
      search: false,
      render: (_, row) => (
        <Typography.Text ellipsis={{ tooltip: row.audienceNames.join('、') }} style={{ maxWidth: 220 }}>
          {row.audienceType === 'all' ? AudienceTypeLabel.all : `${AudienceTypeLabel[row.audienceType]}：${row.audienceNames.join('、')}`}
        </Typography.Text>
      ),
    },
    {
      title: text.status,
      dataIndex: 'status',
      valueType: 'select',
      valueEnum: Object.fromEntries(ANNOUNCEMENT_STATUSES.map((s) => [s, { text: AnnouncementStatusLabel[s] }])),
      render: (_, row) => <Tag color={statusColor[row.status]}>{AnnouncementStatusLabel[row.status]}</Tag>,
    },
    { title: text.sender, dataIndex: 'sender', search: false, render: (_, row) => row.sender ?? '-' },
    { title: text.sendTime, dataIndex: 'sendTime', search: false, sorter: true, render: (_, row) => row.sendTime ?? '-' },
    { title: text.readCount, dataIndex: 'readCount', search: false },
    { title: text.createTime, dataIndex: 'createTime', search: false, sorter: true, defaultSortOrder: 'descend' },
    {
      title: text.actions,
      valueType: 'option',
      render: (_, row) => (
        <Space size="middle" className="announcement-row-actions">
          <a onClick={() => setViewing(row)}>{text.view}</a>
          {row.status !== 'published' && (
            <Authorized action={Permission.announcementEdit}>
              <a onClick={() => setEditing({ announcement: row })}>{text.edit}</a>
            </Authorized>
          )}
          {row.status !== 'published' && (
            <Authorized action={Permission.announcementPublish}>
              <Popconfirm title={text.confirmPublish} okText={text.ok} cancelText={text.cancel} onConfirm={() => confirmAction('publish', row)}>
                <a>{text.publish}</a>
              </Popconfirm>
            </Authorized>
          )}
          {row.status === 'published' && (
            <Authorized action={Permission.announcementRevoke}>
              <Popconfirm title={text.confirmRevoke} okText={text.ok} cancelText={text.cancel} onConfirm={() => confirmAction('revoke', row)}>
                <a>{text.revoke}</a>
              </Popconfirm>
            </Authorized>
          )}
          {row.status !== 'draft' && <a onClick={() => setRecordsOf(row)}>{text.readRecords}</a>}
          {row.status !== 'published' && (
            <Authorized action={Permission.announcementDelete}>
              <Popconfirm title={text.confirmDelete} okText={text.ok} cancelText={text.cancel} onConfirm={() => confirmAction('delete', row)}>
                <Typography.Link type="danger">{text.delete}</Typography.Link>
              </Popconfirm>
            </Authorized>
          )}
        </Space>
      ),
    },
  ];

  return (
    <>
      <ProTable<Announcement>
        className="announcement-table"
        rowKey="id"
        actionRef={table}
        columns={columns}
        request={whenAllowed(canList, proTableRequest(request, announcementContract.list))}
        locale={canList ? undefined : { emptyText: ListAccessText.noAccess }}
        search={{ labelWidth: 'auto', defaultCollapsed: false }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
        dateFormatter="string"
        headerTitle={text.title}
        toolBarRender={() => [
          <Authorized key="add" action={Permission.announcementAdd}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ announcement: null })}>
              {text.add}
            </Button>
          </Authorized>,
        ]}
      />
      <AnnouncementFormModal open={editing !== null} announcement={editing?.announcement ?? null} onClose={() => setEditing(null)} onSaved={reload} />
      <NoticeDetailModal notice={viewing} onClose={() => setViewing(null)} />
      <ReadRecordsDrawer announcement={recordsOf} onClose={() => setRecordsOf(null)} />
    </>
  );
}
