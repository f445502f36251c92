import type { Kysely } from 'kysely';
import { EXPORT_MAX_ROWS, toPageResult, type LoginLog, type LoginLogQuery, type PageResult, type VisitLog, type VisitLogQuery } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { toXlsx, type ExcelColumn } from '../../platform/excel.js';
import { pageLoginLogs, pageVisitLogs } from './audit-log.repo.js';

const METHOD_TEXT: Record<string, string> = { password: '账号密码', phone: '手机验证码', cas: 'CAS', wechat: '微信' };

export async function listLoginLogs(db: Kysely<DB>, session: SessionInfo, q: LoginLogQuery): Promise<PageResult<LoginLog>> {
  const { rows, total } = await pageLoginLogs(db, session.companyId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return toPageResult(rows.map(toLoginLog), total, q);
}

export async function listVisitLogs(db: Kysely<DB>, session: SessionInfo, q: VisitLogQuery): Promise<PageResult<VisitLog>> {
  const { rows, total } = await pageVisitLogs(db, session.companyId, q, q.pageSize, (q.pageNo - 1) * q.pageSize);
  return toPageResult(rows.map(toVisitLog), total, q);
}

const loginColumns: ExcelColumn<LoginLog>[] = [
  { header: '用户名', value: (r) => r.username },
  { header: '登录方式', value: (r) => METHOD_TEXT[r.method] ?? r.method },
  { header: 'IP 地址', value: (r) => r.ip },
  { header: '客户端', width: 40, value: (r) => r.userAgent },
  { header: '结果', value: (r) => (r.success ? '成功' : '失败') },
  { header: '说明', width: 30, value: (r) => r.message },
  { header: '时间', width: 22, value: (r) => r.createdAt },
];

const visitColumns: ExcelColumn<VisitLog>[] = [
  { header: '用户名', value: (r) => r.username },
  { header: '方法', width: 8, value: (r) => r.method },
  { header: '路径', width: 44, value: (r) => r.path },
  { header: 'IP 地址', value: (r) => r.ip },
  { header: '耗时(ms)', width: 10, value: (r) => r.durationMs },
  { header: '状态码', width: 8, value: (r) => r.httpStatus },
  { header: '结果码', width: 8, value: (r) => r.code },
  { header: '时间', width: 22, value: (r) => r.createdAt },
];

/** The list's filters and order, at most EXPORT_MAX_ROWS rows, as .xlsx. */
export async function exportLoginLogs(db: Kysely<DB>, session: SessionInfo, q: LoginLogQuery): Promise<Buffer> {
  const { rows } = await pageLoginLogs(db, session.companyId, q, EXPORT_MAX_ROWS, 0);
  return toXlsx('用户登录列表', loginColumns, rows.map(toLoginLog));
}

export async function exportVisitLogs(db: Kysely<DB>, session: SessionInfo, q: VisitLogQuery): Promise<Buffer> {
  const { rows } = await pageVisitLogs(db, session.companyId, q, EXPORT_MAX_ROWS, 0);
  return toXlsx('访问日志', visitColumns, rows.map(toVisitLog));
}

type LoginRow = Awaited<ReturnType<typeof pageLoginLogs>>['rows'][number];
type VisitRow = Awaited<ReturnType<typeof pageVisitLogs>>['rows'][number];

function toLoginLog(r: LoginRow): LoginLog {
  return { id: r.id, username: r.username, method: r.method, ip: r.ip ?? '', userAgent: r.user_agent ?? '', success: r.success, message: r.message, createdAt: r.created_at };
}

function toVisitLog(r: VisitRow): VisitLog {
  return { id: Number(r.id), username: r.username ?? '', method: r.method, path: r.path, ip: r.ip ?? '', durationMs: r.duration_ms, httpStatus: r.http_status, code: r.code, createdAt: r.created_at };
}
