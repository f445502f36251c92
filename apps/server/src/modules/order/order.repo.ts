import type { Expression, SqlBool } from 'kysely';
import { orderResource } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { ListView } from '../../platform/crud/list-view.js';

/**
 * The order list's view: the names of what an order references and its created and planned check-in
 * periods (inclusive days, Asia/Shanghai), in the page's one statement.
 */
export const orderListView: ListView = {
  names: {
    customerName: { table: 'customer', on: 'customer_id' },
    storeName: { table: 'store', on: 'store_id' },
    productName: { table: 'product', on: 'product_id' },
    roomTypeName: { table: 'room_type', on: 'room_type_id' },
    consultantName: { table: 'app_user', on: 'consultant_id', value: 'user' },
    channelName: { table: 'channel', on: 'channel_id' },
  },
  periods: [
    { from: 'createdFrom', to: 'createdTo', column: 'created_at', kind: 'instant' },
    { from: 'checkInFrom', to: 'checkInTo', column: 'planned_check_in', kind: 'date' },
  ],
};

/** The order row in the company and the caller's scope, locked for the transaction. */
export function lockRow(db: Db, companyId: string, id: string, scope: Expression<SqlBool>) {
  return db.selectFrom('sales_order as r').selectAll('r').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).forNoKeyUpdate().executeTakeFirst();
}

export type OrderRow = NonNullable<Awaited<ReturnType<typeof lockRow>>>;

/** Whether the row is in the caller's scope (a new order placed outside it is refused). */
export async function inScope(db: Db, companyId: string, id: string, scope: Expression<SqlBool>): Promise<boolean> {
  return Boolean(await db.selectFrom('sales_order as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).executeTakeFirst());
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
