import type { Kysely } from 'kysely';
import { ModuleSwitchText, type ModuleSwitchSave, type ModuleSwitchState } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';

// The first-level folders of the menu: what a company or store can switch off. 首页 and 系统管理 stay on
// (an administrator must always reach this page and the sign-in landing).
const ALWAYS_ON = new Set(['/dashboard', '/system']);

function firstLevelModules(db: Kysely<DB>) {
  return db
    .selectFrom('sys_permission')
    .select(['path', 'name as title'])
    .where('parent_id', 'is', null)
    .where('menu_type', '=', 0)
    .where('path', 'is not', null)
    .orderBy('sort')
    .execute()
    .then((rows) => rows.filter((r): r is { path: string; title: string } => r.path !== null && !ALWAYS_ON.has(r.path)));
}

export async function moduleSwitchState(db: Kysely<DB>, session: SessionInfo): Promise<ModuleSwitchState> {
  const [modules, stores, switches, config] = await Promise.all([
    firstLevelModules(db),
    db.selectFrom('store').select(['id', 'name']).where('company_id', '=', session.companyId).orderBy('sort').orderBy('code').execute(),
    db.selectFrom('module_switch').select(['store_id', 'path', 'enabled']).where('company_id', '=', session.companyId).orderBy('path').execute(),
    db.selectFrom('system_config').select('config').where('id', '=', 1).executeTakeFirst(),
  ]);
  const homeMode = (config?.config as { modeType?: string } | undefined)?.modeType === 'home';
  return { modules, stores, switches: switches.map((s) => ({ storeId: s.store_id, path: s.path, enabled: s.enabled })), homeMode };
}

/** Sets one switch of the company (storeId null) or of one of its stores. */
export async function saveModuleSwitch(db: Kysely<DB>, session: SessionInfo, input: ModuleSwitchSave): Promise<null> {
  if (!(await firstLevelModules(db)).some((m) => m.path === input.path)) throw new BizError(ModuleSwitchText.unknownModule);
  if (input.storeId !== null) {
    const store = await db.selectFrom('store').select('id').where('id', '=', input.storeId).where('company_id', '=', session.companyId).executeTakeFirst();
    if (!store) throw new BizError(ModuleSwitchText.storeMissing);
  }
  await db.transaction().execute(async (trx) => {
    let existing = trx.deleteFrom('module_switch').where('company_id', '=', session.companyId).where('path', '=', input.path);
    existing = input.storeId === null ? existing.where('store_id', 'is', null) : existing.where('store_id', '=', input.storeId);
    await existing.execute();
    // On is the default: only an off switch is stored.
    if (!input.enabled) {
      await trx
        .insertInto('module_switch')
        .values({ company_id: session.companyId, store_id: input.storeId, path: input.path, enabled: false, created_by: session.userId, updated_by: session.userId })
        .execute();
    }
  });
  return null;
}
