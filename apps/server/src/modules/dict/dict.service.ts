import type { Kysely } from 'kysely';
import {
  DICT_CODE_PATTERN,
  DictEnums,
  DictText,
  isDictEnumCode,
  toDictOption,
  toPageResult,
  type DictItem,
  type DictItemCreate,
  type DictItemEdit,
  type DictItemListQuery,
  type DictOption,
  type DictSelectBody,
  dictTypeResource,
  type DictType,
  type DictTypeCreate,
  type DictTypeEdit,
  type DictTypeListQuery,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { crudService } from '../../platform/crud/crud-service.js';
import { uniqueViolation } from '../../platform/crud/crud-repo.js';
import { dictCacheFor } from './dict.cache.js';
import { findDictSource, type DictSourceDef } from './dict-source.registry.js';
import * as repo from './dict.repo.js';
import { recordMapper } from '../../platform/db/records.js';
import './dict.sources.js';

/** Most options getDictItems answers for a table source (a select that needs more searches instead). */
export const SOURCE_ITEMS_LIMIT = 1000;
/** The extra attribute dictionaries offer through `otherField`. */
const DICT_OTHER_FIELDS = ['description'] as const;

function assertPlainCode(code: string): void {
  if (!DICT_CODE_PATTERN.test(code)) throw new BizError(DictText.badCode);
}

function sourceOtherField(source: DictSourceDef, otherField: string | undefined): string | undefined {
  if (!otherField) return undefined;
  if (!source.otherFields.includes(otherField)) throw new BizError(DictText.badOtherField);
  return otherField;
}

/**
 * The options of a dictionary or a code-defined enum, from the cache; disabled dictionary items are
 * included with `disabled: true` so that old values still show their label. Undefined: no such code.
 */
export async function codeOptions(db: Kysely<DB>, code: string, otherField?: string): Promise<DictOption[] | undefined> {
  if (isDictEnumCode(code)) {
    if (otherField) throw new BizError(DictText.badOtherField);
    return DictEnums[code].items.map((i) => toDictOption(i.value, i.label, i.color));
  }
  if (otherField && !(DICT_OTHER_FIELDS as readonly string[]).includes(otherField)) throw new BizError(DictText.badOtherField);
  const rows = await dictCacheFor(db).items(code);
  return rows?.map((r) => ({
    ...toDictOption(r.value, r.label, r.color, otherField ? r.description : undefined),
    ...(r.enabled ? {} : { disabled: true }),
  }));
}

/**
 * `getDictItems/{code}`: a registered table source (rows of the session company), a code-defined enum
 * or a dictionary; an unknown plain code gives []. Anything but a plain code is refused before any query.
 */
export async function getDictItems(db: Kysely<DB>, session: SessionInfo, code: string, otherField?: string): Promise<DictOption[]> {
  assertPlainCode(code);
  const source = findDictSource(code);
  if (source) return source.load(db, session, { limit: SOURCE_ITEMS_LIMIT, otherField: sourceOtherField(source, otherField) });
  return (await codeOptions(db, code, otherField)) ?? [];
}

/** `/online/api/select/{dictUrl}`: search a registered table source or resolve values to labels. */
export async function selectOptions(db: Kysely<DB>, session: SessionInfo, dictUrl: string, body: DictSelectBody): Promise<DictOption[]> {
  assertPlainCode(dictUrl);
  const source = findDictSource(dictUrl);
  if (!source) throw new BizError(DictText.unknownSource);
  return source.load(db, session, {
    keyword: body.keyword ? body.keyword : undefined,
    values: body.values,
    limit: body.pageSize ?? 50,
    otherField: sourceOtherField(source, body.otherField),
  });
}

/** value → label of a dictionary or enum, for exports and messages; unknown values map to themselves. */
export async function dictLabeler(db: Kysely<DB>, code: string): Promise<(value: string | null | undefined) => string> {
  const labels = new Map((await codeOptions(db, code))?.map((o) => [o.value, o.label]));
  return (value) => (value == null ? '' : (labels.get(value) ?? value));
}

/** Compares values of a dictionary or enum in its display order (item sort); unknown values last, by value. */
export async function dictOrder(db: Kysely<DB>, code: string): Promise<(a: string, b: string) => number> {
  const rank = new Map((await codeOptions(db, code))?.map((o, i) => [o.value, i]));
  const of = (v: string) => rank.get(v) ?? Number.MAX_SAFE_INTEGER;
  return (a, b) => of(a) - of(b) || a.localeCompare(b);
}

// ---- 字典类型 ----

function assertCodeAvailable(code: string): void {
  if (isDictEnumCode(code)) throw new BizError(DictText.codeIsEnum);
  if (findDictSource(code)) throw new BizError(DictText.codeIsSource);
}

/** 字典类型 on the kit, with each type's item count and the options cache forgotten after every write. */
export function dictTypeService(db: Kysely<DB>) {
  const crud = crudService(db, dictTypeResource, {
    unique: [{ field: 'code', message: DictText.codeTaken }],
    beforeWrite: async (_trx, _session, values) => {
      if (typeof values.code === 'string') assertCodeAvailable(values.code);
    },
  });
  const counted = async (records: Record<string, unknown>[]) => {
    const counts = await repo.itemCounts(db, records.map((r) => r.id as string));
    return records.map((r) => ({ ...r, itemCount: counts.get(r.id as string) ?? 0 }) as DictType);
  };
  const one = async (record: Record<string, unknown>) => (await counted([record]))[0]!;
  const changed = <T>(result: T): T => {
    dictCacheFor(db).invalidate();
    return result;
  };
  return {
    async list(session: SessionInfo, q: DictTypeListQuery) {
      const page = await crud.list(session, q);
      return { ...page, records: await counted(page.records) };
    },
    add: async (session: SessionInfo, input: DictTypeCreate) => changed(await one(await crud.add(session, input))),
    edit: async (session: SessionInfo, input: DictTypeEdit) => changed(await one(await crud.edit(session, input))),
    remove: async (session: SessionInfo, id: string) => changed(await crud.remove(session, id)),
  };
}

// ---- 字典项 ----

export async function pageItems(db: Kysely<DB>, q: DictItemListQuery): Promise<PageResult<DictItem>> {
  const { rows, total } = await repo.pageItems(db, q);
  return toPageResult(rows.map(toItem), total, q);
}

export async function addItem(db: Kysely<DB>, session: SessionInfo, input: DictItemCreate): Promise<DictItem> {
  const { dictTypeId, value, ...values } = input;
  const id = await db.transaction().execute(async (trx) => {
    if (!(await repo.typeExists(trx, dictTypeId))) throw new BizError(DictText.typeMissing);
    if (await repo.itemValueTaken(trx, dictTypeId, value)) throw new BizError(DictText.valueTaken);
    return repo.insertItem(trx, session.userId, { ...values, dict_type_id: dictTypeId, value }).catch(uniqueViolation(DictText.valueTaken));
  });
  dictCacheFor(db).invalidate();
  return toItem((await repo.findItem(db, id))!);
}

export async function editItem(db: Kysely<DB>, session: SessionInfo, input: DictItemEdit): Promise<DictItem> {
  const { id, version, ...values } = input;
  await db.transaction().execute(async (trx) => {
    const current = await repo.findItem(trx, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    if (!(await repo.updateItem(trx, session.userId, id, version, values))) throw new StaleVersion();
  });
  dictCacheFor(db).invalidate();
  return toItem((await repo.findItem(db, id))!);
}

export async function deleteItem(db: Kysely<DB>, id: string): Promise<null> {
  if (!(await repo.deleteItem(db, id))) throw new NotFound();
  dictCacheFor(db).invalidate();
  return null;
}

const toItem = recordMapper<DictItem>();
