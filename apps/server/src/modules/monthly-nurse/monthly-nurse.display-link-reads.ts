import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Read-only service for the big screens (module display-link): the company's nurses by status.

/** Nurses of the company by status, 离职 left out. */
export async function nurseCountsByStatus(db: Kysely<DB>, companyId: string): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .selectFrom('monthly_nurse')
    .select(['status', db.fn.countAll<string | number>().as('n')])
    .where('company_id', '=', companyId)
    .where('status', '<>', 'left')
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}
