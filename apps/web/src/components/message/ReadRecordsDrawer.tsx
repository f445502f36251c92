import { Drawer, Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import { announcementContract, type Announcement, type AnnouncementReadRecord } from '@care/shared';
import { ListTable } from '../crud/ListTable';
import { ReadRecordText as text } from './message-text';

const columns: ProColumns<AnnouncementReadRecord>[] = [
  { title: text.username, dataIndex: 'username', search: false, sorter: true },
  { title: text.realname, dataIndex: 'realname', search: false },
  { title: text.department, dataIndex: 'departmentName', search: false },
  {
    title: text.readFlag,
    dataIndex: 'readFlag',
    valueType: 'select',
    valueEnum: { '1': { text: text.read }, '0': { text: text.unread } },
    render: (_, row) => (row.readFlag === '1' ? <Tag color="green">{text.read}</Tag> : <Tag>{text.unread}</Tag>),
  },
  { title: text.readTime, dataIndex: 'readTime', search: false, sorter: true },
];

/** 阅读记录: the audience of an announcement and who has read it. */
export function ReadRecordsDrawer({ announcement, onClose }: { announcement: Announcement | null; onClose: () => void }) {
  return (
    <Drawer open={announcement !== null} onClose={onClose} width={760} title={announcement ? `${text.title} - ${announcement.titile}` : text.title} destroyOnHidden>
      {announcement && (
        <ListTable<AnnouncementReadRecord>
          className="read-records-table"
          rowKey="userId"
          columns={columns}
          params={{ anntId: announcement.id }}
          contract={announcementContract.readRecords}
          search={{ labelWidth: 'auto', defaultCollapsed: false }}
          options={false}
          scroll={undefined}
        />
      )}
    </Drawer>
  );
}
