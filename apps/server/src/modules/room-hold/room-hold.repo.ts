import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { RoomHoldListQuery, RoomHoldStatus } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import type { DB } from '../../platform/db/schema.js';
import { shanghaiDayAfter as dayAfter, shanghaiDayStart as dayStart } from '../../platform/time.js';

// 订房 holds are the reservation table's kind 'room_hold' rows; `r` is the alias the 预约 data rules use.

const sortColumns = { plannedCheckIn: 'r.planned_check_in', createdAt: 'r.created_at', reservationNo: 'r.reservation_no' } as const;

// Hold queries only ever read kind 'room_hold' rows (the check constraint keeps planned check-in and days set).
const holdStatus = sql<RoomHoldStatus>`r.status`.as('status');

const columns = [
  'r.id', 'r.reservation_no', holdStatus, 'r.customer_id', 'cu.name as customer_name', 'cu.phone as customer_phone', 'r.store_id', 'st.name as store_name',
  sql<string>`r.planned_check_in`.as('planned_check_in'), sql<number>`r.days`.as('days'), 'r.room_type_id', 'rt.name as room_type_name', 'r.room_id', 'rm.room_no',
  'r.deposit_amount', 'r.deposit_payment_id', 'r.order_id', 'r.owner_id', 'o.first_name as owner_name', 'r.remark', 'r.closed_at', 'r.cancel_reason',
  'r.version', 'r.created_at', 'r.updated_at',
] as const;

function holds(db: Db, companyId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('reservation as r')
    .leftJoin('store as st', 'st.id', 'r.store_id')
    .leftJoin('customer as cu', 'cu.id', 'r.customer_id')
    .leftJoin('room_type as rt', 'rt.id', 'r.room_type_id')
    .leftJoin('room as rm', 'rm.id', 'r.room_id')
    .leftJoin('app_user as o', 'o.id', 'r.owner_id')
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'room_hold')
    .where(scope);
}

export type HoldRow = Awaited<ReturnType<typeof findHold>> & object;

export function findHold(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return holds(db, companyId, scope).select(columns).where('r.id', '=', id).executeTakeFirst();
}

function filtered(db: Db, companyId: string, scope: Expression<SqlBool>, q: Partial<RoomHoldListQuery>) {
  let query = holds(db, companyId, scope);
  if (q.reservationNo) query = query.where('r.reservation_no', 'like', `%${escapeLike(q.reservationNo)}%`);
  if (q.customerName) query = query.where('cu.name', 'like', `%${escapeLike(q.customerName)}%`);
  if (q.customerPhone) query = query.where('cu.phone', 'like', `${escapeLike(q.customerPhone)}%`);
  if (q.status) query = query.where('r.status', '=', q.status);
  if (q.storeId) query = query.where('r.store_id', '=', q.storeId);
  if (q.customerId) query = query.where('r.customer_id', '=', q.customerId);
  if (q.checkInFrom) query = query.where('r.planned_check_in', '>=', q.checkInFrom);
  if (q.checkInTo) query = query.where('r.planned_check_in', '<=', q.checkInTo);
  if (q.createdFrom) query = query.where('r.created_at', '>=', dayStart(q.createdFrom));
  if (q.createdTo) query = query.where('r.created_at', '<', dayAfter(q.createdTo));
  return query;
}

function sorted<Q extends ReturnType<typeof filtered>>(query: Q, q: Partial<RoomHoldListQuery>) {
  return query.orderBy(sql`${sql.ref(sortColumns[q.column ?? 'createdAt'])} ${sql.raw(q.order === 'asc' ? 'asc' : 'desc')} nulls last`).orderBy('r.id');
}

export function pageHolds(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: RoomHoldListQuery): Promise<{ rows: HoldRow[]; total: number }> {
  const query = filtered(db, companyId, scope, q);
  return pageWithCappedCount(db, sorted(query, q).select(columns), query, q);
}

/** The filtered list in its order (exports, a customer's holds). */
export function listHolds(db: Db, companyId: string, scope: Expression<SqlBool>, q: Partial<RoomHoldListQuery>, limit: number) {
  return sorted(filtered(db, companyId, scope, q), q).select(columns).limit(limit).execute();
}

/** Locks a hold that passes `scope` (the row transition() has locked, read in full). */
export function lockHold(db: Db, companyId: string, scope: Expression<SqlBool>, id: string) {
  return db
    .selectFrom('reservation as r')
    .select(['r.id', 'r.reservation_no', holdStatus, 'r.customer_id', 'r.store_id', 'r.room_type_id', 'r.room_id', 'r.days', 'r.deposit_amount', 'r.deposit_payment_id', 'r.version'])
    .select(sql<string>`r.planned_check_in`.as('planned_check_in'))
    .where('r.company_id', '=', companyId)
    .where('r.kind', '=', 'room_hold')
    .where('r.id', '=', id)
    .where(scope)
    .forUpdate()
    .executeTakeFirst();
}

/** A room of the company within `scope` (the caller's 房间 rules, alias `r`), for the checks of a hold (its store and type). */
export function roomOf(db: Db, companyId: string, roomId: string, scope: Expression<SqlBool>) {
  return db
    .selectFrom('room as r')
    .select(['r.id', 'r.store_id', 'r.room_type_id', 'r.room_no', 'r.status'])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', roomId)
    .where(scope)
    .executeTakeFirst();
}

export interface HoldValues {
  reservationNo: string;
  customerId: string;
  ownerId: string;
  storeId: string;
  roomTypeId: string;
  roomId: string | null;
  plannedCheckIn: string;
  days: number;
  depositAmount: string;
  remark: string;
}

export async function insertHold(db: Db, actor: Actor, v: HoldValues): Promise<string> {
  const row = await db
    .insertInto('reservation')
    .values({
      company_id: actor.companyId,
      reservation_no: v.reservationNo,
      kind: 'room_hold',
      status: v.roomId ? 'booked' : 'pending',
      customer_id: v.customerId,
      owner_id: v.ownerId,
      store_id: v.storeId,
      room_type_id: v.roomTypeId,
      room_id: v.roomId,
      planned_check_in: v.plannedCheckIn,
      days: v.days,
      deposit_amount: v.depositAmount,
      remark: v.remark,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function setDepositPayment(db: Db, companyId: string, id: string, paymentId: string): Promise<void> {
  await db.updateTable('reservation').set({ deposit_payment_id: paymentId }).where('company_id', '=', companyId).where('id', '=', id).execute();
}

/** Whether the hold passes `scope` (a new hold must be one its maker may see). */
export async function inScope(db: Db, companyId: string, id: string, scope: Expression<SqlBool>): Promise<boolean> {
  return Boolean(await db.selectFrom('reservation as r').select('r.id').where('r.company_id', '=', companyId).where('r.id', '=', id).where(scope).executeTakeFirst());
}
