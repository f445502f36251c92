import { Alert, Badge, Card, Col, Empty, List, Row, Skeleton, Space, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Permission, WorkTypeLabel, WorkTypePath, workplaceContract, type WorkGroup, type WorkItem, type WorkplaceStay } from '@care/shared';
import { useAuthorized } from '../../lib/authorized/index';
import { useServices } from '../../lib/useServices';
import { WorkplacePageText as text } from './workplace-text';

const TASK_PATH = '/dashboard/task';

/** 工作台 (/dashboard/workplace): the caller's follow-ups due, approvals waiting for her, today's check-ins and check-outs, shortcuts. */
export function Workplace() {
  const { request } = useServices();
  const overview = useQuery({ queryKey: ['workplace', 'overview'], queryFn: () => request.call(workplaceContract.overview), refetchInterval: 60_000 });
  const data = overview.data;
  if (overview.error && !data) return <Alert type="error" message={text.loadFailed} />;
  if (!data) return <Skeleton active />;
  return (
    <div className="workplace-page">
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card
            className="workplace-follow-ups"
            title={
              <Space>
                {text.followUps}
                <Badge count={data.followUps.total} showZero color="#1677ff" />
                {data.followUps.overdue ? <Tag color="red">{text.overdueCount(data.followUps.overdue)}</Tag> : null}
              </Space>
            }
            extra={<Typography.Text type="secondary">{text.followUpsHint}</Typography.Text>}
          >
            <Groups groups={data.followUps.groups} empty={text.noFollowUps} />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card
            className="workplace-approvals"
            title={
              <Space>
                {text.approvals}
                <Badge count={data.approvals.total} showZero color="#fa8c16" />
              </Space>
            }
            extra={<Link to={TASK_PATH}>{text.allTasks}</Link>}
          >
            <Groups groups={data.approvals.groups} empty={text.noApprovals} />
          </Card>
        </Col>
        {data.stays ? (
          <>
            <Col xs={24} xl={12}>
              <Stays className="workplace-check-ins" title={text.checkIns} rows={data.stays.checkIns} kind="in" />
            </Col>
            <Col xs={24} xl={12}>
              <Stays className="workplace-check-outs" title={text.checkOuts} rows={data.stays.checkOuts} kind="out" />
            </Col>
          </>
        ) : null}
        <Col span={24}>
          <Shortcuts />
        </Col>
      </Row>
    </div>
  );
}

function Groups({ groups, empty }: { groups: WorkGroup[]; empty: string }) {
  const shown = groups.filter((g) => g.count > 0);
  if (!shown.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty} />;
  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      {shown.map((g) => (
        <div key={g.type} className={`workplace-group workplace-group-${g.type}`}>
          <Space style={{ marginBottom: 4 }}>
            <Typography.Text strong>{WorkTypeLabel[g.type]}</Typography.Text>
            <Badge count={g.count} showZero className="workplace-group-count" />
            {g.count > g.rows.length ? <Link to={`${TASK_PATH}?type=${g.type}`}>{text.more(g.count)}</Link> : null}
          </Space>
          <List size="small" dataSource={g.rows} renderItem={(item) => <WorkRow item={item} />} />
        </div>
      ))}
    </Space>
  );
}

function WorkRow({ item }: { item: WorkItem }) {
  return (
    <List.Item className="workplace-row" actions={[<Link key="go" to={item.path}>{text.handle}</Link>]}>
      <Space wrap>
        <Link to={item.path} className="workplace-row-title">
          {item.title}
        </Link>
        {item.no !== item.title ? <Typography.Text type="secondary">{item.no}</Typography.Text> : null}
        {item.detail ? <Typography.Text>{item.detail}</Typography.Text> : null}
        <Typography.Text type="secondary">{item.at}</Typography.Text>
        {item.overdue ? <Tag color="red">{text.overdue}</Tag> : null}
      </Space>
    </List.Item>
  );
}

function Stays({ title, rows, kind, className }: { title: string; rows: WorkplaceStay[]; kind: 'in' | 'out'; className: string }) {
  return (
    <Card
      className={className}
      title={
        <Space>
          {title}
          <Badge count={rows.length} showZero color="#52c41a" />
        </Space>
      }
      extra={<Link to="/room/stay">{text.handle}</Link>}
    >
      <Table<WorkplaceStay>
        size="small"
        rowKey="id"
        pagination={rows.length > 10 ? { pageSize: 10 } : false}
        dataSource={rows}
        locale={{ emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={`${text.noStays}${title.slice(2)}`} /> }}
        columns={[
          { title: text.customer, dataIndex: 'customerName' },
          { title: text.room, dataIndex: 'roomNo', width: 80 },
          { title: text.store, dataIndex: 'storeName' },
          { title: text.period, key: 'period', render: (_, r) => `${r.startDate} 至 ${r.endDate}` },
          { title: text.status, key: 'status', width: 90, render: (_, r) => (r.done ? <Tag color="green">{text.stayDone[kind]}</Tag> : <Tag>{text.stayPending[kind]}</Tag>) },
        ]}
      />
    </Card>
  );
}

const SHORTCUTS: { label: string; path: string; action: string }[] = [
  { label: '线索', path: WorkTypePath.leadFollowUp, action: Permission.leadList },
  { label: '客户', path: WorkTypePath.customerFollowUp, action: Permission.customerList },
  { label: '订单', path: WorkTypePath.order, action: Permission.orderList },
  { label: '合同', path: WorkTypePath.contract, action: Permission.contractList },
  { label: '收款', path: WorkTypePath.payment, action: Permission.paymentList },
  { label: '房态图', path: '/room/board', action: Permission.roomBoardView },
  { label: '住房安排', path: '/room/stay', action: Permission.roomStayList },
  { label: '月嫂派工', path: WorkTypePath.nurseAssignment, action: Permission.nurseAssignmentList },
];

function Shortcuts() {
  const may = useAuthorized();
  const shown = SHORTCUTS.filter((s) => may(s.action));
  return (
    <Card title={text.shortcuts} className="workplace-shortcuts">
      <Space wrap size="large">
        <Link to={TASK_PATH}>{text.allTasks}</Link>
        {shown.map((s) => (
          <Link key={s.path} to={s.path}>
            {s.label}
          </Link>
        ))}
      </Space>
    </Card>
  );
}
