import { useState } from 'react';
import { Input, Radio, Select, Tag, Typography } from 'antd';
import {
  announcementContract as c,
  announcementMachine,
  announcementResource,
  AnnouncementStatusLabel,
  ANNOUNCEMENT_STATUSES,
  AudienceTypeLabel,
  AUDIENCE_TYPES,
  OPEN_TYPES,
  PRIORITIES,
  PriorityLabel,
  type Announcement,
} from '@care/shared';
import { ResourceTable } from '../../components/crud/ResourceTable';
import { AnnouncementPageText as text, OpenTypeLabel } from '../../components/message/message-text';
import { NoticeDetailModal } from '../../components/message/NoticeDetailModal';
import { PriorityTag } from '../../components/message/PriorityTag';
import { ReadRecordsDrawer } from '../../components/message/ReadRecordsDrawer';
import { RichTextEditor } from '../../components/rich-text/RichTextEditor';
import { AudienceDepartmentSelect, AudienceUserSelect, OpenPageInput } from './AudiencePickers';

const statusColor = { draft: 'default', published: 'green', revoked: 'red' } as const;
const as = (row: unknown) => row as Announcement;

/** 系统通告 (/message/announcement): compose, publish, revoke, and see who has read. */
export function AnnouncementList() {
  const [viewing, setViewing] = useState<Announcement | null>(null);
  const [recordsOf, setRecordsOf] = useState<Announcement | null>(null);
  return (
    <>
      <ResourceTable
        resource={announcementResource}
        contracts={c}
        title={text.title}
        nameField="titile"
        columns={{
          titile: {
            render: (_, row) => (
              <Typography.Link className="announcement-title" onClick={() => setViewing(as(row))}>
                {as(row).titile}
              </Typography.Link>
            ),
          },
          priority: {
            valueType: 'select',
            valueEnum: Object.fromEntries(PRIORITIES.map((p) => [p, { text: PriorityLabel[p].text }])),
            renderFormItem: undefined,
            render: (_, row) => <PriorityTag priority={as(row).priority} />,
          },
          audienceType: {
            render: (_, row) => {
              const { audienceType, audienceNames } = as(row);
              return (
                <Typography.Text ellipsis={{ tooltip: audienceNames.join('、') }} style={{ maxWidth: 220 }}>
                  {audienceType === 'all' ? AudienceTypeLabel.all : `${AudienceTypeLabel[audienceType]}：${audienceNames.join('、')}`}
                </Typography.Text>
              );
            },
          },
          status: {
            valueType: 'select',
            valueEnum: Object.fromEntries(ANNOUNCEMENT_STATUSES.map((s) => [s, { text: AnnouncementStatusLabel[s] }])),
            render: (_, row) => <Tag color={statusColor[as(row).status]}>{AnnouncementStatusLabel[as(row).status]}</Tag>,
          },
          createTime: { defaultSortOrder: 'descend' },
        }}
        allows={(row, action) => action !== 'status' && announcementMachine.can(as(row).status, action)}
        deleteConfirm={() => text.confirmDelete}
        rowActions={(row, _reload, run) => {
          const { id, version, status } = as(row);
          const move = (event: 'publish' | 'revoke', confirm: string) => ({
            key: event,
            label: text[event],
            permission: c[event].access,
            hidden: !announcementMachine.can(status, event),
            confirm,
            onClick: () => run(c[event], { id, version }),
          });
          return [
            move('publish', text.confirmPublish),
            move('revoke', text.confirmRevoke),
            { key: 'readRecords', label: text.readRecords, hidden: status === 'draft', onClick: () => setRecordsOf(as(row)) },
          ];
        }}
        form={{
          width: 860,
          inputs: {
            titile: <Input placeholder={text.titilePlaceholder} maxLength={100} />,
            priority: <Radio.Group options={PRIORITIES.map((p) => ({ value: p, label: PriorityLabel[p].text }))} />,
            audienceType: <Radio.Group options={AUDIENCE_TYPES.map((a) => ({ value: a, label: AudienceTypeLabel[a] }))} />,
            departmentIds: <AudienceDepartmentSelect />,
            userIds: <AudienceUserSelect />,
            openType: <Select allowClear placeholder={text.openTypeNone} options={OPEN_TYPES.map((o) => ({ value: o, label: OpenTypeLabel[o] }))} />,
            openPage: <OpenPageInput />,
            busId: <Input maxLength={64} />,
            msgContent: <RichTextEditor aria-label={text.content} minHeight={220} />,
          },
          when: {
            departmentIds: (values) => values.audienceType === 'departments',
            userIds: (values) => values.audienceType === 'users',
            openPage: (values) => Boolean(values.openType),
          },
        }}
      />
      <NoticeDetailModal notice={viewing} onClose={() => setViewing(null)} />
      <ReadRecordsDrawer announcement={recordsOf} onClose={() => setRecordsOf(null)} />
    </>
  );
}
