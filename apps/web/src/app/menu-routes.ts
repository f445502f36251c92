import type { MenuItem } from '@care/shared';

/** What one menu item registers (spec §2, Dynamic routes). */
export type MenuRoute = {
  path: string;
  title: string;
  item: MenuItem;
  /** The item or one of its ancestors is hidden: routable, but not listed (menu, shortcuts). */
  hidden: boolean;
} & (
  | { kind: 'redirect'; to: string }
  /** A built page: a web module offers `componentKey` (src/modules/<name>/<name>.module.ts). */
  | { kind: 'page'; componentKey: string }
  /** A page that a later issue builds: 该功能正在建设中. */
  | { kind: 'placeholder'; componentKey: string }
  /** An internal link (meta.url, internalOrExternal false) shown in an iframe inside the shell. */
  | { kind: 'iframe'; url: string }
);

/** Component keys of folder nodes: they group children and render no page of their own. */
const FOLDER_PREFIX = 'layouts/';
const IFRAME_COMPONENTS: ReadonlySet<string> = new Set(['IframePageView', 'layouts/IframePageView']);

/** `views/system/UserList.vue`, `/system/UserList` and `system/UserList` all name `system/UserList`. */
export function componentKey(component: string): string {
  return component
    .trim()
    .replace(/^\.?\/+/, '')
    .replace(/^views\//, '')
    .replace(/\.(tsx|jsx|vue)$/, '');
}

/** Opens in a new window: never a route. */
export function isExternal(item: MenuItem): boolean {
  return item.meta.internalOrExternal === true || /^https?:\/\//i.test(item.path);
}

/** An absolute path without trailing slash; a relative child path hangs under its parent's. */
function resolvePath(parentPath: string, path: string): string {
  const raw = path.trim();
  if (raw === '') return '';
  const joined = raw.startsWith('/') ? raw : `${parentPath.replace(/\/+$/, '')}/${raw}`;
  return joined.replace(/\/{2,}/g, '/').replace(/(.)\/+$/, '$1');
}

/**
 * The routes a menu tree registers:
 * - route '0' items (with everything under them) are not registered;
 * - external items (internalOrExternal true, or an http(s) path) are not routes;
 * - `redirect` wins over the component;
 * - a meta.url shown inside the shell, or an IframePageView, is an iframe page;
 * - a folder node (`layouts/…`) without redirect goes to its first routable descendant;
 * - a component in `pageKeys` is a page, any other a placeholder;
 * - hidden items stay routable. The first item to claim a path keeps it; `/` belongs to the app.
 */
export function buildMenuRoutes(menu: readonly MenuItem[], pageKeys: ReadonlySet<string>): MenuRoute[] {
  // Pre-order (an item, then what is under it): the order of the menu.
  const walk = (items: readonly MenuItem[], parentPath: string, parentHidden: boolean): MenuRoute[] =>
    items.flatMap((item) => {
      if (item.route === '0') return [];
      const path = resolvePath(parentPath, item.path);
      const hidden = parentHidden || item.hidden;
      if (isExternal(item) || path === '') return walk(item.children ?? [], parentPath, hidden);
      const below = walk(item.children ?? [], path, hidden);
      const own = ownRoute(item, path, hidden, below, pageKeys);
      return own ? [own, ...below] : below;
    });

  const taken = new Set<string>(['/']);
  return walk(menu, '', false).filter((route) => {
    if (taken.has(route.path)) return false;
    taken.add(route.path);
    return true;
  });
}

function ownRoute(item: MenuItem, path: string, hidden: boolean, below: MenuRoute[], pageKeys: ReadonlySet<string>): MenuRoute | null {
  const base = { path, title: item.meta.title || item.name, item, hidden };
  const redirect = item.redirect?.trim();
  if (redirect) return { ...base, kind: 'redirect', to: resolvePath('', redirect) };
  const key = componentKey(item.component);
  const url = item.meta.url?.trim();
  if (url) return { ...base, kind: 'iframe', url };
  if (key.startsWith(FOLDER_PREFIX) || (key === '' && below.length > 0)) {
    const first = below.find((route) => route.kind !== 'redirect');
    return first ? { ...base, kind: 'redirect', to: first.path } : null;
  }
  if (key === '') return null;
  if (IFRAME_COMPONENTS.has(key)) return { ...base, kind: 'placeholder', componentKey: key };
  return { ...base, kind: pageKeys.has(key) ? 'page' : 'placeholder', componentKey: key };
}

/**
 * Shortcut cards of the home page: the menu entries the user can open (leaf routes, not hidden,
 * not redirects), in menu order. A page whose only children are hidden (a detail page) is a leaf.
 */
export function menuShortcuts(routes: readonly MenuRoute[]): MenuRoute[] {
  return routes.filter((route) => route.kind !== 'redirect' && !route.hidden && !route.item.children?.some((child) => child.route !== '0' && !child.hidden));
}

export interface ShortcutGroup {
  /** Title of the top-level menu entry; empty for pages that sit at the top level themselves. */
  title: string;
  routes: MenuRoute[];
}

/** Shortcuts grouped under their top-level menu entry, in menu order; empty groups are left out. */
export function groupByTopMenu(menu: readonly MenuItem[], shortcuts: readonly MenuRoute[]): ShortcutGroup[] {
  const ids = (item: MenuItem): string[] => [item.id, ...(item.children ?? []).flatMap(ids)];
  const loose: MenuRoute[] = [];
  const groups: ShortcutGroup[] = [];
  for (const top of menu) {
    const inside = new Set(ids(top));
    const routes = shortcuts.filter((route) => inside.has(route.item.id));
    if (routes.length === 0) continue;
    if (routes.length === 1 && routes[0]?.item === top) loose.push(...routes);
    else groups.push({ title: top.meta.title || top.name, routes });
  }
  return loose.length > 0 ? [{ title: '', routes: loose }, ...groups] : groups;
}
