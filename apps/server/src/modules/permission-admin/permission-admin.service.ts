import type { Kysely } from 'kysely';
import {
  AuthorityText,
  Permission,
  PermissionAdminText,
  type PermissionCreate,
  type PermissionEdit,
  type PermissionNode,
  type PermissionSearch,
  type PermissionTreeNode,
  type PermissionTreeResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, Forbidden, NotFound, StaleVersion } from '../../platform/errors.js';
import { productMenuFrame, routeNameOf, type MenuSeed } from '../permission/permission.seed.js';
import * as repo from './permission-admin.repo.js';
import { isPlatformOwner } from '../../platform/auth/authority.js';
import { recordMapper } from '../../platform/db/records.js';

/** Actions the server's routes check: renaming one would silently cut its holders off. */
const BUILTIN_ACTIONS: ReadonlySet<string> = new Set(Object.values(Permission));
/** Paths of the product's menus. */
const BUILTIN_PATHS: ReadonlySet<string> = new Set(menuPaths(productMenuFrame));

function menuPaths(nodes: MenuSeed[]): string[] {
  return nodes.flatMap((n) => [...(n.path ? [n.path] : []), ...menuPaths(n.children ?? [])]);
}

/**
 * 权限: the menu and button tree. It is shared by every company; a change reaches every user's next
 * permission fetch (the catalog re-reads on the trigger-kept version) and the next access check.
 */
export async function topMenus(db: Kysely<DB>): Promise<PermissionNode[]> {
  return (await repo.listChildren(db, null)).map(toNode);
}

export async function children(db: Kysely<DB>, parentId: string): Promise<PermissionNode[]> {
  return (await repo.listChildren(db, [parentId])).map(toNode);
}

export async function childrenOf(db: Kysely<DB>, parentIds: string[]): Promise<Record<string, PermissionNode[]>> {
  const ids = [...new Set(parentIds)];
  const result: Record<string, PermissionNode[]> = Object.fromEntries(ids.map((id) => [id, []]));
  for (const row of await repo.listChildren(db, ids)) result[row.parent_id!]!.push(toNode(row));
  return result;
}

/** Every node in tree order (a parent before its children), optionally only those matching the search. */
export async function listAll(db: Kysely<DB>, search: PermissionSearch): Promise<PermissionNode[]> {
  const ordered = treeOrder(await repo.listAll(db));
  const contains = (value: string | null, part: string | undefined) => !part || (value ?? '').toLowerCase().includes(part.toLowerCase());
  return ordered
    .filter((r) => contains(r.name, search.name) && contains(r.path, search.path) && contains(r.action, search.action))
    .filter((r) => search.menuType === undefined || r.menu_type === search.menuType)
    .map(toNode);
}

export async function tree(db: Kysely<DB>, menuOnly: boolean): Promise<PermissionTreeResult> {
  const rows = (await repo.listAll(db)).filter((r) => !menuOnly || r.menu_type !== 2);
  const nodes = new Map(
    rows.map((r): [string, PermissionTreeNode] => [
      r.id,
      { key: r.id, value: r.id, title: r.name, menuType: r.menu_type, action: r.action, isLeaf: true, children: [] },
    ]),
  );
  const roots: PermissionTreeNode[] = [];
  for (const row of rows) {
    const parent = row.parent_id ? nodes.get(row.parent_id) : undefined;
    if (parent) parent.isLeaf = false;
    (parent ? parent.children : roots).push(nodes.get(row.id)!);
  }
  return { treeList: roots, ids: rows.map((r) => r.id) };
}

export async function addNode(db: Kysely<DB>, session: SessionInfo, input: PermissionCreate): Promise<PermissionNode> {
  const values = toValues(input);
  const id = await db.transaction().execute(async (trx) => {
    await checkParent(trx, values);
    await checkUnique(trx, values);
    if (values.status === '0' && values.action && BUILTIN_ACTIONS.has(values.action)) await assertSuper(trx, session);
    return repo.insertNode(trx, session.userId, values).catch(uniqueViolation);
  });
  return toNode((await repo.findNode(db, id))!);
}

export async function editNode(db: Kysely<DB>, session: SessionInfo, input: PermissionEdit): Promise<PermissionNode> {
  const { id, version } = input;
  const values = toValues(input);
  await db.transaction().execute(async (trx) => {
    const current = await repo.findNode(trx, id);
    if (!current) throw new NotFound();
    if (current.version !== version) throw new StaleVersion();
    await checkParent(trx, values, id);
    if (values.menu_type === 2 && current.has_children) throw new BizError(PermissionAdminText.typeChangeWithChildren);
    await checkUnique(trx, values, id);
    const actionChanged = values.action !== current.action;
    if (actionChanged && current.action && BUILTIN_ACTIONS.has(current.action)) throw new BizError(PermissionAdminText.builtinAction);
    // Data rules and the server's menu checks find a menu by its path: moving a product menu's path
    // would cut its rules loose, so it is reserved like a built-in action.
    if (current.menu_type !== 2 && values.path !== current.path && current.path && BUILTIN_PATHS.has(current.path)) throw new BizError(AuthorityText.builtinPath);
    // Holders of this node would gain a server-checked action, or everyone would: only a super group member may.
    const grantsBuiltin = actionChanged && values.action !== null && BUILTIN_ACTIONS.has(values.action);
    const opensBuiltin = values.status === '0' && values.action !== null && BUILTIN_ACTIONS.has(values.action) && (current.status !== '0' || actionChanged);
    if (grantsBuiltin || opensBuiltin) await assertSuper(trx, session);
    // The version is checked again by the update itself, so a concurrent edit still loses cleanly.
    if (!(await repo.updateNode(trx, session.userId, id, version, values).catch(uniqueViolation))) throw new StaleVersion();
  });
  return toNode((await repo.findNode(db, id))!);
}

export async function deleteNode(db: Kysely<DB>, id: string): Promise<null> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.findNode(trx, id))) throw new NotFound();
    if (await repo.hasChildren(trx, id)) throw new BizError(PermissionAdminText.hasChildren);
    if (!(await repo.deleteNode(trx, id))) throw new NotFound();
  });
  return null;
}

function toValues(input: PermissionCreate): repo.NodeValues {
  const isMenu = input.menuType !== 2;
  return {
    // A 一级菜单 is always top level, whatever a form left in the field.
    parent_id: input.menuType === 0 ? null : input.parentId,
    menu_type: input.menuType,
    name: input.name,
    path: input.path,
    route_name: input.routeName ?? (isMenu && input.path ? routeNameOf(input.path) : null),
    // As the seeded menus: a top-level folder renders its children, a link without a page opens in an iframe.
    component: input.component ?? (input.menuType === 0 ? 'layouts/RouteView' : isMenu && input.url && !input.internalOrExternal ? 'IframePageView' : null),
    redirect: input.redirect,
    icon: input.icon,
    url: input.url,
    is_route: input.route,
    hidden: input.hidden,
    always_show: input.alwaysShow,
    keep_alive: input.keepAlive,
    internal_or_external: input.internalOrExternal,
    sort: input.sort,
    action: input.action,
    auth_type: input.authType,
    status: input.status,
  };
}

async function checkParent(db: Kysely<DB>, values: repo.NodeValues, selfId?: string): Promise<void> {
  if (!values.parent_id) return;
  const parent = await repo.findNode(db, values.parent_id);
  if (!parent) throw new BizError(PermissionAdminText.parentMissing);
  if (parent.menu_type === 2) throw new BizError(PermissionAdminText.parentIsButton);
  if (selfId && (await repo.subtreeIds(db, selfId)).has(parent.id)) throw new BizError(PermissionAdminText.parentIsDescendant);
}

async function checkUnique(db: Kysely<DB>, values: repo.NodeValues, exceptId?: string): Promise<void> {
  if (values.menu_type !== 2 && values.path && (await repo.pathTaken(db, values.path, exceptId))) throw new BizError(PermissionAdminText.pathTaken);
  if (values.action && (await repo.actionTaken(db, values.action, exceptId))) throw new BizError(PermissionAdminText.actionTaken);
}

// The permission tree is shared by every company: only the platform owner, not any company's super group.
async function assertSuper(db: Kysely<DB>, session: SessionInfo): Promise<void> {
  if (!(await isPlatformOwner(db, session.userId))) throw new Forbidden(PermissionAdminText.superGroupOnly);
}

// Two administrators saving the same path or action at once: the unique indexes decide.
function uniqueViolation(err: unknown): never {
  const e = err as { code?: string; constraint?: string; message?: string };
  if (e.code === '23505') {
    const which = `${e.constraint ?? ''} ${e.message ?? ''}`;
    throw new BizError(which.includes('sys_permission_path_idx') ? PermissionAdminText.pathTaken : PermissionAdminText.actionTaken);
  }
  throw err;
}

function treeOrder(rows: repo.NodeRow[]): repo.NodeRow[] {
  const byParent = new Map<string | null, repo.NodeRow[]>();
  for (const row of rows) {
    const list = byParent.get(row.parent_id) ?? [];
    list.push(row);
    byParent.set(row.parent_id, list);
  }
  const out: repo.NodeRow[] = [];
  const walk = (parentId: string | null) => {
    for (const row of byParent.get(parentId) ?? []) {
      out.push(row);
      walk(row.id);
    }
  };
  walk(null);
  return out;
}

const nodeFields = recordMapper<Omit<PermissionNode, 'route'>>();

function toNode({ is_route, ...row }: repo.NodeRow): PermissionNode {
  return { ...nodeFields({ ...row, has_children: Boolean(row.has_children) }), route: is_route };
}
