import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// 首页 and 系统管理 stay on: an administrator must always reach the sign-in landing and this page.
const ALWAYS_ON = new Set(['/dashboard', '/system']);

/** The first-level menu folders a company or store can switch off, in menu order. */
export async function switchableModules(db: Kysely<DB>): Promise<{ path: string; title: string }[]> {
  const rows = await db
    .selectFrom('sys_permission')
    .select(['path', 'name as title'])
    .where('parent_id', 'is', null)
    .where('menu_type', '=', 0)
    .where('path', 'is not', null)
    .orderBy('sort')
    .execute();
  return rows.filter((r): r is { path: string; title: string } => r.path !== null && !ALWAYS_ON.has(r.path));
}

export function storesOf(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('store').select(['id', 'name']).where('company_id', '=', companyId).orderBy('sort').orderBy('code').execute();
}

export async function storeInCompany(db: Kysely<DB>, companyId: string, storeId: string): Promise<boolean> {
  return Boolean(await db.selectFrom('store').select('id').where('id', '=', storeId).where('company_id', '=', companyId).executeTakeFirst());
}

/** The switches a company stored (only off ones are kept). */
export function switchesOf(db: Kysely<DB>, companyId: string) {
  return db.selectFrom('module_switch').select(['store_id', 'path', 'enabled']).where('company_id', '=', companyId).orderBy('path').execute();
}

/** Sets one switch: on is the default, so only an off switch is stored. */
export async function saveSwitch(db: Kysely<DB>, key: { companyId: string; userId: string; storeId: string | null; path: string }, enabled: boolean): Promise<void> {
  await db.transaction().execute(async (trx) => {
    let existing = trx.deleteFrom('module_switch').where('company_id', '=', key.companyId).where('path', '=', key.path);
    existing = key.storeId === null ? existing.where('store_id', 'is', null) : existing.where('store_id', '=', key.storeId);
    await existing.execute();
    if (!enabled) {
      await trx
        .insertInto('module_switch')
        .values({ company_id: key.companyId, store_id: key.storeId, path: key.path, enabled: false, created_by: key.userId, updated_by: key.userId })
        .execute();
    }
  });
}
