import { roomResource } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';
import { pageWithCappedCount } from '../../platform/db/count.js';

/** A room's recorded status changes (state_change), newest first, with who made them. */
export function pageStatusLog(db: Db, companyId: string, roomId: string, page: { pageNo: number; pageSize: number }) {
  const matches = db.selectFrom('state_change as s').where('s.company_id', '=', companyId).where('s.resource', '=', roomResource.table).where('s.record_id', '=', roomId);
  const rows = matches
    .leftJoin('app_user as u', 'u.id', 's.changed_by')
    .select(['s.id', 's.event', 's.from_state', 's.to_state', 's.reason', 's.changed_at', 'u.first_name', 'u.username'])
    .orderBy('s.changed_at', 'desc')
    .orderBy('s.id', 'desc');
  return pageWithCappedCount(db, rows, matches.select('s.id'), page);
}
