import { sql, type Expression, type SqlBool } from 'kysely';
import { orderResource } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../../platform/time.js';

/** The list's period filters (created, planned check-in) as a scope on the kit's alias `r`. */
export function periodFilter(q: { createdFrom?: string; createdTo?: string; checkInFrom?: string; checkInTo?: string }): Expression<SqlBool> {
  const terms: Expression<SqlBool>[] = [];
  if (q.createdFrom) terms.push(sql<SqlBool>`r.created_at >= ${shanghaiDayStart(q.createdFrom)}`);
  if (q.createdTo) terms.push(sql<SqlBool>`r.created_at < ${shanghaiDayAfter(q.createdTo)}`);
  if (q.checkInFrom) terms.push(sql<SqlBool>`r.planned_check_in >= ${q.checkInFrom}`);
  if (q.checkInTo) terms.push(sql<SqlBool>`r.planned_check_in <= ${q.checkInTo}`);
  return terms.length ? sql<SqlBool>`(${sql.join(terms, sql` and `)})` : sql<SqlBool>`true`;
}

/** The order row in the company and the caller's scope, locked for the transaction. */
export function lockRow(db: Db, companyId: string, id: string, scope: Expression<SqlBool>) {
  return db.selectFrom('sales_order as r').selectAll('r').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).forNoKeyUpdate().executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/** Whether the row is in the caller's scope (a new order placed outside it is refused). */
export async function inScope(db: Db, companyId: string, id: string, scope: Expression<SqlBool>): Promise<boolean> {
  return Boolean(await db.selectFrom('sales_order as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).executeTakeFirst());
}

type Names = Map<string, string>;

/** Names of the referenced customers, stores, products, room types, users and channels. */
export async function namesOf(db: Db, companyId: string, ids: { customers: string[]; stores: string[]; products: string[]; roomTypes: string[]; users: string[]; channels: string[] }) {
  const by = async (table: 'customer' | 'store' | 'product' | 'room_type' | 'channel', list: string[]): Promise<Names> => {
    if (list.length === 0) return new Map();
    const found = await sql<{ id: string; name: string }>`select id::text as id, name from ${sql.table(table)} where company_id = ${companyId} and id::text in (${sql.join(list)})`.execute(db);
    return new Map(found.rows.map((r) => [r.id, r.name]));
  };
  const users: Names = ids.users.length
    ? new Map((await db.selectFrom('app_user').select(['id', 'first_name', 'username']).where('id', 'in', ids.users).execute()).map((u) => [u.id, u.first_name || u.username]))
    : new Map();
  return { customers: await by('customer', ids.customers), stores: await by('store', ids.stores), products: await by('product', ids.products), roomTypes: await by('room_type', ids.roomTypes), users, channels: await by('channel', ids.channels) };
}

/** Whether the user is an enabled member of the company (a consultant). */
export async function isEnabledMember(db: Db, companyId: string, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('app_user as u')
    .innerJoin('user_company as uc', 'uc.user_id', 'u.id')
    .select('u.id')
    .where('u.id', '=', userId)
    .where('uc.company_id', '=', companyId)
    .where('u.status', '=', 'enabled')
    .executeTakeFirst();
  return Boolean(row);
}

/** The order's recorded state changes (state_change), oldest first, with who made them. */
export function stateLog(db: Db, companyId: string, orderId: string) {
  return db
    .selectFrom('state_change as s')
    .leftJoin('app_user as u', 'u.id', 's.changed_by')
    .select(['s.id', 's.event', 's.from_state', 's.to_state', 's.reason', 's.changed_at', 'u.first_name', 'u.username'])
    .where('s.company_id', '=', companyId)
    .where('s.resource', '=', orderResource.table)
    .where('s.record_id', '=', orderId)
    .orderBy('s.changed_at')
    .orderBy('s.id')
    .execute();
}
