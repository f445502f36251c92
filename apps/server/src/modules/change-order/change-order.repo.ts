import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { ChangeOrderKindValue } from '../../platform/db/schema-trade.js';

export type ChangeOrderRow = Awaited<ReturnType<typeof lockChangeOrder>>;

export interface NewChangeOrder {
  company_id: string;
  change_no: string;
  order_id: string | null;
  reservation_id: string | null;
  customer_id: string;
  store_id: string;
  kind: ChangeOrderKindValue;
  days?: number;
  from_room_id?: string | null;
  to_room_id?: string | null;
  from_product_id?: string | null;
  to_product_id?: string | null;
  to_product_version_id?: string | null;
  effective_date?: string | null;
  /** 调账: the receivable it adjusts (other kinds: what applying made). */
  receivable_id?: string | null;
  amount_delta: string;
  reference_delta?: string;
  discount_delta?: string;
  reason: string;
  status: 'draft' | 'pending_audit';
  approval_step: number;
  submitted_at?: Date | null;
  created_by: string;
  updated_by: string;
}

export async function insertChangeOrder(db: Db, values: NewChangeOrder): Promise<string> {
  const row = await db.insertInto('change_order').values(values).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The row in the caller's scope, locked for the rest of the transaction; undefined when not visible. */
export function lockChangeOrder(db: Db, companyId: string, id: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('change_order as r')
    .selectAll('r')
    .where('r.id', '=', id)
    .where('r.company_id', '=', companyId)
    .where(scope)
    .forUpdate()
    .executeTakeFirst();
}

export function setChangeOrder(db: Db, companyId: string, id: string, values: { approval_step?: number; submitted_at?: Date; decided_at?: Date; applied_at?: Date; receivable_id?: string | null; refund_payment_id?: string | null }) {
  return db.updateTable('change_order').set(values).where('id', '=', id).where('company_id', '=', companyId).execute();
}

export async function deleteDraft(db: Db, companyId: string, id: string): Promise<void> {
  await db.deleteFrom('change_order').where('id', '=', id).where('company_id', '=', companyId).where('status', '=', 'draft').execute();
}

export function insertApproval(db: Db, values: { company_id: string; change_order_id: string; step: number; approver_id: string; decision: 'approved' | 'rejected'; comment: string }) {
  return db.insertInto('change_order_approval').values(values).execute();
}

export function approvalsOf(db: Db, companyId: string, changeOrderId: string) {
  return db
    .selectFrom('change_order_approval as a')
    .leftJoin('app_user as u', 'u.id', 'a.approver_id')
    .select(['a.step', 'a.decision', 'a.comment', 'a.decided_at', 'u.first_name', 'u.username'])
    .where('a.company_id', '=', companyId)
    .where('a.change_order_id', '=', changeOrderId)
    .orderBy('a.step')
    .execute();
}

/**
 * Refunds of an order that compete for the money paid in and are not yet netted in it: asked for and
 * not yet decided, or approved with their refund payment still waiting for finance's audit (paidIn
 * counts audited payments only).
 */
export async function openRefundCents(db: Db, companyId: string, orderId: string, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom('change_order as r')
    .leftJoin('payment as p', 'p.id', 'r.refund_payment_id')
    .select(sql<string>`coalesce(sum(-r.amount_delta), 0)::text`.as('total'))
    .where('r.company_id', '=', companyId)
    .where('r.order_id', '=', orderId)
    .where('r.kind', '=', 'refund')
    .where((eb) => eb.or([eb('r.status', 'in', ['draft', 'pending_audit']), eb.and([eb('r.status', '=', 'approved'), eb('p.status', '=', 'pending_audit')])]));
  if (exceptId) q = q.where('r.id', '!=', exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return Math.round(Number(row.total) * 100);
}

/** 退款 change orders of an order asked for and not yet decided (draft, 待审核): they compete for its net money in. */
export async function undecidedRefundCents(db: Db, companyId: string, orderId: string, exceptId?: string): Promise<number> {
  let q = db
    .selectFrom('change_order as r')
    .select(sql<string>`coalesce(sum(-r.amount_delta), 0)::text`.as('total'))
    .where('r.company_id', '=', companyId)
    .where('r.order_id', '=', orderId)
    .where('r.kind', '=', 'refund')
    .where('r.status', 'in', ['draft', 'pending_audit']);
  if (exceptId) q = q.where('r.id', '!=', exceptId);
  const row = await q.executeTakeFirstOrThrow();
  return Math.round(Number(row.total) * 100);
}

/** Rooms of the company with their room type's daily price (the price of a 换房). */
export function roomsWithTypePrice(db: Db, companyId: string, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('room as m')
    .innerJoin('room_type as t', 't.id', 'm.room_type_id')
    .select(['m.id', 'm.room_no', 'm.store_id', 't.daily_price'])
    .where('m.company_id', '=', companyId)
    .where('m.id', 'in', ids)
    .execute();
}

/** The order's stays still to come or under way (held, booked, in house), by first night: where a 换房 moves from. */
export function activeStaysOf(db: Db, companyId: string, orderId: string) {
  return db
    .selectFrom('room_stay')
    .select(['room_id', 'start_date', 'end_date'])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', 'in', ['held', 'booked', 'in_house'])
    .orderBy('start_date')
    .execute();
}

/** Names shown beside the ids of change orders (orders, customers, stores, rooms, products). */
export async function namesOf(db: Db, companyId: string, ids: { orders: string[]; customers: string[]; stores: string[]; rooms: string[]; products: string[] }) {
  const pick = async (table: 'sales_order' | 'customer' | 'store' | 'room' | 'product', column: 'order_no' | 'name' | 'room_no', list: string[]) => {
    if (list.length === 0) return new Map<string, string>();
    const found = await sql<{ id: string; label: string }>`select id::text as id, ${sql.ref(column)} as label from ${sql.table(table)} where company_id = ${companyId} and id::text in (${sql.join(list)})`.execute(db);
    return new Map(found.rows.map((r) => [r.id, r.label]));
  };
  return {
    orders: await pick('sales_order', 'order_no', ids.orders),
    customers: await pick('customer', 'name', ids.customers),
    stores: await pick('store', 'name', ids.stores),
    rooms: await pick('room', 'room_no', ids.rooms),
    products: await pick('product', 'name', ids.products),
  };
}

/** 创建日期 from/to and an order no, change no or customer name: the list's filters beyond the resource's. */
export function listFilters(q: { createdFrom?: string; createdTo?: string; keyword?: string }): Expression<SqlBool>[] {
  const terms: Expression<SqlBool>[] = [];
  if (q.createdFrom) terms.push(sql<SqlBool>`r.created_at >= ${`${q.createdFrom}T00:00:00+08:00`}::timestamptz`);
  if (q.createdTo) terms.push(sql<SqlBool>`r.created_at < ${`${q.createdTo}T00:00:00+08:00`}::timestamptz + interval '1 day'`);
  if (q.keyword) {
    const like = `%${q.keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    terms.push(
      sql<SqlBool>`(r.change_no ilike ${like} or exists (select 1 from sales_order o where o.id = r.order_id and o.order_no ilike ${like}) or exists (select 1 from customer c where c.id = r.customer_id and c.name ilike ${like}))`,
    );
  }
  return terms;
}

/** Σ of an order's approved 续住 / 升级 lines: the nights added, their amounts and their references (cents as text). */
export async function appliedLinesOf(db: Db, companyId: string, orderId: string): Promise<{ days: number; amount: string; reference: string }> {
  const row = await db
    .selectFrom('change_order')
    .select([
      sql<number>`coalesce(sum(case when kind = 'extend' then days else 0 end), 0)::int`.as('days'),
      sql<string>`coalesce(sum(amount_delta), 0)::text`.as('amount'),
      sql<string>`coalesce(sum(reference_delta), 0)::text`.as('reference'),
    ])
    .where('company_id', '=', companyId)
    .where('order_id', '=', orderId)
    .where('status', '=', 'approved')
    .where('kind', 'in', ['extend', 'upgrade'])
    .executeTakeFirstOrThrow();
  return { days: Number(row.days), amount: row.amount, reference: row.reference };
}
