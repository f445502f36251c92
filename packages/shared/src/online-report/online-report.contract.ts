import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import type { PermissionAction } from '../permissions.js';
import { CrudText, idSchema } from '../resource/crud-contracts.js';
import { OnlineReportPermission as P, onlineReportAction, type OnlineReportAction } from './online-report.permissions.js';
import {
  onlineReportCreateSchema,
  onlineReportDataQuerySchema,
  onlineReportDataSchema,
  onlineReportEditSchema,
  onlineReportListQuerySchema,
  onlineReportMenuSchema,
  onlineReportPageConfigSchema,
  onlineReportPageSchema,
  onlineReportPreviewResultSchema,
  onlineReportPreviewSchema,
  onlineReportSchema,
  OnlineReportText,
} from './online-report.schema.js';

/** 报表配置 (/online/report): the configured reports, their preview and their menu entries. */
export const onlineReportContract = {
  list: defineContract({ method: 'POST', path: '/online/cgreport/head/list', access: P.onlineReportList, body: onlineReportListQuerySchema, result: onlineReportPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/cgreport/head/queryById', access: P.onlineReportList, body: idSchema, result: onlineReportSchema }),
  add: defineContract({ method: 'POST', path: '/online/cgreport/head/add', access: P.onlineReportAdd, body: onlineReportCreateSchema, result: onlineReportSchema, successMessage: CrudText.added }),
  edit: defineContract({ method: 'POST', path: '/online/cgreport/head/edit', access: P.onlineReportEdit, body: onlineReportEditSchema, result: onlineReportSchema, successMessage: CrudText.edited }),
  delete: defineContract({ method: 'POST', path: '/online/cgreport/head/delete', access: P.onlineReportDelete, body: idSchema.extend({ version: z.number().int().min(1).optional() }), result: z.null(), successMessage: CrudText.deleted }),
  /** Runs an unsaved configuration with sample values: the columns and the first rows. */
  preview: defineContract({ method: 'POST', path: '/online/cgreport/head/preview', access: P.onlineReportList, body: onlineReportPreviewSchema, result: onlineReportPreviewResultSchema }),
  genMenu: defineContract({ method: 'POST', path: '/online/cgreport/head/genMenu', access: P.onlineReportMenu, body: onlineReportMenuSchema, result: onlineReportSchema, successMessage: OnlineReportText.menuCreated }),
};

/**
 * The routes of every report's page, one set for all reports: `:code` is the report's code. Each is
 * `authenticated` at the guard and its handler asks for `online:cgreport:<code>:<view|export>`.
 */
export const onlineReportRoutes = {
  config: '/online/cgreport/api/:code/config',
  getData: '/online/cgreport/api/:code/getData',
  exportXls: '/online/cgreport/api/:code/exportXls',
} as const;

/** The contracts of one report's page (paths with its code, access for the web's buttons). */
export function onlineReportPageContracts(code: string) {
  const path = (name: keyof typeof onlineReportRoutes) => onlineReportRoutes[name].replace(':code', code);
  const act = (a: OnlineReportAction) => onlineReportAction(code, a) as PermissionAction;
  return {
    config: defineContract({ method: 'POST', path: path('config'), access: 'authenticated', body: z.object({}), result: onlineReportPageConfigSchema }),
    getData: defineContract({ method: 'POST', path: path('getData'), access: act('view'), body: onlineReportDataQuerySchema, result: onlineReportDataSchema }),
    exportXls: defineContract({ method: 'POST', path: path('exportXls'), access: act('export'), body: onlineReportDataQuerySchema.partial(), result: z.unknown() }),
  };
}

/** The server's registration of the report pages' routes (`:code` in the path, `authenticated` at the guard). */
export const onlineReportApiContract = {
  config: defineContract({ method: 'POST', path: onlineReportRoutes.config, access: 'authenticated', body: z.object({}).default({}), result: onlineReportPageConfigSchema }),
  getData: defineContract({ method: 'POST', path: onlineReportRoutes.getData, access: 'authenticated', body: onlineReportDataQuerySchema, result: onlineReportDataSchema }),
  exportXls: defineContract({ method: 'POST', path: onlineReportRoutes.exportXls, access: 'authenticated', body: onlineReportDataQuerySchema.partial(), result: z.unknown() }),
};
