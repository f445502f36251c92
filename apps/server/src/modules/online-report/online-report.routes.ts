import type { FastifyInstance } from 'fastify';
import { onlineReportApiContract as api, onlineReportContract as c, type OnlineReportRow } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { sendXlsxDownload } from '../../platform/crud/register-crud.js';
import { toXlsx, type ExcelColumn } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import * as service from './online-report.service.js';

const cell = (v: unknown): string | number | boolean | null => (v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : (v as string | number | boolean));

export function registerOnlineReportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const db = ctx.database.db;
  const driver = ctx.database.driver;

  registerContract(app, c.list, ({ body }) => service.listReports(db, body));
  registerContract(app, c.queryById, ({ body }) => service.getReport(db, body.id));
  registerContract(app, c.add, ({ body, request }) => service.createReport(db, requireSession(request), body));
  registerContract(app, c.edit, ({ body, request }) => service.editReport(db, requireSession(request), body));
  registerContract(app, c.delete, ({ body }) => service.deleteReport(db, body));
  registerContract(app, c.preview, ({ body, request }) => service.preview(db, driver, requireSession(request), body));
  registerContract(app, c.genMenu, ({ body }) => service.genMenu(db, body.id));

  // A report's page: authenticated at the guard; each handler asks for online:cgreport:<code>:<view|export>.
  registerContract(app, api.config, ({ params, request }) => service.pageConfig(db, requireSession(request), params.code ?? ''));
  registerContract(app, api.getData, ({ body, params, request }) => service.getData(db, driver, requireSession(request), params.code ?? '', body));
  const config: RouteDeclaration = { access: api.exportXls.access };
  app.route({
    method: 'POST',
    url: api.exportXls.path,
    config,
    schema: { body: api.exportXls.body },
    handler: async (request, reply) => {
      const code = (request.params as { code?: string }).code ?? '';
      const values = (request.body as { values?: Record<string, string | number | null> } | undefined)?.values ?? {};
      const { report, rows } = await service.exportRows(db, driver, requireSession(request), code, values);
      const configured = report.columns.filter((col) => col.export);
      const columns: ExcelColumn<OnlineReportRow>[] =
        configured.length > 0
          ? configured.map((col) => ({ header: col.label, width: col.width ? Math.round(col.width / 7) : undefined, value: (r) => cell(r[col.field]) }))
          : Object.keys(rows[0] ?? {}).map((field) => ({ header: field, value: (r) => cell(r[field]) }));
      return sendXlsxDownload(reply, await toXlsx(report.name.slice(0, 31), columns, rows), report.name);
    },
  });
}
