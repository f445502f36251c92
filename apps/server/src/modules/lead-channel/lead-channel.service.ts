import type { Kysely } from 'kysely';
import { leadChannelResource, type CrmOption } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';

const repo = crudRepo(leadChannelResource);

/** Whether an enabled lead channel of the company (for leads and customers). */
export async function enabledLeadChannelExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean((await repo.find(db, { companyId }, id))?.enabled);
}

/** Enabled lead channels of the company for selects and the lead import's name look-up. */
export function leadChannelOptions(db: Kysely<DB>, session: { companyId: string }): Promise<CrmOption[]> {
  return repo.options(db, session);
}
