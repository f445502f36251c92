import { sql, type Kysely } from 'kysely';
import type { DictItemListQuery, DictTypeListQuery } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

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

// ---- 字典类型 ----

const typeColumns = ['t.id', 't.code', 't.name', 't.description', 't.version', 't.created_at', 't.updated_at'] as const;
const typeSort = { code: 't.code', name: 't.name', createdAt: 't.created_at' } as const;

function typesWithCount(db: Kysely<DB>) {
  return db
    .selectFrom('dict_type as t')
    .select(typeColumns)
    .select((eb) => eb.selectFrom('dict_item as i').select((e) => e.fn.countAll<number>().as('n')).whereRef('i.dict_type_id', '=', 't.id').as('item_count'));
}

export type TypeRow = Awaited<ReturnType<typeof findType>> & object;

export function findType(db: Kysely<DB>, id: string) {
  return typesWithCount(db).where('t.id', '=', id).executeTakeFirst();
}

export async function pageTypes(db: Kysely<DB>, q: DictTypeListQuery): Promise<{ rows: TypeRow[]; total: number }> {
  let filtered = db.selectFrom('dict_type as t');
  if (q.code) filtered = filtered.where('t.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) filtered = filtered.where('t.name', 'ilike', `%${escapeLike(q.name)}%`);
  let rowsQuery = typesWithCount(db);
  if (q.code) rowsQuery = rowsQuery.where('t.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) rowsQuery = rowsQuery.where('t.name', 'ilike', `%${escapeLike(q.name)}%`);
  const [rows, count] = await Promise.all([
    rowsQuery
      .orderBy(typeSort[q.column ?? 'code'], q.order ?? 'asc')
      .orderBy('t.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function typeCodeTaken(db: Kysely<DB>, code: string): Promise<boolean> {
  return Boolean(await db.selectFrom('dict_type').select('id').where('code', '=', code).executeTakeFirst());
}

export async function insertType(db: Kysely<DB>, userId: string | null, values: { code: string; name: string; description: string }): Promise<string> {
  const row = await db
    .insertInto('dict_type')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Updates only when `version` is current; answers whether a row changed. */
export async function updateType(db: Kysely<DB>, userId: string, id: string, version: number, values: { name: string; description: string }): Promise<boolean> {
  const result = await db
    .updateTable('dict_type')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteType(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dict_type').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
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
  const [rows, count] = await Promise.all([
    query
      .select(itemColumns)
      .orderBy(itemSort[q.column ?? 'sort'], q.order ?? 'asc')
      .orderBy('i.value')
      .orderBy('i.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
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

export async function updateItem(db: Kysely<DB>, userId: string, id: string, version: number, values: ItemValues): Promise<boolean> {
  const result = await db
    .updateTable('dict_item')
    .set({ ...values, updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteItem(db: Kysely<DB>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('dict_item').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}
