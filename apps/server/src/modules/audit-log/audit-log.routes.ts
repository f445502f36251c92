import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogContract as c, LOGIN_LOG_EXPORT_PATH, loginLogQuerySchema, Permission, VISIT_LOG_EXPORT_PATH, visitLogQuerySchema } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { sendXlsxDownload } from '../../platform/crud/register-crud.js';
import { registerContract } from '../../platform/http/register.js';
import * as logs from './audit-log.service.js';

/** 用户登录列表 and 访问日志: filtered, paged lists and their Excel exports. */
export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.loginLogList, ({ request, body }) => logs.listLoginLogs(db, requireSession(request), body));
  registerContract(app, c.visitLogList, ({ request, body }) => logs.listVisitLogs(db, requireSession(request), body));

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(LOGIN_LOG_EXPORT_PATH, { config: { access: Permission.loginLogExport }, schema: { body: loginLogQuerySchema } }, async (request, reply) =>
    sendXlsxDownload(reply, await logs.exportLoginLogs(db, requireSession(request), request.body), '用户登录列表'),
  );
  typed.post(VISIT_LOG_EXPORT_PATH, { config: { access: Permission.visitLogExport }, schema: { body: visitLogQuerySchema } }, async (request, reply) =>
    sendXlsxDownload(reply, await logs.exportVisitLogs(db, requireSession(request), request.body), '访问日志'),
  );
}

