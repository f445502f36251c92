import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Read-only service for the big screens (module display-link): today's arrivals and departures.

const LIMIT = 200;

export interface StayMovement {
  storeName: string;
  roomNo: string;
  customerName: string;
  status: string;
}

function movements(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('room_stay as s')
    .innerJoin('room as r', 'r.id', 's.room_id')
    .innerJoin('store as st', 'st.id', 's.store_id')
    .innerJoin('customer as c', 'c.id', 's.customer_id')
    .select(['st.name as storeName', 'r.room_no as roomNo', 'c.name as customerName', 's.status'])
    .where('s.company_id', '=', companyId);
}

/** Stays that begin on `day` (排房 or checked in already), by store and room. */
export function arrivalsOn(db: Kysely<DB>, companyId: string, day: string): Promise<StayMovement[]> {
  return movements(db, companyId).where('s.start_date', '=', day).where('s.status', 'in', ['booked', 'in_house']).orderBy('st.name').orderBy('r.room_no').limit(LIMIT).execute();
}

/** Stays that end on `day` (in house, or checked out already), by store and room. */
export function departuresOn(db: Kysely<DB>, companyId: string, day: string): Promise<StayMovement[]> {
  return movements(db, companyId).where('s.end_date', '=', day).where('s.status', 'in', ['in_house', 'ended']).orderBy('st.name').orderBy('r.room_no').limit(LIMIT).execute();
}
