import type { Kysely } from 'kysely';
import { HOSPITAL_ONLY_PATHS } from '@care/shared';
import type { DB } from '../db/schema.js';

interface GateState {
  version: string;
  /** Each action with the menu paths above it: its page, the page's folder … */
  pathsOfAction: Map<string, string[]>;
  homeMode: boolean;
  offByUser: Map<string, Promise<ReadonlySet<string>>>;
}

// Users whose switched-off paths are kept per access version; past this many the map starts over.
const USERS_KEPT = 10_000;

/**
 * Which menu modules are off for a user (一级模块 switches of the company and of the user's stores,
 * and the room modules under 到家模式), and whether an action falls under one. Kept in memory and
 * reloaded when the access rules version moves (triggers on module_switch, system_config and the
 * permission and store tables bump it), so a switch takes effect on the next request everywhere.
 */
export class ModuleGate {
  private state: Promise<GateState> | undefined;
  private stateVersion: string | undefined;

  constructor(private readonly db: Kysely<DB>) {}

  /** The menu paths switched off for the user in the company; `version` is the access rules version the caller read. */
  async offPaths(companyId: string, userId: string, version?: string): Promise<ReadonlySet<string>> {
    const state = await this.current(version);
    const key = `${companyId}:${userId}`;
    let off = state.offByUser.get(key);
    if (!off) {
      if (state.offByUser.size >= USERS_KEPT) state.offByUser.clear();
      off = this.loadOffPaths(companyId, userId, state.homeMode);
      state.offByUser.set(key, off);
      off.catch(() => state.offByUser.delete(key));
    }
    return off;
  }

  /** Whether 到家模式 (modeType home) is on: the room modules are off for everyone. */
  async homeMode(version?: string): Promise<boolean> {
    return (await this.current(version)).homeMode;
  }

  /** Whether `action` sits under a menu path that is off for the user. */
  async blocks(action: string, companyId: string, userId: string, version?: string): Promise<boolean> {
    const state = await this.current(version);
    const paths = state.pathsOfAction.get(action);
    if (!paths) return false;
    const off = await this.offPaths(companyId, userId, state.version);
    return paths.some((path) => off.has(path));
  }

  private async current(version?: string): Promise<GateState> {
    const wanted = version ?? (await this.readVersion());
    if (this.state === undefined || this.stateVersion !== wanted) {
      const state = this.load(wanted);
      this.state = state;
      this.stateVersion = wanted;
      state.catch(() => {
        if (this.state === state) this.state = undefined;
      });
    }
    return this.state;
  }

  private async readVersion(): Promise<string> {
    const row = await this.db.selectFrom('access_rules_version').select('version').where('id', '=', 1).executeTakeFirstOrThrow();
    return String(row.version);
  }

  private async load(version: string): Promise<GateState> {
    const [rows, config] = await Promise.all([
      this.db.selectFrom('sys_permission').select(['id', 'parent_id', 'path', 'action']).execute(),
      this.db.selectFrom('system_config').select('config').where('id', '=', 1).executeTakeFirst(),
    ]);
    const byId = new Map(rows.map((row) => [row.id, row]));
    const pathsOfAction = new Map<string, string[]>();
    for (const row of rows) {
      if (!row.action) continue;
      const paths: string[] = [];
      // A bounded walk: a cycle in edited data must not hang the request.
      for (let node: typeof row | undefined = row, depth = 0; node && depth < 32; node = byId.get(node.parent_id ?? ''), depth++) {
        if (node.path) paths.push(node.path);
      }
      pathsOfAction.set(row.action, paths);
    }
    const homeMode = (config?.config as { modeType?: string } | undefined)?.modeType === 'home';
    return { version, pathsOfAction, homeMode, offByUser: new Map() };
  }

  private async loadOffPaths(companyId: string, userId: string, homeMode: boolean): Promise<ReadonlySet<string>> {
    const [switches, stores] = await Promise.all([
      this.db.selectFrom('module_switch').select(['store_id', 'path']).where('company_id', '=', companyId).where('enabled', '=', false).execute(),
      this.db
        .selectFrom('store as s')
        .select('s.id')
        .where('s.company_id', '=', companyId)
        .where((eb) => eb.or([eb('s.manager_id', '=', userId), eb.exists(eb.selectFrom('user_store as us').select('us.store_id').whereRef('us.store_id', '=', 's.id').where('us.user_id', '=', userId))]))
        .execute(),
    ]);
    const off = new Set<string>(homeMode ? HOSPITAL_ONLY_PATHS : []);
    const storesOffByPath = new Map<string, Set<string>>();
    for (const s of switches) {
      if (s.store_id === null) off.add(s.path);
      else storesOffByPath.set(s.path, (storesOffByPath.get(s.path) ?? new Set()).add(s.store_id));
    }
    // A store switch turns a module off for those who work only in stores that switched it off.
    if (stores.length) {
      for (const [path, offStores] of storesOffByPath) if (stores.every((s) => offStores.has(s.id))) off.add(path);
    }
    return off;
  }
}
