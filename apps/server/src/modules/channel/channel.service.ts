import type { Kysely } from 'kysely';
import { channelResource } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';

const repo = crudRepo(channelResource);

/** Whether an enabled channel of the company (for leads and, later, orders). */
export async function enabledChannelExists(db: Kysely<DB>, companyId: string, id: string): Promise<boolean> {
  return Boolean((await repo.find(db, { companyId }, id))?.enabled);
}

/** Enabled channels of the company for selects and the lead import's name look-up. */
export function channelOptions(db: Kysely<DB>, session: { companyId: string }) {
  return repo.options(db, session);
}
