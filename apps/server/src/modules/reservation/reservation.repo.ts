import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { ReservationListQuery, VisitStatus } from '@care/shared';
import { updateVersionedRow } from '../../platform/db/company-rows.js';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';
import { shanghaiDayAfter as dayAfter, shanghaiDayStart as dayStart } from '../../platform/time.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

const sortColumns = { at: 'r.at', createdAt: 'r.created_at', reservationNo: 'r.reservation_no' } as const;

// Visit queries only ever read kind 'visit' rows, so their status is a visit's.
const visitStatus = sql<VisitStatus>`r.status`.as('status');

const columns = [
  'r.id', 'r.reservation_no', 'r.kind', visitStatus, 'r.lead_id', 'r.customer_id', 'r.store_id', 'st.name as store_name', 'r.at', 'r.visitors',
  'r.receptionist_id', 'rc.first_name as receptionist_name', 'r.owner_id', 'o.first_name as owner_name', 'r.remark', 'r.closed_at', 'r.cancel_reason',
  'r.version', 'r.created_at', 'r.updated_at',
] as const;

function reservations(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('reservation as r')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .leftJoin('app_user as rc', 'rc.id', 'r.receptionist_id')
    .leftJoin('app_user as o', 'o.id', 'r.owner_id')
    .leftJoin('lead as ld', 'ld.id', 'r.lead_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'visit')
    .where(scope);
}

const subject = [
  sql<string | null>`coalesce(cu.name, ld.name)`.as('subject_name'),
  sql<string | null>`coalesce(cu.phone, ld.phone)`.as('subject_phone'),
] as const;

export type ReservationRow = Awaited<ReturnType<typeof findReservation>> & object;

export function findReservation(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return reservations(db, companyId, scope).select(columns).select(subject).where('r.id', '=', id).executeTakeFirst();
}

function filtered(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<ReservationListQuery>) {
  let query = reservations(db, companyId, scope);
  if (q.reservationNo) query = query.where('r.reservation_no', 'like', `%${escapeLike(q.reservationNo)}%`);
  if (q.subjectName) query = query.where(sql<SqlBool>`coalesce(cu.name, ld.name) like ${`%${escapeLike(q.subjectName)}%`}`);
  if (q.subjectPhone) query = query.where(sql<SqlBool>`coalesce(cu.phone, ld.phone) like ${`${escapeLike(q.subjectPhone)}%`}`);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.ownerId) query = query.where('r.owner_id', '=', q.ownerId);
  if (q.receptionistId) query = query.where('r.receptionist_id', '=', q.receptionistId);
  if (q.leadId) query = query.where('r.lead_id', '=', q.leadId);
  if (q.customerId) query = query.where('r.customer_id', '=', q.customerId);
  if (q.dateFrom) query = query.where('r.at', '>=', dayStart(q.dateFrom));
  if (q.dateTo) query = query.where('r.at', '<', dayAfter(q.dateTo));
  if (q.createdFrom) query = query.where('r.created_at', '>=', dayStart(q.createdFrom));
  if (q.createdTo) query = query.where('r.created_at', '<', dayAfter(q.createdTo));
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<ReservationListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'at'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last`).orderBy('r.id');
}

export async function pageReservations(
  db: Kysely<DB>,
  companyId: string,
  scope: Expression<SqlBool>,
  q: ReservationListQuery,
): Promise<{ rows: ReservationRow[]; total: number }> {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns).select(subject), query, q);
}

/** The filtered list in its order, for the Excel export. */
export function exportReservations(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: Partial<ReservationListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).select(subject).limit(limit).execute();
}

/** Every visit of the date range (inclusive), oldest first. */
export function calendar(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: { from: string; to: string; storeId?: string; status?: VisitStatus }) {
  return filtered(db, companyId, scope, { dateFrom: q.from, dateTo: q.to, storeId: q.storeId, status: q.status })
    .select(columns)
    .select(subject)
    .where('r.kind', '=', 'visit')
    .orderBy('r.at')
    .orderBy('r.id')
    .limit(2000)
    .execute();
}

/** A customer's visits (its own and its leads'), latest first — for the 360 page. */
export function ofCustomer(db: Kysely<DB>, companyId: string, customerId: string, limit: number) {
  return reservations(db, companyId, sql<SqlBool>`true`)
    .select(columns)
    .select(subject)
    .where((eb) =>
      eb.or([
        eb('r.customer_id', '=', customerId),
        eb('r.lead_id', 'in', eb.selectFrom('lead as l').select('l.id').where('l.company_id', '=', companyId).where('l.customer_id', '=', customerId)),
      ]),
    )
    .orderBy('r.at', 'desc')
    .orderBy('r.id')
    .limit(limit)
    .execute();
}

/** Locks a visit that passes `scope`. */
export function lockReservation(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db
    .selectFrom('reservation as r')
    .select(['r.id', visitStatus, 'r.kind', 'r.at', 'r.version'])
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'visit')
    .where('r.id', '=', id)
    .where(scope)
    .forUpdate()
    .executeTakeFirst();
}

/** The 待到店 visit of a lead or customer, if any. */
export function pendingVisitOf(db: Kysely<DB>, companyId: string, subject: { leadId: string | null; customerId: string | null }, exceptId?: string) {
  let query = db
    .selectFrom('reservation as r')
    .select(['r.id', 'r.reservation_no', 'r.at'])
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'visit')
    .where('r.status', '=', 'pending');
  query = subject.leadId ? query.where('r.lead_id', '=', subject.leadId) : query.where('r.customer_id', '=', subject.customerId);
  if (exceptId) query = query.where('r.id', '!=', exceptId);
  return query.executeTakeFirst();
}

export interface VisitValues {
  storeId: string;
  at: Date;
  visitors: number;
  receptionistId: string | null;
  remark: string;
}

const toColumns = (v: VisitValues) => ({ store_id: v.storeId, at: v.at, visitors: v.visitors, receptionist_id: v.receptionistId, remark: v.remark });

export async function insertVisit(
  db: Kysely<DB>,
  companyId: string,
  userId: string,
  reservationNo: string,
  subject: { leadId: string | null; customerId: string | null; ownerId: string | null },
  v: VisitValues,
): Promise<string> {
  const row = await db
    .insertInto('reservation')
    .values({
      ...toColumns(v),
      company_id: companyId,
      reservation_no: reservationNo,
      kind: 'visit',
      lead_id: subject.leadId,
      customer_id: subject.customerId,
      owner_id: subject.ownerId,
      created_by: userId,
      updated_by: userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateVisit(db: Kysely<DB>, companyId: string, userId: string, id: string, version: number, v: VisitValues): Promise<boolean> {
  return updateVersionedRow(db, 'reservation', { companyId, userId, id, version }, toColumns(v));
}
