import { createElement, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useAppStateStore } from '../../lib/app-state';
import { useGoTo } from '../useNav';
import { menuIcon } from './menu-icons';
import { isSubmenu, menuTarget, nextOpenKeys, selectedKeys, type NavNode } from './menu-model';

type Items = NonNullable<MenuProps['items']>;

function toItems(nodes: readonly NavNode[]): Items {
  return nodes
    .filter((n) => !n.hidden)
    .map((n) => {
      const Icon = menuIcon(n.icon);
      const icon = Icon ? createElement(Icon) : undefined;
      return isSubmenu(n) ? { key: n.key, icon, label: n.title, children: toItems(n.children) } : { key: n.key, icon, label: n.title };
    });
}

function indexByKey(nodes: readonly NavNode[], into = new Map<string, NavNode>()): Map<string, NavNode> {
  for (const n of nodes) {
    into.set(n.key, n);
    indexByKey(n.children, into);
  }
  return into;
}

interface NavMenuProps {
  nodes: NavNode[];
  chain: NavNode[];
  mode: 'inline' | 'horizontal';
  theme: 'dark' | 'light';
  collapsed?: boolean;
  /** After a click that navigates (the mobile drawer closes). */
  onNavigate?: () => void;
}

/** The permission menu (spec §2): highlights the current page; inline, one top-level submenu open at a time. */
export function NavMenu({ nodes, chain, mode, theme, collapsed = false, onNavigate }: NavMenuProps) {
  const goTo = useGoTo();
  const openKeys = useAppStateStore((s) => s.openKeys);
  const patch = useAppStateStore((s) => s.patch);
  const items = useMemo(() => toItems(nodes), [nodes]);
  const byKey = useMemo(() => indexByKey(nodes), [nodes]);
  const rootKeys = useMemo(() => nodes.filter(isSubmenu).map((n) => n.key), [nodes]);
  // While collapsed, submenus open as pop-ups; those are not the remembered inline submenus.
  const [popupKeys, setPopupKeys] = useState<string[]>([]);

  const onClick: MenuProps['onClick'] = ({ key }) => {
    const node = byKey.get(key);
    if (!node) return;
    goTo(menuTarget(node));
    onNavigate?.();
  };

  const inline = mode === 'inline';
  return (
    <Menu
      mode={mode}
      theme={theme}
      items={items}
      selectedKeys={selectedKeys(chain)}
      onClick={onClick}
      {...(inline
        ? {
            inlineCollapsed: collapsed,
            openKeys: collapsed ? popupKeys : openKeys,
            onOpenChange: (keys: string[]) => {
              if (collapsed) setPopupKeys(keys);
              else patch({ openKeys: nextOpenKeys(openKeys, keys, rootKeys) });
            },
          }
        : { style: { flex: 1, minWidth: 0, borderBottom: 'none', lineHeight: 'inherit' } })}
    />
  );
}
