import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, onlineDataContracts, onlineDataRoutes, onlineFormContract, type Contract, type OnlineDataAction } from '@care/shared';
import { requireSession } from '../../platform/auth/request-session.js';
import { resourceExportColumns, sendXlsxDownload } from '../../platform/crud/register-crud.js';
import { BizError, ValidationError } from '../../platform/errors.js';
import { toXlsx } from '../../platform/excel.js';
import { readUploadedFile } from '../../platform/http/multipart.js';
import { registerContract, type ContractInput } from '../../platform/http/register.js';
import type { RouteDeclaration } from '../../platform/http/route-table.js';
import type { ModuleContext } from '../module.js';
import { ONLINE_IMPORT_MAX_BYTES, OnlineImportText, readOnlineSheet } from './online-data.excel.js';
import { heldActions, loadForm, onlineDataService, parseWith, prepareValues, registerAllFormRules } from './online-data.service.js';

// One set of routes for every generated page (`:code` = the form's table name). The guard only asks
// for a session (`authenticated`); each handler asks for `online:cgform:<code>:<action>` before it
// reads anything about the form (loadForm).

// The contracts with the `:code` param in their paths; access is the handler's check.
const contracts = onlineDataContracts(':code');
const signedIn = <C extends Contract>(contract: C): C => ({ ...contract, access: 'authenticated' });

export function registerOnlineDataRoutes(app: FastifyInstance, ctx: ModuleContext): void {
  const db = ctx.database.db;
  const code = (input: { params: Record<string, string> }) => input.params.code ?? '';
  const serviceFor = async (request: FastifyRequest, name: string, action: OnlineDataAction | 'any') =>
    onlineDataService(db, await loadForm(db, requireSession(request), name, action), ctx.log);
  const body = <C extends Contract>(input: ContractInput<C>) => input.body as Record<string, unknown>;

  registerContract(app, signedIn(contracts.config), async (input) => {
    const session = requireSession(input.request);
    const { form } = await loadForm(db, session, code(input), 'any');
    return { form, actions: await heldActions(db, session, form.tableName) };
  });

  registerContract(app, signedIn(contracts.list), async (input) => (await serviceFor(input.request, code(input), 'list')).list(requireSession(input.request), input.body));

  registerContract(app, signedIn(contracts.queryById), async (input) => (await serviceFor(input.request, code(input), 'list')).get(requireSession(input.request), input.body.id));

  registerContract(app, signedIn(contracts.add), async (input) => (await serviceFor(input.request, code(input), 'add')).add(requireSession(input.request), body(input)));

  registerContract(app, signedIn(contracts.edit), async (input) => {
    const service = await serviceFor(input.request, code(input), 'edit');
    if (!input.body.id || input.body.version === undefined) throw new ValidationError(!input.body.id ? 'id: 缺少ID' : 'version: 缺少版本号');
    return service.edit(requireSession(input.request), body(input));
  });

  registerContract(app, signedIn(contracts.delete), async (input) =>
    (await serviceFor(input.request, code(input), 'delete')).remove(requireSession(input.request), input.body.id, input.body.version),
  );

  registerContract(app, signedIn(contracts.deleteBatch), async (input) =>
    (await serviceFor(input.request, code(input), 'delete')).removeMany(requireSession(input.request), input.body.ids),
  );

  registerContract(app, signedIn(contracts.treeChildren), async (input) => {
    const service = await serviceFor(input.request, code(input), 'list');
    if (service.loaded.form.formType !== 'tree') throw new BizError('该表单不是树表');
    return service.treeChildren(requireSession(input.request), input.body.pid);
  });

  const exporting: RouteDeclaration = { access: 'authenticated' };
  app.post(onlineDataRoutes.exportXls, { config: exporting }, async (request, reply) => {
    const service = await serviceFor(request, (request.params as { code?: string }).code ?? '', 'export');
    const { master } = service.loaded;
    const rows = await service.exportRows(requireSession(request), request.body ?? {});
    // toXlsx escapes every text cell a spreadsheet would read as a formula (SECURITY.md).
    return sendXlsxDownload(reply, await toXlsx(master.label, resourceExportColumns(master), rows), master.label);
  });

  const importing: RouteDeclaration = { access: 'authenticated', multipart: { fileSize: ONLINE_IMPORT_MAX_BYTES, tooBig: OnlineImportText.tooBig } };
  app.post(onlineDataRoutes.importExcel, { config: importing }, async (request) => {
    // The action is asked before a byte of the file is read.
    const service = await serviceFor(request, (request.params as { code?: string }).code ?? '', 'import');
    const session = requireSession(request);
    const file = await readUploadedFile(request);
    if (!file) throw new BizError(OnlineImportText.noFile);
    const { master, form } = service.loaded;
    const rows = await readOnlineSheet(master, file.filename, file.data);
    const errors: { row: number; message: string }[] = [];
    const valid: Record<string, unknown>[] = [];
    for (const { row, values } of rows) {
      try {
        valid.push(await prepareValues(db, form.fields, parseWith<Record<string, unknown>>(master.create, values), ctx.log));
      } catch (err) {
        if (!(err instanceof BizError || err instanceof ValidationError)) throw err;
        errors.push({ row, message: err.message.replace(/^[a-z0-9_.]+: /, '') });
      }
    }
    const imported = valid.length > 0 ? await service.insertMany(session, valid) : 0;
    return ok({ imported, errors }, errors.length ? `导入${imported}条，${errors.length}条有错误` : `成功导入${imported}条`);
  });

  // Data-rule resources of the synced forms: at start, and again once a form was synced, changed or
  // deleted on this instance (another instance registers a form at its first request of that form).
  const formChanges = new Set([onlineFormContract.sync.path, onlineFormContract.edit.path, onlineFormContract.delete.path, onlineFormContract.genMenu.path]);
  // onSend: before the answer leaves, so the administrator's next request already finds the columns.
  app.addHook('onSend', async (request, reply, payload) => {
    if (reply.statusCode === 200 && formChanges.has(request.routeOptions.url ?? '')) {
      await registerAllFormRules(db, ctx.log).catch((err: unknown) => ctx.log.warn({ err }, 'online form data rules not registered'));
    }
    return payload;
  });
}
