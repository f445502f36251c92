import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { NurseAssignmentListQuery, NurseAssignmentStatus } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';

// 派工单 queries; `r` is the alias the data rules filter (nurse-assignment.rules.ts).

const sortColumns = { startDate: 'r.start_date', createdAt: 'r.created_at', assignmentNo: 'r.assignment_no' } as const;

const columns = [
  'r.id', 'r.assignment_no', 'r.nurse_id', 'n.name as nurse_name', 'n.nurse_no', 'r.order_id', 'o.order_no', 'r.customer_id', 'cu.name as customer_name',
  'r.store_id', 'st.name as store_name', 'r.service_form', 'r.address', 'r.start_date', 'r.end_date', 'r.daily_rate', 'r.actual_start', 'r.actual_end',
  'r.status', 'r.replaces_id', 'p.assignment_no as replaces_no', 'r.cancel_reason', 'r.remark', 'r.audited_at', 'r.created_by', 'r.version', 'r.created_at', 'r.updated_at',
] as const;

function assignments(db: Db, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('nurse_assignment as r')
    .leftJoin('monthly_nurse as n', 'n.id', 'r.nurse_id')
    .leftJoin('sales_order as o', 'o.id', 'r.order_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .leftJoin('nurse_assignment as p', 'p.id', 'r.replaces_id')
    .where('r.company_id', '=', companyId)
    .where(scope);
}

export function findAssignment(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return assignments(db, companyId, scope).select(columns).where('r.id', '=', id).executeTakeFirst();
}
export type AssignmentRow = NonNullable<Awaited<ReturnType<typeof findAssignment>>>;

function filtered(db: Db, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseAssignmentListQuery>) {
  let query = assignments(db, companyId, scope);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.nurseId) query = query.where('r.nurse_id', '=', q.nurseId);
  if (q.serviceForm) query = query.where('r.service_form', '=', q.serviceForm);
  if (q.nurseName) {
    const like = `%${escapeLike(q.nurseName)}%`;
    query = query.where((eb) => eb.or([eb('n.name', 'like', like), eb('n.nurse_no', 'like', like)]));
  }
  if (q.keyword) {
    const like = `%${escapeLike(q.keyword)}%`;
    query = query.where((eb) => eb.or([eb('cu.name', 'like', like), eb('o.order_no', 'like', like), eb('r.assignment_no', 'like', like)]));
  }
  // Planned days [start, end) touching [from, to] (inclusive).
  if (q.from) query = query.where('r.end_date', '>', q.from);
  if (q.to) query = query.where('r.start_date', '<=', q.to);
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<NurseAssignmentListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'startDate'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')}`).orderBy('r.id');
}

export function pageAssignments(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: NurseAssignmentListQuery) {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns), query.select('r.id'), q);
}

export function exportAssignments(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<NurseAssignmentListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).limit(limit).execute();
}

/** The row a move acts on, in the caller's scope, locked. */
export function lockAssignment(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db
    .selectFrom('nurse_assignment as r')
    .selectAll('r')
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', id)
    .where(scope)
    .forUpdate()
    .executeTakeFirst();
}
export type LockedAssignment = NonNullable<Awaited<ReturnType<typeof lockAssignment>>>;

/** Whether the row is in `scope` (a new one written outside the caller's stores is refused). */
export async function inScope(db: Db, companyId: string, scope: Expression<SqlBool>, id: string): Promise<boolean> {
  return Boolean(await db.selectFrom('nurse_assignment as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).executeTakeFirst());
}

export interface AssignmentValues {
  nurseId: string;
  orderId: string | null;
  customerId: string;
  storeId: string;
  serviceForm: string;
  address: string;
  startDate: string;
  endDate: string;
  dailyRate: string;
  remark: string;
}

export async function insertAssignment(db: Db, actor: Actor, no: string, v: AssignmentValues, extra: { status?: NurseAssignmentStatus; replacesId?: string | null; auditedAt?: Date | null } = {}): Promise<string> {
  const row = await db
    .insertInto('nurse_assignment')
    .values({
      company_id: actor.companyId,
      assignment_no: no,
      nurse_id: v.nurseId,
      order_id: v.orderId,
      customer_id: v.customerId,
      store_id: v.storeId,
      service_form: v.serviceForm,
      address: v.address,
      start_date: v.startDate,
      end_date: v.endDate,
      daily_rate: v.dailyRate,
      remark: v.remark,
      status: extra.status ?? 'pending_audit',
      replaces_id: extra.replacesId ?? null,
      audited_by: extra.auditedAt ? actor.userId : null,
      audited_at: extra.auditedAt ?? null,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAssignment(db: Db, actor: Actor, id: string, v: AssignmentValues): Promise<void> {
  await db
    .updateTable('nurse_assignment')
    .set({
      nurse_id: v.nurseId,
      order_id: v.orderId,
      customer_id: v.customerId,
      store_id: v.storeId,
      service_form: v.serviceForm,
      address: v.address,
      start_date: v.startDate,
      end_date: v.endDate,
      daily_rate: v.dailyRate,
      remark: v.remark,
      updated_by: actor.userId,
      updated_at: new Date(),
      version: sql<number>`version + 1`,
    })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
}

/** Whether the nurse has another assignment 服务中 (she stays 上户中 after this one's 下户). */
export async function otherInService(db: Db, companyId: string, nurseId: string, exceptId: string): Promise<boolean> {
  return Boolean(
    await db.selectFrom('nurse_assignment').select('id').where('company_id', '=', companyId).where('nurse_id', '=', nurseId).where('status', '=', 'in_service').where('id', '<>', exceptId).executeTakeFirst(),
  );
}

/** Orders 派工 may name (已确认 / 已入住) in `scope` (the order module's, alias `r`), by order no or customer name. */
export function pickableOrders(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: { keyword: string; storeId?: string }) {
  let query = db
    .selectFrom('sales_order as r')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .select(['r.id', 'r.order_no', 'r.customer_id', 'cu.name as customer_name', 'r.store_id', 'r.status', 'r.planned_check_in', 'r.days'])
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

/** Live assignments whose busy days (SQL nurse_assignment_busy) touch [from, to), with the customer's name. */
export function busyRows(db: Db, companyId: string, q: { nurseIds?: string[]; from: string; to: string }) {
  let query = db
    .selectFrom('nurse_assignment as a')
    .innerJoin('customer as c', 'c.id', 'a.customer_id')
    .select(['a.id', 'a.nurse_id', 'a.assignment_no', 'a.status', 'a.start_date', 'a.end_date', 'a.actual_start', 'a.actual_end', 'c.name as customer_name'])
    .where('a.company_id', '=', companyId)
    .where('a.status', '<>', 'cancelled')
    .where(sql<SqlBool>`nurse_assignment_busy(a.status, a.start_date, a.end_date, a.actual_start, a.actual_end) && daterange(${q.from}::date, ${q.to}::date, '[)')`);
  if (q.nurseIds) query = query.where('a.nurse_id', 'in', q.nurseIds);
  return query.orderBy('a.nurse_id').orderBy('a.start_date').execute();
}

/** One assignment of the company as other modules work with it, optionally locked. */
export function workRow(db: Db, companyId: string, id: string, lock: boolean) {
  const q = db
    .selectFrom('nurse_assignment as a')
    .select(['a.id', 'a.assignment_no', 'a.nurse_id', 'a.customer_id', 'a.order_id', 'a.store_id', 'a.service_form', 'a.start_date', 'a.end_date', 'a.actual_start', 'a.actual_end', 'a.daily_rate', 'a.status'])
    .where('a.company_id', '=', companyId)
    .where('a.id', '=', id);
  return (lock ? q.forUpdate() : q).executeTakeFirst();
}
