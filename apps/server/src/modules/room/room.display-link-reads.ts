import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Read-only service for the big screens (module display-link): the company's rooms counted by status.

/** Rooms of the company by status (every store); statuses without a room are left out. */
export async function roomCountsByStatus(db: Kysely<DB>, companyId: string): Promise<{ status: string; count: number }[]> {
  const rows = await db
    .selectFrom('room')
    .select(['status', db.fn.countAll<string | number>().as('n')])
    .where('company_id', '=', companyId)
    .groupBy('status')
    .execute();
  return rows.map((r) => ({ status: r.status, count: Number(r.n) }));
}
