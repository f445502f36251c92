import { sql, type Kysely } from 'kysely';
import { executePrepared } from '../../platform/db/prepared.js';
import type { DB } from '../../platform/db/schema.js';

/** Whether another store of the company has the code, in any letter case. */
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

/** The names of stores and users by id (a store's parent and manager). */
export async function namesOf(db: Kysely<DB>, companyId: string, storeIds: string[], userIds: string[]) {
  const [stores, users] = await Promise.all([
    storeIds.length ? db.selectFrom('store').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', storeIds).execute() : [],
    userIds.length ? db.selectFrom('app_user').select(['id', 'first_name as name']).where('id', 'in', userIds).execute() : [],
  ]);
  return { stores: new Map(stores.map((r) => [r.id, r.name])), users: new Map(users.map((r) => [r.id, r.name])) };
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
