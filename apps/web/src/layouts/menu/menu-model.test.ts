import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@care/shared';
import {
  collapseOpenKeys,
  expandOpenKeys,
  findChain,
  menuTarget,
  nextOpenKeys,
  openKeysOnRoute,
  resolvePath,
  routeOpenKeys,
  searchEntries,
  searchMenu,
  searchTarget,
  selectedKeys,
  toNavTree,
  visibleTree,
} from './menu-model';

function item(id: string, path: string, title: string, extra: Partial<MenuItem> = {}, meta: Partial<MenuItem['meta']> = {}): MenuItem {
  return { id, path, name: id, component: 'x', hidden: false, alwaysShow: false, route: '1', meta: { title, ...meta }, ...extra };
}

const menu: MenuItem[] = [
  item('dash', '/dashboard', '仪表盘', { children: [item('analysis', '/dashboard/analysis', '分析页')] }),
  item('system', '/system', '系统管理', {
    children: [
      item('user', 'user', '用户管理', { children: [item('user-detail', '/system/user/:id', '用户详情', { hidden: true })] }),
      item('role', '/system/role', '角色管理', {}, { icon: 'TeamOutlined' }),
      item('secret', '/system/secret', '隐藏页', { hidden: true }),
    ],
  }),
  item('docs', '/docs', '帮助文档', {}, { url: 'https://example.com/docs', internalOrExternal: true }),
  item('report', '/report/iframe', '报表', {}, { url: 'https://example.com/report', internalOrExternal: false }),
];
const tree = toNavTree(menu);

describe('menu tree', () => {
  it('relative child paths hang under the parent', () => {
    expect(resolvePath('/system', 'user')).toBe('/system/user');
    expect(resolvePath('/system/', '/abs/')).toBe('/abs');
    expect(tree[1]?.children[0]?.path).toBe('/system/user');
  });

  it('hidden items are not shown', () => {
    const system = visibleTree(tree)[1];
    expect(system?.children.map((n) => n.key)).toEqual(['user', 'role']);
  });

  it('finds the chain of the current page, hidden detail pages included', () => {
    expect(findChain(tree, '/system/role').map((n) => n.key)).toEqual(['system', 'role']);
    const detail = findChain(tree, '/system/user/42');
    expect(detail.map((n) => n.key)).toEqual(['system', 'user', 'user-detail']);
    // The menu highlights the nearest shown item.
    expect(selectedKeys(detail)).toEqual(['user']);
    expect(routeOpenKeys(detail)).toEqual(['system']);
    expect(findChain(tree, '/nowhere')).toEqual([]);
  });

  it('external items open a new window; iframe items open in the shell from the menu and in a window from search', () => {
    const docs = tree[2]!;
    const report = tree[3]!;
    expect(menuTarget(docs)).toEqual({ kind: 'window', url: 'https://example.com/docs' });
    expect(menuTarget(report)).toEqual({ kind: 'route', path: '/report/iframe' });
    expect(searchTarget(report)).toEqual({ kind: 'window', url: 'https://example.com/report' });
    expect(searchTarget(tree[1]!.children[1]!)).toEqual({ kind: 'route', path: '/system/role' });
  });
});

describe('menu search', () => {
  const entries = searchEntries(tree);

  it('lists the shown pages with their menu path', () => {
    expect(entries.map((e) => e.label)).toEqual(['仪表盘 / 分析页', '系统管理 / 用户管理', '系统管理 / 角色管理', '帮助文档', '报表']);
  });

  it('filters by a part of the title, case-insensitively; an empty keyword lists everything', () => {
    expect(searchMenu(entries, '管理').map((e) => e.node.key)).toEqual(['user', 'role']);
    expect(searchMenu(entries, ' 角色 ').map((e) => e.node.key)).toEqual(['role']);
    expect(searchMenu(entries, '隐藏')).toEqual([]);
    expect(searchMenu(entries, '')).toHaveLength(entries.length);
    const latin = searchEntries(toNavTree([item('x', '/x', 'BI Report')]));
    expect(searchMenu(latin, 'bi re')).toHaveLength(1);
  });
});

describe('open submenus', () => {
  const roots = ['dash', 'system'];

  it('only one top-level submenu is open at a time', () => {
    expect(nextOpenKeys(['dash'], ['dash', 'system'], roots)).toEqual(['system']);
  });

  it('a nested submenu opens beside its ancestors; closing takes the keys as they come', () => {
    expect(nextOpenKeys(['system'], ['system', 'user'], roots)).toEqual(['system', 'user']);
    expect(nextOpenKeys(['system', 'user'], ['system'], roots)).toEqual(['system']);
  });

  it('the horizontal menu takes the keys as they come', () => {
    expect(nextOpenKeys(['dash'], ['dash', 'system'], roots, true)).toEqual(['dash', 'system']);
  });

  it('collapsing remembers the open submenus and expanding restores them', () => {
    const collapsed = collapseOpenKeys({ openKeys: ['system', 'user'], cachedOpenKeys: [] });
    expect(collapsed).toEqual({ openKeys: [], cachedOpenKeys: ['system', 'user'] });
    expect(expandOpenKeys(collapsed).openKeys).toEqual(['system', 'user']);
  });

  it('a route change while collapsed is remembered for the expansion', () => {
    const memory = openKeysOnRoute({ openKeys: [], cachedOpenKeys: ['dash'] }, ['system'], true);
    expect(memory).toEqual({ openKeys: [], cachedOpenKeys: ['system'] });
    expect(expandOpenKeys(memory).openKeys).toEqual(['system']);
    expect(openKeysOnRoute({ openKeys: ['dash'], cachedOpenKeys: [] }, ['system'], false).openKeys).toEqual(['system']);
  });
});
