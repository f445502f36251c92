import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@care/shared';
import { crumbsFor, titleFor } from './breadcrumb';
import { findChain, toNavTree } from './menu/menu-model';

const item = (id: string, path: string, title: string, children?: MenuItem[]): MenuItem => ({
  id, path, name: id, component: 'x', hidden: false, alwaysShow: false, route: '1', meta: { title }, ...(children ? { children } : {}),
});
const tree = toNavTree([
  item('dash', '/dashboard', '仪表盘', [item('analysis', '/dashboard/analysis', '分析页')]),
  item('system', '/system', '系统管理', [item('user', '/system/user', '用户管理')]),
]);

describe('breadcrumb (spec §2)', () => {
  it('首页 then the matched menu path; the last is not a link', () => {
    const chain = findChain(tree, '/system/user');
    expect(crumbsFor(chain, '/system/user')).toEqual([
      { title: '首页', to: '/dashboard/analysis' },
      { title: '系统管理', to: '/system' },
      { title: '用户管理' },
    ]);
  });

  it('the home page is 首页 alone, not a link', () => {
    expect(crumbsFor(findChain(tree, '/dashboard/analysis'), '/dashboard/analysis')).toEqual([{ title: '首页' }]);
  });

  it('titles: 首页 for home, the menu title elsewhere, none outside the menu', () => {
    expect(titleFor(findChain(tree, '/dashboard/analysis'), '/dashboard/analysis')).toBe('首页');
    expect(titleFor(findChain(tree, '/system/user'), '/system/user')).toBe('用户管理');
    expect(titleFor([], '/elsewhere')).toBeNull();
  });
});
