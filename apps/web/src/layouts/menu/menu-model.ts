import { matchPath } from 'react-router';
import type { MenuItem } from '@care/shared';
import { isExternal } from '../../app/menu-routes';

/** A permission-menu item as the shell uses it: absolute path, title and how it opens. */
export interface NavNode {
  key: string;
  path: string;
  title: string;
  icon?: string;
  /** Address of an external page (new window) or of an iframe page (inside the shell). */
  url?: string;
  /** true: opens in a new window (spec §2, meta.internalOrExternal). */
  external: boolean;
  hidden: boolean;
  redirect?: string;
  children: NavNode[];
}

const WEB_ADDRESS = /^https?:\/\//i;

/** Joins a relative child path to its parent's (as the routes do); absolute paths and web addresses stay. */
export function resolvePath(parentPath: string, path: string): string {
  const raw = path.trim();
  if (WEB_ADDRESS.test(raw)) return raw;
  const joined = raw.startsWith('/') ? raw : `${parentPath.replace(/\/+$/, '')}/${raw}`;
  return joined.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

export function toNavTree(menu: readonly MenuItem[], parentPath = ''): NavNode[] {
  return menu.map((item) => {
    const path = resolvePath(parentPath, item.path);
    const external = isExternal(item);
    // An external item without meta.url has its address as its path.
    const url = item.meta.url?.trim() || (external && WEB_ADDRESS.test(path) ? path : undefined);
    return {
      key: item.id,
      path,
      title: item.meta.title,
      ...(item.meta.icon ? { icon: item.meta.icon } : {}),
      ...(url ? { url } : {}),
      ...(item.redirect ? { redirect: item.redirect } : {}),
      external: external && url !== undefined,
      hidden: item.hidden,
      children: toNavTree(item.children ?? [], path),
    };
  });
}

/** The tree the menu shows: hidden items (and everything under them) left out. */
export function visibleTree(nodes: readonly NavNode[]): NavNode[] {
  return nodes.filter((n) => !n.hidden).map((n) => ({ ...n, children: visibleTree(n.children) }));
}

/** A node is a submenu when it has something to show under it; otherwise it is a page. */
export function isSubmenu(node: NavNode): boolean {
  return node.children.some((c) => !c.hidden);
}

function matches(node: NavNode, pathname: string): boolean {
  if (node.url && node.external) return false;
  return matchPath({ path: node.path, end: true }, pathname) !== null;
}

/**
 * The chain of menu items from the top level down to the one matching `pathname` (hidden items
 * included: a hidden detail page still has its place in the breadcrumb). Empty when nothing matches.
 */
export function findChain(nodes: readonly NavNode[], pathname: string): NavNode[] {
  for (const node of nodes) {
    const below = findChain(node.children, pathname);
    if (below.length > 0) return [node, ...below];
    if (matches(node, pathname)) return [node];
  }
  return [];
}

/** The part of a chain the menu can show: up to the first hidden item. */
export function visibleChain(chain: readonly NavNode[]): NavNode[] {
  const at = chain.findIndex((n) => n.hidden);
  return at < 0 ? [...chain] : chain.slice(0, at);
}

/** The menu entry to highlight for the current page. */
export function selectedKeys(chain: readonly NavNode[]): string[] {
  const last = visibleChain(chain).at(-1);
  return last ? [last.key] : [];
}

/** The submenus to open so the current page's entry shows. */
export function routeOpenKeys(chain: readonly NavNode[]): string[] {
  return visibleChain(chain)
    .filter(isSubmenu)
    .map((n) => n.key);
}

export type NavTarget = { kind: 'window'; url: string } | { kind: 'route'; path: string };

/** A menu click: external links open a new window; iframe pages and pages open in the shell. */
export function menuTarget(node: NavNode): NavTarget {
  if (node.url && node.external) return { kind: 'window', url: node.url };
  return { kind: 'route', path: node.path };
}

/** A search pick (spec §2): external links and iframe pages open a new window. */
export function searchTarget(node: NavNode): NavTarget {
  if (node.url) return { kind: 'window', url: node.url };
  return { kind: 'route', path: node.path };
}

export interface SearchEntry {
  node: NavNode;
  /** Titles from the top level down, e.g. 系统管理 / 用户管理. */
  label: string;
}

/** Every page of the visible menu, for the header's menu search. */
export function searchEntries(nodes: readonly NavNode[], parents: readonly string[] = []): SearchEntry[] {
  return nodes
    .filter((n) => !n.hidden)
    .flatMap((n) => {
      const titles = [...parents, n.title];
      return isSubmenu(n) ? searchEntries(n.children, titles) : [{ node: n, label: titles.join(' / ') }];
    });
}

/** Entries whose titles contain the keyword (case-insensitive); all of them for an empty keyword. */
export function searchMenu(entries: readonly SearchEntry[], keyword: string): SearchEntry[] {
  const wanted = keyword.trim().toLowerCase();
  if (!wanted) return [...entries];
  return entries.filter((e) => e.label.toLowerCase().includes(wanted));
}

/**
 * Spec §2: in the inline menu only one top-level submenu is open at a time; a nested submenu opens
 * beside its ancestors. A horizontal menu takes the keys as they come.
 */
export function nextOpenKeys(current: readonly string[], requested: readonly string[], rootKeys: readonly string[], horizontal = false): string[] {
  if (horizontal) return [...requested];
  const latest = requested.find((k) => !current.includes(k));
  if (latest === undefined || !rootKeys.includes(latest)) return [...requested];
  return [latest];
}

export interface OpenKeysMemory {
  openKeys: string[];
  cachedOpenKeys: string[];
}

/** Collapsing remembers the open submenus and closes them (a collapsed menu shows pop-ups instead). */
export function collapseOpenKeys(memory: OpenKeysMemory): OpenKeysMemory {
  return { openKeys: [], cachedOpenKeys: [...memory.openKeys] };
}

/** Expanding opens again what was open before collapsing. */
export function expandOpenKeys(memory: OpenKeysMemory): OpenKeysMemory {
  return { openKeys: [...memory.cachedOpenKeys], cachedOpenKeys: [...memory.cachedOpenKeys] };
}

/** A route change opens the new page's submenus, or remembers them while collapsed. */
export function openKeysOnRoute(memory: OpenKeysMemory, keys: readonly string[], collapsed: boolean): OpenKeysMemory {
  return collapsed ? { openKeys: [], cachedOpenKeys: [...keys] } : { openKeys: [...keys], cachedOpenKeys: memory.cachedOpenKeys };
}
