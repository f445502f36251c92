import type { Kysely } from 'kysely';
import { ModuleSwitchText, type ModuleSwitchSave, type ModuleSwitchState } from '@care/shared';
import type { ModuleGate } from '../../platform/auth/module-gate.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import * as repo from './module-switch.repo.js';

export async function moduleSwitchState(db: Kysely<DB>, gate: ModuleGate, session: SessionInfo): Promise<ModuleSwitchState> {
  const [modules, stores, switches, homeMode] = await Promise.all([
    repo.switchableModules(db),
    repo.storesOf(db, session.companyId),
    repo.switchesOf(db, session.companyId),
    gate.homeMode(session.accessVersion),
  ]);
  return { modules, stores, switches: switches.map((s) => ({ storeId: s.store_id, path: s.path, enabled: s.enabled })), homeMode };
}

/** Sets one switch of the company (storeId null) or of one of its stores. */
export async function saveModuleSwitch(db: Kysely<DB>, session: SessionInfo, input: ModuleSwitchSave): Promise<null> {
  if (!(await repo.switchableModules(db)).some((m) => m.path === input.path)) throw new BizError(ModuleSwitchText.unknownModule);
  if (input.storeId !== null && !(await repo.storeInCompany(db, session.companyId, input.storeId))) throw new BizError(ModuleSwitchText.storeMissing);
  await repo.saveSwitch(db, { companyId: session.companyId, userId: session.userId, storeId: input.storeId, path: input.path }, input.enabled);
  return null;
}
