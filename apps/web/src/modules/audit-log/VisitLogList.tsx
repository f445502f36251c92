import { Tag } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { VisitLog } from '@care/shared';
import { AuditLogTable, logTimeColumns } from './AuditLogTable';

export const VisitLogText = {
  title: '访问日志',
  username: '用户',
  method: '请求方式',
  path: '路径',
  pathTip: '以此开头的路径',
  ip: '地址',
  duration: '耗时(毫秒)',
  httpStatus: 'HTTP 状态',
  code: '返回码',
  time: '访问时间',
} as const;

const columns: ProColumns<VisitLog>[] = [
  { title: VisitLogText.username, dataIndex: 'username', sorter: true },
  { title: VisitLogText.method, dataIndex: 'method', search: false },
  { title: VisitLogText.path, dataIndex: 'path', sorter: true, tooltip: VisitLogText.pathTip, fieldProps: { placeholder: '/online/api/' } },
  { title: VisitLogText.ip, dataIndex: 'ip', search: false },
  { title: VisitLogText.duration, dataIndex: 'durationMs', search: false, sorter: true, align: 'right' },
  { title: VisitLogText.httpStatus, dataIndex: 'httpStatus', search: false },
  {
    title: VisitLogText.code,
    dataIndex: 'code',
    render: (_, row) => <Tag color={row.code === '0' ? 'green' : 'orange'}>{row.code}</Tag>,
  },
  ...logTimeColumns<VisitLog>(VisitLogText.time),
];

/** 访问日志 (/system/visitLog): every API call of the company's users. */
export function VisitLogList() {
  return <AuditLogTable<VisitLog> log="visit" title={VisitLogText.title} columns={columns} />;
}
