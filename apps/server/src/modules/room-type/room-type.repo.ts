import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

/** The tables of a store's rows (a room type, a room) and the column unique within a store. */
export interface StoreOwnedTable {
  table: 'room_type' | 'room';
  unique: 'code' | 'room_no';
}

/** Whether another row of the store holds `value` in the table's unique column. */
export async function takenInStore(db: Db, t: StoreOwnedTable, key: { companyId: string; storeId: string; value: unknown; exceptId?: string }): Promise<boolean> {
  const found = await sql<{ id: string }>`
    select id from ${sql.table(t.table)}
    where company_id = ${key.companyId} and store_id = ${key.storeId} and ${sql.ref(t.unique)} = ${key.value}
      ${key.exceptId ? sql`and id <> ${key.exceptId}` : sql``}
    limit 1`.execute(db);
  return found.rows.length > 0;
}

/** Whether the row just written is one the caller's scope (alias `r`) lets them see. */
export async function visibleInScope(db: Db, table: StoreOwnedTable['table'], id: string, scope: Expression<SqlBool>): Promise<boolean> {
  const found = await sql<{ id: string }>`select r.id from ${sql.table(table)} as r where r.id = ${id} and ${scope}`.execute(db);
  return found.rows.length > 0;
}

/** Names of stores of the company by id. */
export async function storeNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('store').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** Enabled room types of the company within `scope` (alias `r`; of one store when given), in the list's order. */
export function roomTypeOptions(db: Db, companyId: string, scope: Expression<SqlBool>, storeId?: string) {
  let query = db
    .selectFrom('room_type as r')
    .select(['r.id', 'r.name', 'r.code', 'r.store_id', 'r.daily_price'])
    .where('r.company_id', '=', companyId)
    .where('r.enabled', '=', true)
    .where(scope);
  if (storeId) query = query.where('r.store_id', '=', storeId);
  return query.orderBy('r.sort').orderBy('r.code').execute();
}

/** The room type when it is an enabled one of the store. */
export function enabledRoomTypeOfStore(db: Db, companyId: string, storeId: string, id: string) {
  return db.selectFrom('room_type').select(['id', 'name']).where('company_id', '=', companyId).where('store_id', '=', storeId).where('id', '=', id).where('enabled', '=', true).executeTakeFirst();
}

/** Names of room types of the company by id. */
export async function roomTypeNames(db: Db, companyId: string, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('room_type').select(['id', 'name']).where('company_id', '=', companyId).where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r.name]));
}
