import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { pageQuerySchema, pageResultSchema } from '../api/paging.js';
import type { PermissionAction } from '../permissions.js';
import { CrudText, idSchema } from '../resource/crud-contracts.js';
import { OnlineFormPermission as P, onlineDataAction } from './online-form.permissions.js';
import {
  onlineFormCreateSchema,
  onlineFormEditSchema,
  onlineFormListQuerySchema,
  onlineFormMenuSchema,
  onlineFormPageSchema,
  onlineFormSchema,
  onlineFormSyncSchema,
  OnlineFormText,
  onlineMigrationListSchema,
  onlineSyncResultSchema,
} from './online-form.schema.js';

/** 表单配置 (/online/form): the configured forms, their sync to the database and their menu entries. */
export const onlineFormContract = {
  list: defineContract({ method: 'POST', path: '/online/cgform/head/list', access: P.onlineFormList, body: onlineFormListQuerySchema, result: onlineFormPageSchema }),
  queryById: defineContract({ method: 'POST', path: '/online/cgform/head/queryById', access: P.onlineFormList, body: idSchema, result: onlineFormSchema }),
  add: defineContract({ method: 'POST', path: '/online/cgform/head/add', access: P.onlineFormAdd, body: onlineFormCreateSchema, result: onlineFormSchema, successMessage: CrudText.added }),
  edit: defineContract({ method: 'POST', path: '/online/cgform/head/edit', access: P.onlineFormEdit, body: onlineFormEditSchema, result: onlineFormSchema, successMessage: CrudText.edited }),
  delete: defineContract({ method: 'POST', path: '/online/cgform/head/delete', access: P.onlineFormDelete, body: idSchema.extend({ version: z.number().int().min(1).optional() }), result: z.null(), successMessage: CrudText.deleted }),
  /** Creates or alters the tables in `online_data`; answers `applied: false` with the drops until they are confirmed. */
  sync: defineContract({ method: 'POST', path: '/online/cgform/head/sync', access: P.onlineFormSync, body: onlineFormSyncSchema, result: onlineSyncResultSchema, successMessage: OnlineFormText.synced }),
  /** The form's migration history, newest first. */
  migrations: defineContract({ method: 'POST', path: '/online/cgform/head/migrations', access: P.onlineFormList, body: idSchema, result: onlineMigrationListSchema }),
  genMenu: defineContract({ method: 'POST', path: '/online/cgform/head/genMenu', access: P.onlineFormMenu, body: onlineFormMenuSchema, result: onlineFormSchema, successMessage: OnlineFormText.menuCreated }),
};

/** A generated page's row: the configured fields by name, plus id, version, createdAt, updatedAt (and pid, hasChild for trees). */
export const onlineRowSchema = z.record(z.string(), z.unknown());
export type OnlineRow = Record<string, unknown>;

/** The list query of a generated page: paging, `column` one of its sortable fields, filters by searchable field name. */
export const onlineDataListQuerySchema = pageQuerySchema.catchall(z.unknown());

/** Add and edit of a generated page: the master's values and, for forms with child tables, every child row by table. */
export const onlineDataWriteSchema = z
  .object({
    id: z.uuid().optional(),
    version: z.number().int().min(1).optional(),
    /** Child rows by child table name; on edit the set given replaces the old one (rows keep their `id`). */
    subs: z.record(z.string(), z.array(onlineRowSchema)).optional(),
  })
  .catchall(z.unknown());

/** What the generated page needs to draw itself: the synced configuration and the caller's actions on it. */
export const onlineDataConfigSchema = z.object({
  form: onlineFormSchema,
  actions: z.array(z.enum(['list', 'add', 'edit', 'delete', 'export', 'import'])),
});

export const onlineImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(z.object({ row: z.number().int(), message: z.string() })),
});

/**
 * The routes of every generated page, one set for all forms: `:code` is the form's table name. Each is
 * `authenticated` at the guard and its handler asks for `online:cgform:<code>:<action>` (assertHoldsAction).
 */
export const onlineDataRoutes = {
  config: '/online/cgform/api/:code/config',
  list: '/online/cgform/api/:code/list',
  queryById: '/online/cgform/api/:code/queryById',
  add: '/online/cgform/api/:code/add',
  edit: '/online/cgform/api/:code/edit',
  delete: '/online/cgform/api/:code/delete',
  deleteBatch: '/online/cgform/api/:code/deleteBatch',
  exportXls: '/online/cgform/api/:code/exportXls',
  importExcel: '/online/cgform/api/:code/importExcel',
  /** 树表: the direct children of `pid` (null = roots), each with `hasChild`. */
  treeChildren: '/online/cgform/api/:code/treeChildren',
} as const;

/** The contracts of one form's generated page (paths with its code, access for the web's buttons). */
export function onlineDataContracts(code: string) {
  const path = (name: keyof typeof onlineDataRoutes) => onlineDataRoutes[name].replace(':code', code);
  const act = (a: Parameters<typeof onlineDataAction>[1]) => onlineDataAction(code, a) as PermissionAction;
  return {
    config: defineContract({ method: 'POST', path: path('config'), access: 'authenticated', body: z.object({}), result: onlineDataConfigSchema }),
    list: defineContract({ method: 'POST', path: path('list'), access: act('list'), body: onlineDataListQuerySchema, result: pageResultSchema(onlineRowSchema) }),
    queryById: defineContract({ method: 'POST', path: path('queryById'), access: act('list'), body: idSchema, result: onlineRowSchema }),
    add: defineContract({ method: 'POST', path: path('add'), access: act('add'), body: onlineDataWriteSchema, result: onlineRowSchema, successMessage: CrudText.added }),
    edit: defineContract({ method: 'POST', path: path('edit'), access: act('edit'), body: onlineDataWriteSchema, result: onlineRowSchema, successMessage: CrudText.edited }),
    delete: defineContract({ method: 'POST', path: path('delete'), access: act('delete'), body: idSchema.extend({ version: z.number().int().min(1).optional() }), result: z.null(), successMessage: CrudText.deleted }),
    deleteBatch: defineContract({ method: 'POST', path: path('deleteBatch'), access: act('delete'), body: z.object({ ids: z.array(z.uuid()).min(1, '请选择记录').max(500) }), result: z.object({ deleted: z.number().int() }), successMessage: CrudText.deleted }),
    exportXls: defineContract({ method: 'POST', path: path('exportXls'), access: act('export'), body: onlineDataListQuerySchema.partial(), result: z.unknown() }),
    /** multipart: one .xlsx with the export's header row. */
    importExcel: defineContract({ method: 'POST', path: path('importExcel'), access: act('import'), result: onlineImportResultSchema }),
    treeChildren: defineContract({ method: 'POST', path: path('treeChildren'), access: act('list'), body: z.object({ pid: z.uuid().nullable().default(null) }), result: z.array(onlineRowSchema) }),
  };
}
