import { sql, type Kysely } from 'kysely';
import type { AppConfig } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { grantAndScope } from '../../seed/demo-crm.js';
import { DEMO_COMPANY_CODE } from '../../seed/demo-roles.js';

/** The 门店 pages of this module (门店看板 and 门店金额 are bi's). */
export const STORE_LEVEL_PAGES = ['/store/customer', '/store/order', '/store/contract', '/store/receivable', '/store/room', '/store/serve', '/store/monthlyNurse'] as const;

/**
 * The demo 店长 gets the 门店 folder and its pages: each page shows what her own buttons and data rules
 * of the module allow (her stores' rows), so the menus add no access of their own.
 */
export const demoStoreLevelGrants: Record<string, string[]> = { store_manager: ['/store', ...STORE_LEVEL_PAGES] };

const LOCK_KEY = 7_202_718;
const SEED_KEY = 'demo:store-level';
const AFTER = ['demo:roles', 'demo:crm'];

/** Demo mode only, once, after the demo roles and stores. */
export async function seedDemoStoreLevelIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<boolean> {
  if (!config.demoData) return false;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return false;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ...AFTER]).execute();
    if (done.some((d) => d.key === SEED_KEY) || done.length < AFTER.length) return false;
    await grantAndScope(trx, company.id, demoStoreLevelGrants, []);
    await trx.insertInto('seed_record').values({ key: SEED_KEY }).execute();
    return true;
  });
}
