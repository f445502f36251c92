import type { Kysely } from 'kysely';
import type { DictItemListQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { updateVersionedRow } from '../../platform/db/company-rows.js';

// ---- reading items for options (cached by dict.cache.ts) ----

/** Bumped by a trigger on every change to dict_type or dict_item. */
export async function dictVersion(db: Kysely<DB>): Promise<number> {
  const row = await db.selectFrom('dict_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
  return Number(row.version);
}

export interface OptionRow {
  value: string;
  label: string;
  color: string;
  enabled: boolean;
  description: string;
}

/** Every item of the dictionary `code` in display order, or undefined when there is no such dictionary. */
export async function itemsOfCode(db: Kysely<DB>, code: string): Promise<OptionRow[] | undefined> {
  const type = await db.selectFrom('dict_type').select('id').where('code', '=', code).executeTakeFirst();
  if (!type) return undefined;
  return db
    .selectFrom('dict_item')
    .select(['value', 'label', 'color', 'enabled', 'description'])
    .where('dict_type_id', '=', type.id)
    .orderBy('sort')
    .orderBy('value')
    .execute();
}

// ---- 字典类型 (the kit's crudRepo holds the rest) ----

export async function typeExists(db: Kysely<DB>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('dict_type').select('id').where('id', '=', id).executeTakeFirst());
}

/** Number of items of each type (the list's 字典项 column). */
export async function itemCounts(db: Kysely<DB>, typeIds: string[]): Promise<Map<string, number>> {
  if (!typeIds.length) return new Map();
  const rows = await db
    .selectFrom('dict_item')
    .select(['dict_type_id', (eb) => eb.fn.countAll<number>().as('n')])
    .where('dict_type_id', 'in', typeIds)
    .groupBy('dict_type_id')
    .execute();
  return new Map(rows.map((r) => [r.dict_type_id, Number(r.n)]));
}

// ---- 字典项 ----

const itemColumns = [
  'i.id',
  'i.dict_type_id',
  'i.value',
  'i.label',
  'i.color',
  'i.sort',
  'i.enabled',
  'i.description',
  'i.version',
  'i.created_at',
  'i.updated_at',
] as const;
const itemSort = { sort: 'i.sort', value: 'i.value', label: 'i.label', createdAt: 'i.created_at' } as const;

export type ItemRow = Awaited<ReturnType<typeof findItem>> & object;

export function findItem(db: Kysely<DB>, id: string) {
  return db.selectFrom('dict_item as i').select(itemColumns).where('i.id', '=', id).executeTakeFirst();
}

export async function pageItems(db: Kysely<DB>, q: DictItemListQuery): Promise<{ rows: ItemRow[]; total: number }> {
  let query = db.selectFrom('dict_item as i').where('i.dict_type_id', '=', q.dictTypeId);
  if (q.label) query = query.where('i.label', 'ilike', `%${escapeLike(q.label)}%`);
  if (q.value) query = query.where('i.value', 'ilike', `%${escapeLike(q.value)}%`);
  if (q.enabled !== undefined) query = query.where('i.enabled', '=', q.enabled);
  return pageWithCappedCount(db, query.select(itemColumns).orderBy(itemSort[q.column ?? 'sort'], q.order ?? 'asc').orderBy('i.value').orderBy('i.id'), query, q);
}

export async function itemValueTaken(db: Kysely<DB>, dictTypeId: string, value: string): Promise<boolean> {
  return Boolean(await db.selectFrom('dict_item').select('id').where('dict_type_id', '=', dictTypeId).where('value', '=', value).executeTakeFirst());
}

interface ItemValues {
  label: string;
  color: string;
  sort: number;
  enabled: boolean;
  description: string;
}

export async function insertItem(db: Kysely<DB>, userId: string | null, values: ItemValues & { dict_type_id: string; value: string }): Promise<string> {
  const row = await db
    .insertInto('dict_item')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertItems(db: Kysely<DB>, rows: (ItemValues & { dict_type_id: string; value: string })[]): Promise<void> {
  if (rows.length) await db.insertInto('dict_item').values(rows).execute();
}

export function updateItem(db: Kysely<DB>, userId: string, id: string, version: number, values: ItemValues): Promise<boolean> {
  return updateVersionedRow(db, 'dict_item', { id, userId, version }, values);
}

export async function deleteItem(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dict_item').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
