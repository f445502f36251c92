import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import type { AnyResource, Contract } from '@care/shared';
import { requireSession, type SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { toXlsx, XLSX_TYPE, type ExcelColumn } from '../excel.js';
import { registerContract } from '../http/register.js';
import type { RouteDeclaration } from '../http/route-table.js';
import { crudService, type CrudOptions, type CrudService } from './crud-service.js';

/** The usual contracts a module may offer (`crudContracts` in packages/shared builds them). */
export interface CrudContracts {
  list: Contract;
  queryById?: Contract;
  add?: Contract;
  edit?: Contract;
  updateStatus?: Contract;
  delete?: Contract;
  options?: Contract;
  exportXls?: Contract;
}

type Handler = Parameters<typeof registerContract>[2];

/**
 * Registers the usual routes of a resource on the kit's service and returns the service, for the
 * module's own named actions. `override` replaces a route's handler where a module adds its rules.
 */
export function registerCrud(
  app: FastifyInstance,
  db: Kysely<DB>,
  resource: AnyResource,
  contracts: CrudContracts,
  options: CrudOptions & { override?: Partial<Record<Exclude<keyof CrudContracts, 'exportXls'>, Handler>> } = {},
): CrudService {
  const service = crudService(db, resource, options);
  const body = (input: { body: unknown }) => input.body as Record<string, unknown> & { id: string; version: number; enabled: boolean; pageNo: number; pageSize: number };
  const handlers: Record<Exclude<keyof CrudContracts, 'exportXls'>, Handler> = {
    list: async (input) => service.list(requireSession(input.request), body(input)),
    queryById: async (input) => service.get(requireSession(input.request), body(input).id),
    add: async (input) => service.add(requireSession(input.request), body(input)),
    edit: async (input) => service.edit(requireSession(input.request), body(input)),
    updateStatus: async (input) => service.setEnabled(requireSession(input.request), body(input).id, body(input).enabled),
    delete: async (input) => service.remove(requireSession(input.request), body(input).id, body(input).version),
    options: async (input) => service.options(requireSession(input.request)),
  };
  for (const [action, contract] of Object.entries(contracts) as [keyof CrudContracts, Contract | undefined][]) {
    if (!contract) continue;
    if (action === 'exportXls') {
      registerExport(app, contract, resource, (session, filters) => service.exportRows(session, filters));
      continue;
    }
    registerContract(app, contract, options.override?.[action] ?? handlers[action]);
  }
  return service;
}

/** Export columns of a resource: its export fields with their labels, dictionary values as stored. */
export function resourceExportColumns(resource: AnyResource): ExcelColumn<Record<string, unknown>>[] {
  return resource.entries
    .filter(([, def]) => def.export)
    .map(([key, def]) => ({
      header: def.label,
      value: (row: Record<string, unknown>) => {
        const value = row[key];
        if (def.kind === 'bool') return value ? '是' : '否';
        return value === undefined || value === null ? '' : (value as string | number);
      },
    }));
}

/** Sends an .xlsx as a download named `<name><yyyyMMdd>.xlsx`. */
export function sendXlsxDownload(reply: FastifyReply, file: Buffer, name: string): FastifyReply {
  const stamp = new Date().toISOString().slice(0, 10).replaceAll('-', '');
  return reply
    .header('content-type', XLSX_TYPE)
    .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(`${name}${stamp}.xlsx`)}`)
    .header('x-content-type-options', 'nosniff')
    .send(file);
}

/**
 * An Excel export route: the list's filters in, the rows `rows` finds (in the caller's scope) out as
 * one sheet named after the resource, every text cell escaped (SECURITY.md).
 */
export function registerExport<T extends Record<string, unknown>, F = Record<string, unknown>>(
  app: FastifyInstance,
  contract: Contract,
  resource: Pick<AnyResource, 'label'> & Partial<AnyResource>,
  rows: (session: SessionInfo, filters: F) => Promise<T[]>,
  columns: ExcelColumn<T>[] = resourceExportColumns(resource as AnyResource) as ExcelColumn<T>[],
): void {
  const config: RouteDeclaration = { access: contract.access };
  app.route({
    method: contract.method,
    url: contract.path,
    config,
    ...(contract.body ? { schema: { body: contract.body } } : {}),
    handler: async (request, reply) => {
      const found = await rows(requireSession(request), (request.body ?? {}) as F);
      return sendXlsxDownload(reply, await toXlsx(resource.label, columns, found), resource.label);
    },
  });
}
