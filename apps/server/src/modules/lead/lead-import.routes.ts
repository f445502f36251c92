import type { FastifyInstance, FastifyReply } from 'fastify';
import { LEAD_IMPORT_ERRORS_ROUTE, LEAD_IMPORT_MAX_BYTES, LEAD_IMPORT_PATH, LEAD_IMPORT_TEMPLATE_PATH, leadImportContract as c, LeadImportText, ok, Permission } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import type { AppContext } from '../../platform/context.js';
import { NotFound } from '../../platform/errors.js';
import { XLSX_TYPE } from '../../platform/excel.js';
import { registerContract } from '../../platform/http/register.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import { leadImportTemplate } from './lead-import.excel.js';
import { LeadImportRunner } from './lead-import.service.js';

const importing: RouteDeclaration = { access: Permission.leadImport };
const uploading: RouteDeclaration = { ...importing, multipart: { fileSize: LEAD_IMPORT_MAX_BYTES, tooBig: LeadImportText.tooBig } };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** 导入线索: template, upload (multipart `file`, signed in the query), progress, error report. */
export function registerLeadImportRoutes(app: FastifyInstance, ctx: AppContext): void {
  const runner = new LeadImportRunner({ db: ctx.database.db, log: ctx.log });

  app.get(LEAD_IMPORT_TEMPLATE_PATH, { config: importing }, async (_request, reply) => sendXlsx(reply, await leadImportTemplate(), `${LeadImportText.templateName}.xlsx`));

  app.post(LEAD_IMPORT_PATH, { config: uploading }, async (request) => {
    const file = await readUploadedFile(request);
    return { ...ok(await runner.start(requireSession(request), file)), message: LeadImportText.started };
  });

  registerContract(app, c.progress, ({ body, request }) => runner.progress(requireSession(request), body.jobId));

  app.get(LEAD_IMPORT_ERRORS_ROUTE, { config: importing }, async (request, reply) => {
    const { jobId } = request.params as { jobId: string };
    if (!UUID.test(jobId)) throw new NotFound();
    const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
    return sendXlsx(reply, await runner.errorReport(requireSession(request), jobId), `线索导入错误报告${stamp}.xlsx`);
  });

  // Jobs left running by a server that stopped are not 进行中 forever.
  runner.failStale().then(
    (failed) => failed && ctx.log.warn({ failed }, 'stale lead import jobs marked failed'),
    (err: unknown) => ctx.log.warn({ err }, 'stale lead import jobs not checked'),
  );
  // Before the database closes: running imports stop between rows and end as failed.
  app.addHook('preClose', async () => runner.close());
}

function sendXlsx(reply: FastifyReply, file: Buffer, name: string) {
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(name)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}
