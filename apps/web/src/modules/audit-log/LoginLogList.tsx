import { Tag, Typography } from 'antd';
import type { ProColumns } from '@ant-design/pro-components';
import type { LoginLog } from '@care/shared';
import { AuditLogTable, logTimeColumns } from './AuditLogTable';

export const LoginLogText = {
  title: '用户登录列表',
  username: '用户',
  method: '登录方式',
  ip: '地址',
  client: '客户端',
  result: '结果',
  message: '信息',
  time: '登录时间',
  success: '成功',
  failure: '失败',
} as const;

export const LOGIN_METHOD_LABEL: Record<string, string> = { password: '账号密码', phone: '手机验证码', cas: 'CAS', wechat: '微信' };

const columns: ProColumns<LoginLog>[] = [
  { title: LoginLogText.username, dataIndex: 'username', sorter: true },
  {
    title: LoginLogText.method,
    dataIndex: 'method',
    valueType: 'select',
    valueEnum: Object.fromEntries(Object.entries(LOGIN_METHOD_LABEL).map(([value, text]) => [value, { text }])),
  },
  { title: LoginLogText.ip, dataIndex: 'ip', search: false },
  {
    title: LoginLogText.client,
    dataIndex: 'userAgent',
    search: false,
    render: (_, row) => (
      <Typography.Text ellipsis={{ tooltip: row.userAgent }} style={{ maxWidth: 260 }}>
        {row.userAgent}
      </Typography.Text>
    ),
  },
  {
    title: LoginLogText.result,
    dataIndex: 'success',
    valueType: 'select',
    valueEnum: { true: { text: LoginLogText.success }, false: { text: LoginLogText.failure } },
    search: { transform: (value: string) => ({ success: value === 'true' }) },
    render: (_, row) => (row.success ? <Tag color="green">{LoginLogText.success}</Tag> : <Tag color="red">{LoginLogText.failure}</Tag>),
  },
  { title: LoginLogText.message, dataIndex: 'message', search: false },
  ...logTimeColumns<LoginLog>(LoginLogText.time),
];

/** 用户登录列表 (/system/loginLog): every sign-in attempt of the company's users. */
export function LoginLogList() {
  return <AuditLogTable<LoginLog> log="login" title={LoginLogText.title} columns={columns} />;
}
