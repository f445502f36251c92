import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Read-only service for the big screens (module display-link): the nurses on duty today.

const LIMIT = 200;

/** Assignments 服务中 whose period covers `day` (start ≤ day < end), with nurse, level, store and family. */
export function onDutyOn(db: Kysely<DB>, companyId: string, day: string) {
  return db
    .selectFrom('nurse_assignment as a')
    .innerJoin('monthly_nurse as n', 'n.id', 'a.nurse_id')
    .innerJoin('store as st', 'st.id', 'a.store_id')
    .innerJoin('customer as c', 'c.id', 'a.customer_id')
    .select(['n.name as nurseName', 'n.level', 'st.name as storeName', 'c.name as customerName', 'a.start_date as startDate', 'a.end_date as endDate', 'a.actual_start as actualStart'])
    .where('a.company_id', '=', companyId)
    .where('a.status', '=', 'in_service')
    .where('a.start_date', '<=', day)
    .where('a.end_date', '>', day)
    .orderBy('st.name')
    .orderBy('n.name')
    .limit(LIMIT)
    .execute();
}
