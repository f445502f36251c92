import { sql, type Kysely } from 'kysely';
import type { StoreListQuery } from '@care/shared';
import { executePrepared } from '../../platform/db/prepared.js';
import type { DB } from '../../platform/db/schema.js';
import { setCompanyRowEnabled, updateCompanyRow } from '../../platform/db/company-rows.js';
import { escapeLike } from '../../platform/db/like.js';

const sortColumns = { code: 's.code', name: 's.name', sort: 's.sort', createdAt: 's.created_at' } as const;

function stores(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('store as s')
    .leftJoin('store as p', 'p.id', 's.parent_id')
    .leftJoin('app_user as m', 'm.id', 's.manager_id')
    .where('s.company_id', '=', companyId);
}

const columns = [
  's.id', 's.code', 's.name', 's.parent_id', 'p.name as parent_name', 's.manager_id', 'm.first_name as manager_name', 's.phone', 's.address',
  's.region', 's.modes', 's.enabled', 's.sort', 's.version', 's.created_at', 's.updated_at',
] as const;

export type StoreRow = Awaited<ReturnType<typeof findStore>> & object;

export function findStore(db: Kysely<DB>, companyId: string, id: string) {
  return stores(db, companyId).select(columns).where('s.id', '=', id).executeTakeFirst();
}

export async function pageStores(db: Kysely<DB>, companyId: string, q: StoreListQuery): Promise<{ rows: StoreRow[]; total: number }> {
  let query = stores(db, companyId);
  if (q.code) query = query.where('s.code', 'ilike', `%${escapeLike(q.code)}%`);
  if (q.name) query = query.where('s.name', 'ilike', `%${escapeLike(q.name)}%`);
  if (q.region) query = query.where('s.region', 'ilike', `%${escapeLike(q.region)}%`);
  if (q.enabled !== undefined) query = query.where('s.enabled', '=', q.enabled);
  const [rows, count] = await Promise.all([
    query
      .select(columns)
      .orderBy(sortColumns[q.column ?? 'sort'], q.order ?? 'asc')
      .orderBy('s.code')
      .orderBy('s.id')
      .limit(q.pageSize)
      .offset((q.pageNo - 1) * q.pageSize)
      .execute(),
    query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function codeTaken(db: Kysely<DB>, companyId: string, code: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('store').select('id').where('company_id', '=', companyId).where(sql<boolean>`lower(code) = ${code.toLowerCase()}`);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return Boolean(await query.executeTakeFirst());
}

/** Ids of the store and every store below it. */
export async function subtreeIds(db: Kysely<DB>, companyId: string, id: string): Promise<string[]> {
  const result = await sql<{ id: string }>`
    with recursive t as (
      select id from store where id = ${id} and company_id = ${companyId}
      union
      select s.id from store s join t on s.parent_id = t.id where s.company_id = ${companyId}
    ) select id from t`.execute(db);
  return result.rows.map((r) => r.id);
}

export async function storeExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('store').select('id').where('company_id', '=', companyId).where('id', '=', id).executeTakeFirst());
}

/** How many of the ids are users of the company. */
export async function countCompanyUsers(db: Kysely<DB>, companyId: string, ids: string[]): Promise<number> {
  if (!ids.length) return 0;
  const row = await db
    .selectFrom('user_company')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('company_id', '=', companyId)
    .where('user_id', 'in', ids)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

type StoreValues = {
  code: string;
  name: string;
  parentId: string | null;
  managerId: string | null;
  phone: string;
  address: string;
  region: string;
  modes: string[];
  enabled: boolean;
  sort: number;
};

const toColumns = (v: StoreValues) => ({
  code: v.code,
  name: v.name,
  parent_id: v.parentId,
  manager_id: v.managerId,
  phone: v.phone,
  address: v.address,
  region: v.region,
  modes: v.modes,
  enabled: v.enabled,
  sort: v.sort,
});

export async function insertStore(db: Kysely<DB>, companyId: string, userId: string, values: StoreValues): Promise<string> {
  const row = await db
    .insertInto('store')
    .values({ ...toColumns(values), company_id: companyId, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export function updateStore(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, values: StoreValues): Promise<boolean> {
  return updateCompanyRow(db, 'store', { companyId, userId, id, version }, toColumns(values));
}

export function setEnabled(db: Kysely<DB>, companyId: string, userId: string, id: string, enabled: boolean): Promise<boolean> {
  return setCompanyRowEnabled(db, 'store', { companyId, userId, id }, enabled);
}

export function storeUsers(db: Kysely<DB>, storeId: string) {
  return db
    .selectFrom('user_store as us')
    .innerJoin('app_user as u', 'u.id', 'us.user_id')
    .select(['u.id', 'u.username', 'u.first_name'])
    .where('us.store_id', '=', storeId)
    .orderBy('u.username')
    .execute();
}

export async function replaceStoreUsers(db: Kysely<DB>, storeId: string, userIds: string[]): Promise<void> {
  await db.deleteFrom('user_store').where('store_id', '=', storeId).execute();
  if (userIds.length) await db.insertInto('user_store').values(userIds.map((userId) => ({ user_id: userId, store_id: storeId }))).execute();
}

export function storeOptions(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('store').select(['id', 'name', 'code']).where('company_id', '=', companyId).where('enabled', '=', true).orderBy('sort').orderBy('code').execute();
}

/** The stores of the company a user works in (user_store) or manages. */
// Runs for every data-ruled request of a 店长 (#{sys_store_ids}): a prepared statement.
export async function storeIdsOfUser(db: Kysely<DB>, userId: string, companyId: string): Promise<string[]> {
  const query = db
    .selectFrom('store as s')
    .select('s.id')
    .where('s.company_id', '=', companyId)
    .where((eb) => eb.or([eb('s.manager_id', '=', userId), eb('s.id', 'in', eb.selectFrom('user_store').select('store_id').where('user_id', '=', userId))]))
    .orderBy('s.id');
  const { rows } = await executePrepared(db, query.compile());
  return rows.map((r) => r.id);
}
