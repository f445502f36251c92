import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { usePermissionStore } from '../lib/permission-store';
import { safeUrl } from '../lib/safe-url';
import { titleFor } from './breadcrumb';
import { findChain, toNavTree, visibleTree, type NavNode, type NavTarget } from './menu/menu-model';

export interface Nav {
  /** The whole menu tree, hidden items included. */
  tree: NavNode[];
  /** What the menu shows. */
  visible: NavNode[];
  /** Menu items from the top down to the current page; empty when the page is not in the menu. */
  chain: NavNode[];
  pathname: string;
  /** The current page's title, when the menu knows it. */
  title: string | null;
}

export function useNav(): Nav {
  const menu = usePermissionStore((s) => s.menu);
  const { pathname } = useLocation();
  const tree = useMemo(() => toNavTree(menu), [menu]);
  const visible = useMemo(() => visibleTree(tree), [tree]);
  const chain = useMemo(() => findChain(tree, pathname), [tree, pathname]);
  return { tree, visible, chain, pathname, title: titleFor(chain, pathname) };
}

/** Opens configured addresses in a new window; anything but http(s) or a site path is ignored. */
export function openInNewWindow(url: string): void {
  const safe = safeUrl(url);
  if (safe) window.open(safe, '_blank', 'noopener,noreferrer');
}

/** Follows a menu target: a route in the app, or a new window. */
export function useGoTo(): (target: NavTarget) => void {
  const navigate = useNavigate();
  return useCallback(
    (target: NavTarget) => {
      if (target.kind === 'window') openInNewWindow(target.url);
      else navigate(target.path);
    },
    [navigate],
  );
}
