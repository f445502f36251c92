import type { Kysely } from 'kysely';
import type { MyStore } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { seesWholeCompany } from '../../platform/data-rules/index.js';
import type { DB } from '../../platform/db/schema.js';
import { storeIdsOfUser } from './store.service.js';

// Read-only service for store-level (门店 pages): the stores of the store switcher.

/** The company's stores, or only `ids` of them; enabled first, then by sort and code. */
function storesOf(db: Kysely<DB>, companyId: string, ids: readonly string[] | null) {
  let query = db.selectFrom('store as s').select(['s.id', 's.code', 's.name', 's.enabled']).where('s.company_id', '=', companyId);
  if (ids) query = query.where('s.id', 'in', ids);
  return query.orderBy('s.enabled', 'desc').orderBy('s.sort').orderBy('s.code').execute();
}

/**
 * The caller's stores for the switcher: `#{sys_store_ids}` (stores she works in plus those she
 * manages), or every store of the company when her data rules are lifted (allhrdata, 超级管理员).
 */
export async function myStoresOf(db: Kysely<DB>, session: SessionInfo): Promise<MyStore[]> {
  if (await seesWholeCompany(db, session)) return storesOf(db, session.companyId, null);
  const ids = await storeIdsOfUser(db, session.userId, session.companyId);
  return ids.length ? storesOf(db, session.companyId, ids) : [];
}
