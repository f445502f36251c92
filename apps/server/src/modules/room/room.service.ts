import type { Kysely } from 'kysely';
import { formatDateTime, roomMachine, roomResource, RoomText, toPageResult, type PageResult, type Room, type RoomStatusLog } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { CrudService } from '../../platform/crud/crud-service.js';
import { transition } from '../../platform/crud/transition.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { isEnabledRoomTypeOfStore, roomTypeNames, storeOwnedOptions } from '../room-type/room-type.service.js';
import * as repo from './room.repo.js';
import { roomScope } from './room.rules.js';

/** 房间: room no unique within its store, the room type an enabled one of the same store; records carry the type's name. */
export const roomCrudOptions = storeOwnedOptions({
  table: 'room',
  unique: 'room_no',
  key: 'roomNo',
  taken: RoomText.roomNoTaken,
  scope: roomScope,
  check: async (trx, session, storeId, values) => {
    if (!(await isEnabledRoomTypeOfStore(trx, session.companyId, storeId, values.roomTypeId as string))) throw new BizError(RoomText.roomTypeMissing);
  },
  enrich: async (db, session, records) => {
    const names = await roomTypeNames(db, session.companyId, [...new Set(records.map((r) => r.roomTypeId as string))]);
    return records.map((r) => ({ ...r, roomTypeName: names.get(r.roomTypeId as string) ?? '' }));
  },
});

/** A manual status move (roomMachine) in the caller's scope, recorded with its reason; a refused one changes nothing. */
export async function changeStatus(
  db: Kysely<DB>,
  crud: CrudService,
  session: SessionInfo,
  input: { id: string; version?: number; event: Parameters<typeof roomMachine.move>[1]; reason: string },
): Promise<Room> {
  const scope = await roomScope(db, session);
  await db.transaction().execute((trx) =>
    transition(trx, session, { machine: roomMachine, table: roomResource.table, id: input.id, event: input.event, version: input.version, scope, reason: input.reason }),
  );
  return (await crud.get(session, input.id)) as Room;
}

/** 状态记录 of a room the caller may see (404 otherwise). */
export async function statusLog(db: Kysely<DB>, crud: CrudService, session: SessionInfo, q: { id: string; pageNo: number; pageSize: number }): Promise<PageResult<RoomStatusLog>> {
  await crud.get(session, q.id);
  const page = await repo.pageStatusLog(db, session.companyId, q.id, q);
  return toPageResult(
    page.rows.map((r) => ({
      id: r.id,
      event: r.event,
      fromState: r.from_state,
      toState: r.to_state,
      reason: r.reason,
      changedBy: r.first_name || r.username || '',
      changedAt: formatDateTime(r.changed_at),
    })),
    page.total,
    q,
    page.capped,
  );
}
