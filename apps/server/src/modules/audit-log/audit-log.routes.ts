import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { auditLogContract as c, LOGIN_LOG_EXPORT_PATH, loginLogQuerySchema, Permission, VISIT_LOG_EXPORT_PATH, visitLogQuerySchema } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { XLSX_TYPE } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import * as logs from './audit-log.service.js';

/** 用户登录列表 and 访问日志: filtered, paged lists and their Excel exports. */
export function registerAuditLogRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  registerContract(app, c.loginLogList, ({ request, body }) => logs.listLoginLogs(db, requireSession(request), body));
  registerContract(app, c.visitLogList, ({ request, body }) => logs.listVisitLogs(db, requireSession(request), body));

  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(LOGIN_LOG_EXPORT_PATH, { config: { access: Permission.loginLogExport }, schema: { body: loginLogQuerySchema } }, async (request, reply) =>
    sendXlsx(reply, '用户登录列表', await logs.exportLoginLogs(db, requireSession(request), request.body)),
  );
  typed.post(VISIT_LOG_EXPORT_PATH, { config: { access: Permission.visitLogExport }, schema: { body: visitLogQuerySchema } }, async (request, reply) =>
    sendXlsx(reply, '访问日志', await logs.exportVisitLogs(db, requireSession(request), request.body)),
  );
}

function sendXlsx(reply: FastifyReply, name: string, file: Buffer) {
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}${stamp}.xlsx`)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}
