import { sql, type Expression, type SqlBool } from 'kysely';
import type { RoomStayStatus } from '@care/shared';
import type { Actor, Db } from '../../platform/crud/crud-repo.js';
import type { ListView } from '../../platform/crud/list-view.js';

const ACTIVE: RoomStayStatus[] = ['held', 'booked', 'in_house'];

export interface NewStay {
  roomId: string;
  orderId?: string | null;
  reservationId?: string | null;
  customerId: string;
  storeId: string;
  startDate: string;
  endDate: string;
  status: RoomStayStatus;
  checkedInAt?: Date | null;
}

/** The room a stay is put in: its store, number and status (read, not locked: the trigger locks the room's nights). */
export function roomOf(db: Db, companyId: string, roomId: string) {
  return db.selectFrom('room').select(['id', 'store_id', 'room_no', 'status']).where('company_id', '=', companyId).where('id', '=', roomId).executeTakeFirst();
}

export async function insertStay(db: Db, actor: Actor, s: NewStay): Promise<string> {
  const row = await db
    .insertInto('room_stay')
    .values({
      company_id: actor.companyId,
      store_id: s.storeId,
      room_id: s.roomId,
      order_id: s.orderId ?? null,
      reservation_id: s.reservationId ?? null,
      customer_id: s.customerId,
      start_date: s.startDate,
      end_date: s.endDate,
      status: s.status,
      checked_in_at: s.checkedInAt ?? null,
      created_by: actor.userId,
      updated_by: actor.userId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes a stay's dates or room (the trigger re-checks the nights), bumping its version. */
export async function updateStay(db: Db, actor: Actor, id: string, values: { room_id?: string; start_date?: string; end_date?: string; order_id?: string; status?: RoomStayStatus; checked_out_at?: Date }): Promise<void> {
  await db
    .updateTable('room_stay')
    .set({ ...values, updated_by: actor.userId, updated_at: new Date(), version: sql<number>`version + 1` })
    .where('id', '=', id)
    .where('company_id', '=', actor.companyId)
    .execute();
}

const stayColumns = ['s.id', 's.store_id', 's.room_id', 's.order_id', 's.reservation_id', 's.customer_id', 's.start_date', 's.end_date', 's.status', 's.checked_in_at', 's.version'] as const;

/** The active stays of an order or a hold, by date, locked for the caller's move. */
export function activeStaysOf(db: Db, companyId: string, owner: { orderId?: string; reservationId?: string }) {
  let q = db.selectFrom('room_stay as s').select(stayColumns).where('s.company_id', '=', companyId).where('s.status', 'in', ACTIVE);
  if (owner.orderId) q = q.where('s.order_id', '=', owner.orderId);
  else if (owner.reservationId) q = q.where('s.reservation_id', '=', owner.reservationId);
  else return Promise.resolve([]);
  return q.orderBy('s.start_date').forNoKeyUpdate().execute();
}

/** One stay by id within the caller's scope (alias `r`), optionally locked. */
export function findStay(db: Db, companyId: string, id: string, scope: Expression<SqlBool> | undefined, lock = false) {
  let q = db
    .selectFrom('room_stay as r')
    .select(['r.id', 'r.store_id', 'r.room_id', 'r.order_id', 'r.reservation_id', 'r.customer_id', 'r.start_date', 'r.end_date', 'r.status', 'r.version'])
    .where('r.company_id', '=', companyId)
    .where('r.id', '=', id);
  if (scope) q = q.where(scope);
  return lock ? q.forUpdate().executeTakeFirst() : q.executeTakeFirst();
}

/**
 * The stays of a store that hold nights in [from, to] (dates inclusive) or whose guest is still in, with the customer's name and
 * the holder's number (order no or hold no), on room_stay_store_period_idx.
 */
export function boardStays(db: Db, companyId: string, storeId: string, from: string, to: string) {
  return db
    .selectFrom('room_stay as s')
    .innerJoin('customer as c', 'c.id', 's.customer_id')
    .leftJoin('sales_order as o', 'o.id', 's.order_id')
    .leftJoin('reservation as h', 'h.id', 's.reservation_id')
    .select([...stayColumns, 'c.name as customer_name', 'o.order_no', 'h.reservation_no', 'o.days as order_days'])
    .where('s.company_id', '=', companyId)
    .where('s.store_id', '=', storeId)
    .where('s.status', 'in', ACTIVE)
    // A guest past her check-out day is still in the room.
    .where((eb) => eb.or([eb('s.end_date', '>', from), eb('s.status', '=', 'in_house')]))
    .where('s.start_date', '<=', to)
    .orderBy('s.room_id')
    .orderBy('s.start_date')
    .execute();
}

/**
 * The names a stay's record carries (room no, store, customer, and the order's number or else the
 * hold's), read with the rows; '' where none.
 */
export const stayListView: ListView = {
  names: {
    roomNo: { table: 'room', on: 'room_id', value: 'room_no', fallback: '' },
    storeName: { table: 'store', on: 'store_id', fallback: '' },
    customerName: { table: 'customer', on: 'customer_id', fallback: '' },
  },
  computed: {
    orderNo: sql`coalesce((select o.order_no from sales_order as o where o.id = r.order_id), (select h.reservation_no from reservation as h where h.id = r.reservation_id), '')`,
  },
};

/** The list's period: stays holding a night between `from` and `to` (inclusive), on the kit's alias `r`. */
export function periodFilter(q: { from?: string; to?: string }): Expression<SqlBool> {
  const terms: Expression<SqlBool>[] = [];
  if (q.from) terms.push(sql<SqlBool>`r.end_date > ${q.from}`);
  if (q.to) terms.push(sql<SqlBool>`r.start_date <= ${q.to}`);
  return terms.length ? sql<SqlBool>`(${sql.join(terms, sql` and `)})` : sql<SqlBool>`true`;
}

/** A store's confirmed orders in `orderScope` (alias `r`) with no active stay yet: 排房's choices. */
export function unassignedOrders(db: Db, companyId: string, storeId: string, orderScope: Expression<SqlBool>) {
  return db
    .selectFrom('sales_order as r')
    .innerJoin('customer as c', 'c.id', 'r.customer_id')
    .select(['r.id', 'r.order_no', 'c.name as customer_name', 'r.planned_check_in', 'r.planned_check_out', 'r.room_type_id'])
    .where('r.company_id', '=', companyId)
    .where('r.store_id', '=', storeId)
    .where('r.status', '=', 'confirmed')
    .where('r.planned_check_in', 'is not', null)
    .where(orderScope)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom('room_stay as s').select('s.id').whereRef('s.order_id', '=', 'r.id').where('s.status', 'in', ACTIVE))))
    .orderBy('r.planned_check_in')
    .limit(200)
    .execute();
}

export type LockedStay = NonNullable<Awaited<ReturnType<typeof findStay>>>;
