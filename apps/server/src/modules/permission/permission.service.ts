import type { Kysely } from 'kysely';
import type { AuthEntry, MenuItem, PermissionResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { grantedPermissionIds, listAllPermissions, permissionCatalogVersion, type PermissionRow } from './permission.repo.js';
import { routeNameOf } from './permission.seed.js';
import type { ModuleGate } from '../../platform/auth/module-gate.js';

/**
 * The permission fetch (spec §3): the menu tree the user may see, the buttons they hold (auth) and
 * every button with its strategy and status (allAuth). The same records decide what the server accepts.
 */
export async function permissionsFor(db: Kysely<DB>, catalog: PermissionCatalog, gate: ModuleGate, session: SessionInfo): Promise<PermissionResult> {
  const [all, granted, off] = await Promise.all([
    catalog.rows(),
    grantedPermissionIds(db, session.userId, session.companyId),
    gate.offPaths(session.companyId, session.userId, session.accessVersion),
  ]);
  // A module switched off (一级模块, 到家模式) is not served: its menus, pages and buttons go.
  const rows = off.size ? withoutOffModules(all, off) : all;
  const holds = (row: PermissionRow) => granted.all || row.status === '0' || granted.ids.has(row.id);
  const buttons = rows.filter((r) => r.menu_type === 2 && r.action);
  return {
    menu: buildMenu(rows.filter((r) => r.menu_type !== 2), holds),
    auth: buttons.filter(holds).map(toAuthEntry),
    allAuth: buttons.map(toAuthEntry),
  };
}

/** The rows not under a switched-off menu path (a row whose path is off goes with all below it). */
function withoutOffModules(rows: PermissionRow[], off: ReadonlySet<string>): PermissionRow[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const isOff = (row: PermissionRow | undefined, depth = 0): boolean =>
    row !== undefined && depth < 32 && ((row.path !== null && off.has(row.path)) || isOff(byId.get(row.parent_id ?? ''), depth + 1));
  return rows.filter((row) => !isOff(row));
}

/**
 * The permission table in memory: every page load reads it, administrators rarely change it. A
 * trigger-kept counter says when it changed, so a change on any instance is seen on the next call.
 */
export class PermissionCatalog {
  private cached: { version: number; rows: Promise<PermissionRow[]> } | undefined;

  constructor(private readonly db: Kysely<DB>) {}

  async rows(): Promise<PermissionRow[]> {
    const version = await permissionCatalogVersion(this.db);
    if (this.cached?.version !== version) {
      const rows = listAllPermissions(this.db);
      this.cached = { version, rows };
      rows.catch(() => {
        if (this.cached?.rows === rows) this.cached = undefined;
      });
    }
    return this.cached.rows;
  }
}

function toAuthEntry(row: PermissionRow): AuthEntry {
  return { action: row.action!, describe: row.name, type: row.auth_type, status: row.status };
}

/** A menu is visible when held, or when a descendant is held (its folder must show to reach it). */
export function buildMenu(rows: PermissionRow[], holds: (row: PermissionRow) => boolean): MenuItem[] {
  const children = new Map<string | null, PermissionRow[]>();
  for (const row of rows) {
    const list = children.get(row.parent_id) ?? [];
    list.push(row);
    children.set(row.parent_id, list);
  }
  const build = (parentId: string | null): MenuItem[] =>
    (children.get(parentId) ?? []).flatMap((row) => {
      const kids = build(row.id);
      if (!holds(row) && kids.length === 0) return [];
      // A folder held without any of its screens leads nowhere: leave it out.
      if (kids.length === 0 && row.component === 'layouts/RouteView') return [];
      const path = row.path ?? `/${row.id}`;
      // A folder redirects only to a screen the user can see: the seeded one if visible, else the first visible one.
      // A page with hidden sub-pages (a detail page) is no folder: it keeps its own route.
      const folder = !row.component || row.component === 'layouts/RouteView';
      const redirect = kids.length && folder ? (kids.some((k) => k.path === row.redirect) ? row.redirect : firstRoutable(kids)) : row.redirect;
      const item: MenuItem = {
        id: row.id,
        path,
        name: row.route_name ?? routeNameOf(path),
        component: row.component ?? '',
        ...(redirect ? { redirect } : {}),
        hidden: row.hidden,
        alwaysShow: row.always_show,
        route: row.is_route ? '1' : '0',
        meta: {
          title: row.name,
          ...(row.icon ? { icon: row.icon } : {}),
          ...(row.url ? { url: row.url } : {}),
          ...(row.action ? { permissionList: [row.action] } : {}),
          keepAlive: row.keep_alive,
          internalOrExternal: row.internal_or_external,
        },
        ...(kids.length ? { children: kids } : {}),
      };
      return [item];
    });
  return build(null);
}

function firstRoutable(items: MenuItem[]): string | undefined {
  for (const item of items) {
    // A hidden page (a detail page with a parameter) is never a landing page.
    if (item.hidden) continue;
    if (item.route === '1' && item.component && item.component !== 'layouts/RouteView') return item.path;
    const nested = item.children ? firstRoutable(item.children) : undefined;
    if (nested) return nested;
  }
  return undefined;
}
