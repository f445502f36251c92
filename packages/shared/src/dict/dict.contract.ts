import { z } from 'zod';
import { defineContract } from '../api/contract.js';
import { DictPermission } from './dict.permissions.js';
import { crudContracts } from '../resource/index.js';
import {
  dictItemCreateSchema,
  dictItemEditSchema,
  dictItemListQuerySchema,
  dictItemPageSchema,
  dictItemSchema,
  dictItemsQuerySchema,
  dictOptionSchema,
  dictSelectBodySchema,
  dictTypeResource,
  DictText,
} from './dict.schema.js';

/** 字典类型 administration (no queryById: the list carries every field). */
const dictTypeContracts = crudContracts(
  dictTypeResource,
  'dictType',
  { list: DictPermission.dictList, add: DictPermission.dictAdd, edit: DictPermission.dictEdit, delete: DictPermission.dictDelete },
  { queryById: false },
);

/**
 * Dictionaries: reading options is open to every signed-in user; administering types and items
 * needs the 字典 actions. Dictionaries are site-wide (docs/dictionaries.md); table sources answer rows
 * of the session company.
 */
export const dictContract = {
  /**
   * The enabled options of a code: a registered table source (`user`, `department` …), a
   * code-defined enum, or a dictionary; an unknown plain code answers []. A code that is not a plain
   * name (`sys_user,password,id`, quotes, SQL) answers 101. `otherField` names a registered extra
   * attribute (a source's; `description` for dictionaries).
   */
  getDictItems: defineContract({
    method: 'GET',
    path: '/online/dict/getDictItems/:code',
    access: 'authenticated',
    query: dictItemsQuerySchema,
    result: z.array(dictOptionSchema),
  }),
  /** Searches a registered table source by keyword, or resolves `values` to their labels. */
  select: defineContract({
    method: 'POST',
    path: '/online/api/select/:dictUrl',
    access: 'authenticated',
    body: dictSelectBodySchema,
    result: z.array(dictOptionSchema),
  }),
  typeList: dictTypeContracts.list,
  typeAdd: dictTypeContracts.add,
  /** Optimistic lock: a stale `version` answers 101 and changes nothing. */
  typeEdit: dictTypeContracts.edit,
  /** Deletes the type and its items. */
  typeDelete: { ...dictTypeContracts.delete, body: z.object({ id: z.uuid({ message: '缺少字典ID' }) }) },
  itemList: defineContract({
    method: 'POST',
    path: '/online/dictItem/list',
    access: DictPermission.dictList,
    body: dictItemListQuerySchema,
    result: dictItemPageSchema,
  }),
  itemAdd: defineContract({
    method: 'POST',
    path: '/online/dictItem/add',
    access: DictPermission.dictAdd,
    body: dictItemCreateSchema,
    result: dictItemSchema,
    successMessage: DictText.added,
  }),
  itemEdit: defineContract({
    method: 'POST',
    path: '/online/dictItem/edit',
    access: DictPermission.dictEdit,
    body: dictItemEditSchema,
    result: dictItemSchema,
    successMessage: DictText.edited,
  }),
  itemDelete: defineContract({
    method: 'POST',
    path: '/online/dictItem/delete',
    access: DictPermission.dictDelete,
    body: z.object({ id: z.uuid({ message: '缺少字典项ID' }) }),
    result: z.null(),
    successMessage: DictText.deleted,
  }),
};

/** The path of getDictItems for one code (the contract's path has a `:code` parameter). */
export function dictItemsPath(code: string): string {
  return dictContract.getDictItems.path.replace(':code', encodeURIComponent(code));
}

export function dictSelectPath(dictUrl: string): string {
  return dictContract.select.path.replace(':dictUrl', encodeURIComponent(dictUrl));
}
