import type { Expression, Kysely, SqlBool } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface BoardFilter {
  storeId: string;
  floor?: number;
  roomTypeId?: string;
}

/**
 * The reads of one store's board, run together on the list indexes: its rooms within `scope` (alias
 * `r`) with their type's name (room_store_floor_idx), the store's floors in scope (same index) and the
 * room types of its rooms in scope (room_type_store_idx) for the filters: a store the caller may not see
 * answers nothing of itself.
 */
export function readBoard(db: Kysely<DB>, companyId: string, scope: Expression<SqlBool>, q: BoardFilter) {
  const storeRooms = db.selectFrom('room as r').where('r.company_id', '=', companyId).where('r.store_id', '=', q.storeId).where(scope);
  let rooms = storeRooms
    .innerJoin('room_type as t', 't.id', 'r.room_type_id')
    .select(['r.id', 'r.room_no', 'r.floor', 'r.room_type_id', 't.name as room_type_name', 'r.status', 'r.daily_price'])
    .orderBy('r.floor')
    .orderBy('r.sort')
    .orderBy('r.room_no');
  if (q.floor !== undefined) rooms = rooms.where('r.floor', '=', q.floor);
  if (q.roomTypeId) rooms = rooms.where('r.room_type_id', '=', q.roomTypeId);
  return Promise.all([
    rooms.execute(),
    storeRooms.select('r.floor').distinct().orderBy('r.floor').execute(),
    db
      .selectFrom('room_type as t')
      .select(['t.id', 't.name'])
      .where('t.company_id', '=', companyId)
      .where('t.store_id', '=', q.storeId)
      .where('t.id', 'in', storeRooms.select('r.room_type_id'))
      .orderBy('t.sort')
      .orderBy('t.code')
      .execute(),
  ]);
}
