import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Consumable, ServiceOrderListQuery } from '@care/shared';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter as dayAfter, shanghaiDayStart as dayStart } from '../../platform/time.js';

const sortColumns = { scheduledAt: 'so.scheduled_at', createdAt: 'so.created_at', serviceNo: 'so.service_no' } as const;

const columns = [
  'so.id', 'so.service_no', 'so.order_id', 'o.order_no', 'so.customer_id', 'cu.name as customer_name', 'so.store_id', 'st.name as store_name',
  'so.subject', 'so.baby_id', 'b.name as baby_name', 'so.service_item', 'so.source', 'so.quantity', 'so.scheduled_at', 'so.executor_id',
  'ex.first_name as executor_name', 'so.nurse_id', 'so.status', 'so.result', 'so.consumables', 'so.started_at', 'so.completed_at',
  'so.cancel_reason', 'so.remark', 'so.version', 'so.created_at', 'so.updated_at',
] as const;

function serviceOrders(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('service_order as so')
    .leftJoin('sales_order as o', 'o.id', 'so.order_id')
    .leftJoin('customer as cu', 'cu.id', 'so.customer_id')
    .leftJoin('store as st', 'st.id', 'so.store_id')
    .leftJoin('baby as b', 'b.id', 'so.baby_id')
    .leftJoin('app_user as ex', 'ex.id', 'so.executor_id')
    .where('so.company_id', '=', companyId)
    .where(scope);
}

export type ServiceOrderRow = NonNullable<Awaited<ReturnType<typeof findServiceOrder>>>;

export function findServiceOrder(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return serviceOrders(db, companyId, scope).select(columns).where('so.id', '=', id).executeTakeFirst();
}

export function findServiceOrders(db: Kysely<DB>, companyId: string, ids: string[]) {
  return serviceOrders(db, companyId, sql<SqlBool>`true`).select(columns).where('so.id', 'in', ids).orderBy('so.scheduled_at').orderBy('so.id').execute();
}

function filtered(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<ServiceOrderListQuery>) {
  let query = serviceOrders(db, companyId, scope);
  if (q.serviceNo) query = query.where('so.service_no', 'like', `%${escapeLike(q.serviceNo)}%`);
  if (q.storeId) query = query.where('so.store_id', '=', q.storeId);
  if (q.status) query = query.where('so.status', '=', q.status);
  if (q.subject) query = query.where('so.subject', '=', q.subject);
  if (q.serviceItem) query = query.where('so.service_item', '=', q.serviceItem);
  if (q.source) query = query.where('so.source', '=', q.source);
  if (q.executorId) query = query.where('so.executor_id', '=', q.executorId);
  if (q.customerId) query = query.where('so.customer_id', '=', q.customerId);
  if (q.orderId) query = query.where('so.order_id', '=', q.orderId);
  if (q.customerName) query = query.where('cu.name', 'like', `%${escapeLike(q.customerName)}%`);
  if (q.orderNo) query = query.where('o.order_no', 'like', `%${escapeLike(q.orderNo)}%`);
  if (q.dateFrom) query = query.where('so.scheduled_at', '>=', dayStart(q.dateFrom));
  if (q.dateTo) query = query.where('so.scheduled_at', '<', dayAfter(q.dateTo));
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<ServiceOrderListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'scheduledAt'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}`).orderBy('so.id');
}

export function pageServiceOrders(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: ServiceOrderListQuery) {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns), query.select('so.id'), q);
}

export function exportServiceOrders(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<ServiceOrderListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).limit(limit).execute();
}

/** A customer's services the caller may see, latest scheduled first (the 360 page). */
export function ofCustomer(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, customerId: string, limit: number) {
  return serviceOrders(db, companyId, scope).select(columns).where('so.customer_id', '=', customerId).orderBy('so.scheduled_at', 'desc').orderBy('so.id').limit(limit).execute();
}

/** The order fields services depend on (its package snapshot, its days), in `scope` (the order module's, alias `r`). */
export function orderForServices(db: Kysely<DB>, companyId: string, orderId: string, scope: Expression<SqlBool> = sql<SqlBool>`true`) {
  return db
    .selectFrom('sales_order as r')
    .select(['r.id', 'r.customer_id', 'r.store_id', 'r.product_snapshot', 'r.checked_in_at', 'r.planned_check_in'])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', orderId)
    .where(scope)
    .executeTakeFirst();
}

/** Orders services may be scheduled under (已确认 / 已入住) in `scope` (the order module's, alias `r`), by order no or customer name. */
export function servableOrders(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: { keyword: string; storeId?: string }) {
  let query = db
    .selectFrom('sales_order as r')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .select(['r.id', 'r.order_no', 'r.customer_id', 'cu.name as customer_name', 'r.store_id', 'r.status', sql<string | null>`r.product_snapshot->>'name'`.as('product_name')])
    .where('r.company_id', '=', companyId)
    .where('r.status', 'in', ['confirmed', 'checked_in'])
    .where(scope);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('r.order_no', 'like', like), eb('cu.name', 'like', like)]));
  }
  return query.orderBy('r.created_at', 'desc').orderBy('r.id').limit(50).execute();
}

/** Completed 套餐内 quantities of an order per service item (what the package allowance has used). */
export async function usedByItem(db: Kysely<DB>, companyId: string, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom('service_order')
    .select(['service_item', sql<string>`sum(quantity)`.as('used')])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('source', '=', 'package')
    .where('status', '=', 'completed')
    .groupBy('service_item')
    .execute();
  return new Map(rows.map((r) => [r.service_item, Number(r.used)]));
}

/** The row a move acts on, unlocked (its order is locked first). */
export function serviceOrderHead(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db
    .selectFrom('service_order as so')
    .select(['so.id', 'so.order_id', 'so.store_id', 'so.service_item', 'so.source', 'so.quantity'])
    .where('so.company_id', '=', companyId)
    .where('so.id', '=', id)
    .where(scope)
    .executeTakeFirst();
}

export interface NewServiceOrder {
  serviceNo: string;
  orderId: string;
  customerId: string;
  storeId: string;
  subject: 'mother' | 'baby';
  babyId: string | null;
  serviceItem: string;
  source: 'package' | 'extra';
  quantity: number;
  scheduledAt: Date;
  executorId: string | null;
  nurseId: string | null;
  remark: string;
}

export async function insertServiceOrder(db: Kysely<DB>, companyId: string, userId: string, v: NewServiceOrder): Promise<string> {
  const row = await db
    .insertInto('service_order')
    .values({
      company_id: companyId,
      service_no: v.serviceNo,
      order_id: v.orderId,
      customer_id: v.customerId,
      store_id: v.storeId,
      subject: v.subject,
      baby_id: v.babyId,
      service_item: v.serviceItem,
      source: v.source,
      quantity: v.quantity,
      scheduled_at: v.scheduledAt,
      executor_id: v.executorId,
      nurse_id: v.nurseId,
      remark: v.remark,
      consumables: JSON.stringify([] satisfies Consumable[]),
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
