import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AI_LINKED_TYPE_LABELS, AI_LOG_KIND_LABELS, AI_LOG_STATUS_LABELS, AI_LOG_TOKEN_HEADER, aiLogContract as c, aiLogListQuerySchema, type AiLogRecord } from '@care/shared';
import { registerExport } from '../../platform/crud/register-crud.js';
import type { ExcelColumn } from '../../platform/excel.js';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { registerContract } from '../../platform/http/register.js';
import * as service from './ai-log.service.js';

const HEADER = AI_LOG_TOKEN_HEADER.toLowerCase();

function linkToken(request: FastifyRequest): string | undefined {
  const value = request.headers[HEADER];
  return typeof value === 'string' ? value : undefined;
}

const exportColumns: ExcelColumn<AiLogRecord>[] = [
  { header: '时间', width: 20, value: (r) => r.createdAt },
  { header: '类型', width: 14, value: (r) => AI_LOG_KIND_LABELS[r.kind] },
  { header: '操作人', width: 12, value: (r) => r.operatorName },
  { header: '模型', width: 16, value: (r) => r.model },
  { header: '状态', width: 10, value: (r) => AI_LOG_STATUS_LABELS[r.status] },
  { header: '关联类型', width: 10, value: (r) => (r.linkedType ? AI_LINKED_TYPE_LABELS[r.linkedType] : '') },
  { header: '关联记录ID', width: 38, value: (r) => r.linkedId ?? '' },
  { header: '耗时（ms）', width: 10, value: (r) => r.durationMs },
  { header: '输出', width: 80, value: (r) => r.output },
  { header: '失败原因', width: 30, value: (r) => r.error ?? '' },
];

export function registerAiLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const ai = ctx.config.ai;
  registerContract(app, c.list, ({ body, request }) => service.listLog(db, requireSession(request), body));
  registerExport(app, c.exportXls, { label: 'AI日志' }, (session, filters) => service.exportRows(db, session, aiLogListQuerySchema.parse({ ...filters, pageNo: 1, pageSize: 10 })), exportColumns);
  // Public but signed like every call: the link's token in its header is the credential.
  registerContract(app, c.sharedList, ({ body, request }) => service.sharedLog(db, linkToken(request), body));
  registerContract(app, c.links, ({ request }) => service.listLinks(db, requireSession(request)));
  registerContract(app, c.addLink, ({ body, request }) => service.issueLink(db, requireSession(request), body));
  registerContract(app, c.revokeLink, ({ body, request }) => service.revokeLink(db, requireSession(request), body));
  registerContract(app, c.followUpSummary, ({ body, request }) => service.summarizeFollowUps(db, ai, requireSession(request), body));
}
