import { describe, expect, it } from 'vitest';
import type { PermissionNode, PermissionTreeNode } from '@care/shared';
import { ancestorsOf, branchKeys, descendantsOf, filterTree, indexTree, knownIds, menusOnly, toggleChecked, treeFromNodes } from './permission-tree';

const node = (key: string, title: string, children: PermissionTreeNode[] = [], action: string | null = null): PermissionTreeNode => ({
  key,
  value: key,
  title,
  menuType: action ? 2 : children.length ? 0 : 1,
  action,
  isLeaf: children.length === 0,
  children,
});

// 系统管理 › 用户 (新增用户, 编辑用户), 系统管理 › 部门; 首页.
const tree = [
  node('sys', '系统管理', [node('user', '用户', [node('add', '新增用户', [], 'system:user:add'), node('edit', '编辑用户', [], 'system:user:edit')]), node('dept', '部门')]),
  node('home', '首页'),
];
const index = indexTree(tree);
const sorted = (set: Iterable<string>) => [...set].sort();

describe('permission tree model', () => {
  it('indexes parents and children in tree order', () => {
    expect(index.ids).toEqual(['sys', 'user', 'add', 'edit', 'dept', 'home']);
    expect(sorted(descendantsOf(index, 'sys'))).toEqual(['add', 'dept', 'edit', 'user']);
    expect(ancestorsOf(index, 'add')).toEqual(['user', 'sys']);
    expect(ancestorsOf(index, 'home')).toEqual([]);
  });

  it('linked: ticking a button ticks its menus; ticking a menu ticks its buttons', () => {
    expect(sorted(toggleChecked(index, new Set(), 'add', true, true))).toEqual(['add', 'sys', 'user']);
    expect(sorted(toggleChecked(index, new Set(), 'user', true, true))).toEqual(['add', 'edit', 'sys', 'user']);
  });

  it('linked: clearing a node clears what is under it and leaves the menus above', () => {
    const all = new Set(index.ids);
    expect(sorted(toggleChecked(index, all, 'user', false, true))).toEqual(['dept', 'home', 'sys']);
    expect(sorted(toggleChecked(index, all, 'add', false, true))).toEqual(['dept', 'edit', 'home', 'sys', 'user']);
  });

  it('unlinked: one node at a time', () => {
    expect(sorted(toggleChecked(index, new Set(['user']), 'add', true, false))).toEqual(['add', 'user']);
    expect(sorted(toggleChecked(index, new Set(['user', 'add']), 'user', false, false))).toEqual(['add']);
  });

  it('keeps only ids the tree knows, in tree order', () => {
    expect(knownIds(index, ['home', 'gone', 'add'])).toEqual(['add', 'home']);
  });

  it('filters by title or action, keeping ancestors and the children of a match', () => {
    const byTitle = filterTree(tree, '新增');
    expect(byTitle.map((n) => n.key)).toEqual(['sys']);
    expect(byTitle[0]!.children.map((n) => n.key)).toEqual(['user']);
    expect(byTitle[0]!.children[0]!.children.map((n) => n.key)).toEqual(['add']);
    expect(filterTree(tree, 'SYSTEM:USER:EDIT')[0]!.children[0]!.children.map((n) => n.key)).toEqual(['edit']);
    expect(filterTree(tree, '用户')[0]!.children[0]!.children).toHaveLength(2);
    expect(filterTree(tree, '  ')).toHaveLength(2);
    expect(filterTree(tree, '不存在')).toEqual([]);
  });

  it('lists the branches to expand', () => {
    expect(branchKeys(tree)).toEqual(['sys', 'user']);
  });

  it('builds the tree from the flat list, parents first', () => {
    const flat = (id: string, parentId: string | null, name: string, menuType: 0 | 1 | 2, action: string | null = null) =>
      ({ id, parentId, name, menuType, action }) as PermissionNode;
    const built = treeFromNodes([flat('sys', null, '系统管理', 0), flat('user', 'sys', '用户', 1), flat('add', 'user', '新增用户', 2, 'system:user:add'), flat('home', null, '首页', 0)]);
    expect(built.map((n) => n.key)).toEqual(['sys', 'home']);
    expect(built[0]).toMatchObject({ title: '系统管理', isLeaf: false, menuType: 0 });
    expect(built[0]!.children[0]!.children[0]).toEqual({ key: 'add', value: 'add', title: '新增用户', menuType: 2, action: 'system:user:add', isLeaf: true, children: [] });
    expect(built[1]).toMatchObject({ isLeaf: true, children: [] });
  });

  it('drops the buttons for a parent picker', () => {
    const menus = menusOnly(tree);
    expect(menus[0]!.children.map((n) => n.key)).toEqual(['user', 'dept']);
    expect(menus[0]!.children[0]!.children).toEqual([]);
  });
});
