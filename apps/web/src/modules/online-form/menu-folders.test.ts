import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@care/shared';
import { menuFolders } from './menu-folders';

const item = (path: string, title: string, children?: MenuItem[], hidden = false): MenuItem => ({
  id: path,
  path,
  name: path,
  component: children ? 'layouts/RouteView' : 'x/Page',
  hidden,
  alwaysShow: false,
  route: '1',
  meta: { title },
  ...(children ? { children } : {}),
});

describe('menuFolders', () => {
  it('keeps the folders (with their nested folders) and leaves pages and hidden entries out', () => {
    const menu = [
      item('/dashboard', '首页'),
      item('/online', '在线开发', [item('/online/form', '表单配置'), item('/online/more', '更多', [item('/online/more/a', 'A')])]),
      item('/secret', '隐藏', [item('/secret/a', 'A')], true),
      item('/empty', '空目录', []),
    ];
    expect(menuFolders(menu)).toEqual([
      { value: '/online', title: '在线开发', children: [{ value: '/online/more', title: '更多', children: [] }] },
    ]);
  });
});
