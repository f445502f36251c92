import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Read-only service for the bi module (ROI per lead channel): the company's lead channels and their monthly cost.

export interface LeadChannelCost {
  id: string;
  name: string;
  /** numeric(14,2) as text. */
  costPerMonth: string;
}

/** Every lead channel of the company (enabled or not: a disabled channel's leads still earn), by sort then name. */
export async function leadChannelCosts(db: Kysely<DB>, companyId: string): Promise<LeadChannelCost[]> {
  const rows = await db
    .selectFrom('lead_channel')
    .select(['id', 'name', 'cost_per_month'])
    .where('company_id', '=', companyId)
    .orderBy('sort')
    .orderBy('name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, costPerMonth: String(r.cost_per_month) }));
}
