import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import type { PermissionAction } from '../permissions.js';
import type { AnyResource } from './resource.js';

/** The success texts of the usual actions, as the product words them. */
export const CrudText = {
  added: '添加成功！',
  edited: '编辑成功!',
  saved: '保存成功！',
  deleted: '删除成功!',
} as const;

export const idSchema = z.object({ id: z.uuid({ message: '缺少ID' }) });
export const statusSchema = z.object({ id: z.uuid({ message: '缺少ID' }), enabled: z.boolean({ message: '请选择状态' }) });
export const optionSchema = z.object({ id: z.string(), name: z.string(), code: z.string().optional() });
export type Option = z.infer<typeof optionSchema>;

interface CrudAccess {
  list: PermissionAction;
  add?: PermissionAction;
  edit?: PermissionAction;
  status?: PermissionAction;
  delete?: PermissionAction;
  export?: PermissionAction;
}

/**
 * The usual contracts of a resource at `/online/<base>/…` (ARCHITECTURE.md): list, queryById (unless
 * `queryById: false`), and add, edit, updateStatus, delete, exportXls for the actions given; options
 * (enabled rows for selects) with `options: true`. Named actions of a module are written beside them by hand.
 */
export function crudContracts<R extends AnyResource, A extends CrudAccess, const O extends { options?: boolean; queryById?: boolean } = object>(resource: R, base: string, access: A, o?: O) {
  const path = (action: string) => `/online/${base}/${action}`;
  // Typed as this resource's schemas (not AnyResource's), so callers get its record and query types.
  const { listQuery, page, record, create, edit } = resource as Pick<R, 'listQuery' | 'page' | 'record' | 'create' | 'edit'>;
  const all = {
    list: defineContract({ method: 'POST', path: path('list'), access: access.list, body: listQuery as R['listQuery'], result: page as R['page'] }),
    queryById: defineContract({ method: 'POST', path: path('queryById'), access: access.list, body: idSchema, result: record as R['record'] }),
    add: defineContract({ method: 'POST', path: path('add'), access: access.add!, body: create as R['create'], result: record as R['record'], successMessage: CrudText.added }),
    edit: defineContract({ method: 'POST', path: path('edit'), access: access.edit!, body: edit as R['edit'], result: record as R['record'], successMessage: CrudText.edited }),
    updateStatus: defineContract({ method: 'POST', path: path('updateStatus'), access: access.status!, body: statusSchema, result: record as R['record'], successMessage: CrudText.saved }),
    delete: defineContract({ method: 'POST', path: path('delete'), access: access.delete!, body: idSchema, result: z.null(), successMessage: CrudText.deleted }),
    exportXls: defineContract({ method: 'POST', path: path('exportXls'), access: access.export!, body: listQuery.omit({ pageNo: true, pageSize: true }).partial(), result: z.unknown() }),
    options: defineContract({ method: 'POST', path: path('options'), access: 'authenticated', body: z.object({}), result: z.array(optionSchema) }),
  };
  const wanted = new Set(
    ['list', ...(o?.queryById === false ? [] : ['queryById']), ...Object.keys(access), ...(o?.options ? ['options'] : [])].map((k) => (k === 'status' ? 'updateStatus' : k === 'export' ? 'exportXls' : k)),
  );
  return Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k))) as Pick<
    typeof all,
    'list' | (O extends { queryById: false } ? never : 'queryById') | Wanted<A> | (O extends { options: true } ? 'options' : never)
  >;
}

type Wanted<A> =
  | ('add' extends keyof A ? 'add' : never)
  | ('edit' extends keyof A ? 'edit' : never)
  | ('status' extends keyof A ? 'updateStatus' : never)
  | ('delete' extends keyof A ? 'delete' : never)
  | ('export' extends keyof A ? 'exportXls' : never);
