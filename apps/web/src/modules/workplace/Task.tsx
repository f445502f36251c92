import { useMemo } from 'react';
import type { ProColumns } from '@ant-design/pro-components';
import { Tag } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { WORK_TYPES, WorkTypeLabel, workplaceContract, type WorkItem, type WorkType } from '@care/shared';
import { ListTable } from '../../components/crud/ListTable';
import { WorkplacePageText as text } from './workplace-text';

/** 任务 (/dashboard/task): the caller's follow-ups due and approvals waiting, one paged list with a type filter. */
export function Task() {
  const [params] = useSearchParams();
  const initialType = WORK_TYPES.find((t) => t === params.get('type'));
  const columns = useMemo<ProColumns<WorkItem>[]>(
    () => [
      {
        title: text.type,
        dataIndex: 'type',
        valueType: 'select',
        valueEnum: Object.fromEntries(WORK_TYPES.map((t) => [t, { text: WorkTypeLabel[t] }])),
        initialValue: initialType,
        width: 140,
        render: (_, r) => <Tag color={r.type.endsWith('FollowUp') ? 'blue' : 'orange'}>{WorkTypeLabel[r.type as WorkType]}</Tag>,
      },
      { title: text.no, dataIndex: 'no', search: false, width: 180 },
      { title: text.title, dataIndex: 'title', search: false },
      { title: text.detail, dataIndex: 'detail', search: false },
      {
        title: text.at,
        dataIndex: 'at',
        search: false,
        width: 200,
        render: (_, r) => (
          <>
            {r.at} {r.overdue ? <Tag color="red">{text.overdue}</Tag> : null}
          </>
        ),
      },
      { title: text.action, key: 'action', search: false, width: 100, render: (_, r) => <Link to={r.path}>{text.handle}</Link> },
    ],
    [initialType],
  );
  return (
    <ListTable<WorkItem>
      className="task-table"
      rowKey={(r) => `${r.type}:${r.id}`}
      columns={columns}
      contract={workplaceContract.tasks}
      pagination={{ defaultPageSize: 20, showSizeChanger: true }}
      search={{ labelWidth: 'auto' }}
      options={false}
      scroll={undefined}
    />
  );
}
