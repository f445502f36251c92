import { describe, expect, it } from 'vitest';
import type { MenuItem } from '@care/shared';
import { buildMenuRoutes, componentKey, groupByTopMenu, menuShortcuts, type MenuRoute } from './menu-routes';

let nextId = 0;
function item(path: string, component: string, extra: Partial<MenuItem> = {}): MenuItem {
  nextId += 1;
  return {
    id: `m${nextId}`,
    path,
    name: path.replace(/\W+/g, '-'),
    component,
    hidden: false,
    alwaysShow: false,
    route: '1',
    meta: { title: `标题${path}` },
    ...extra,
  };
}

const built = new Set(['dashboard/Analysis']);
const summary = (routes: MenuRoute[]) =>
  routes.map((r) =>
    r.kind === 'redirect' ? `${r.path} -> ${r.to}` : r.kind === 'iframe' ? `${r.path} iframe ${r.url}` : `${r.path} ${r.kind} ${r.componentKey}`,
  );

describe('buildMenuRoutes', () => {
  it('registers pages, folders, redirects and iframes in menu order', () => {
    const menu = [
      item('/dashboard', 'layouts/RouteView', {
        redirect: '/dashboard/analysis',
        children: [item('/dashboard/analysis', 'dashboard/Analysis'), item('/dashboard/workplace', 'dashboard/Workplace')],
      }),
      item('/system', 'layouts/RouteView', {
        children: [item('/system/doc', 'IframePageView', { meta: { title: '文档', url: 'https://docs.example.com/', internalOrExternal: false } })],
      }),
    ];
    expect(summary(buildMenuRoutes(menu, built))).toEqual([
      '/dashboard -> /dashboard/analysis',
      '/dashboard/analysis page dashboard/Analysis',
      '/dashboard/workplace placeholder dashboard/Workplace',
      '/system -> /system/doc',
      '/system/doc iframe https://docs.example.com/',
    ]);
  });

  it("skips route '0' items and everything under them", () => {
    const menu = [
      item('/a', 'layouts/RouteView', { route: '0', children: [item('/a/b', 'x/B')] }),
      item('/c', 'x/C', { route: '0' }),
      item('/d', 'x/D'),
    ];
    expect(summary(buildMenuRoutes(menu, built))).toEqual(['/d placeholder x/D']);
  });

  it('does not register external items', () => {
    const menu = [
      item('/ext', 'IframePageView', { meta: { title: '外链', url: 'https://example.com/', internalOrExternal: true } }),
      item('https://example.com/page', 'layouts/IframePageView'),
      item('/inner', 'x/Inner'),
    ];
    expect(summary(buildMenuRoutes(menu, built))).toEqual(['/inner placeholder x/Inner']);
  });

  it('a redirect wins over the component', () => {
    const routes = buildMenuRoutes([item('/old', 'dashboard/Analysis', { redirect: '/dashboard/analysis' })], built);
    expect(summary(routes)).toEqual(['/old -> /dashboard/analysis']);
  });

  it('an unknown component becomes a placeholder titled by the menu', () => {
    const [route] = buildMenuRoutes([item('/customer/list', 'customer/CustomerList', { meta: { title: '客户列表' } })], built);
    expect(route).toMatchObject({ kind: 'placeholder', componentKey: 'customer/CustomerList', title: '客户列表' });
  });

  it('keeps hidden items routable and marks what is under them hidden', () => {
    const menu = [item('/h', 'layouts/RouteView', { hidden: true, children: [item('/h/detail', 'x/Detail')] })];
    const routes = buildMenuRoutes(menu, built);
    expect(summary(routes)).toEqual(['/h -> /h/detail', '/h/detail placeholder x/Detail']);
    expect(routes.every((r) => r.hidden)).toBe(true);
  });

  it('joins relative child paths to the parent, ignores `/` and keeps the first claim of a path', () => {
    const menu = [
      item('/', 'layouts/RouteView', { redirect: '/x' }),
      item('/order', 'layouts/RouteView', { children: [item('list', 'order/OrderList'), item('/order/list/', 'order/Other')] }),
    ];
    expect(summary(buildMenuRoutes(menu, built))).toEqual(['/order -> /order/list', '/order/list placeholder order/OrderList']);
  });

  it('drops an item with neither component nor routable children', () => {
    expect(buildMenuRoutes([item('/empty', ''), item('/folder', 'layouts/RouteView')], built)).toEqual([]);
  });
});

describe('componentKey', () => {
  it('normalises the forms a menu may use', () => {
    expect(componentKey('dashboard/Analysis')).toBe('dashboard/Analysis');
    expect(componentKey('/dashboard/Analysis')).toBe('dashboard/Analysis');
    expect(componentKey('views/system/UserList.vue')).toBe('system/UserList');
    expect(componentKey(' ./x/Y.tsx ')).toBe('x/Y');
  });
});

describe('menuShortcuts', () => {
  it('lists the visible leaf pages, iframes and placeholders', () => {
    const menu = [
      item('/dashboard', 'layouts/RouteView', {
        redirect: '/dashboard/analysis',
        children: [item('/dashboard/analysis', 'dashboard/Analysis'), item('/dashboard/hidden', 'x/H', { hidden: true })],
      }),
      item('/doc', 'IframePageView', { meta: { title: '文档', url: '/static/doc.html' } }),
      item('/parent', 'x/Parent', { children: [item('/parent/child', 'x/Child')] }),
      item('/menu-only', 'layouts/RouteView', { children: [item('/menu-only/b', 'x/B', { route: '0' })] }),
      item('/list', 'x/List', { children: [item('/list/detail/:id', 'x/Detail', { hidden: true })] }),
    ];
    expect(menuShortcuts(buildMenuRoutes(menu, built)).map((r) => r.path)).toEqual(['/dashboard/analysis', '/doc', '/parent/child', '/list']);
    // The hidden detail page is routable, with its parameter.
    expect(buildMenuRoutes(menu, built).find((r) => r.path === '/list/detail/:id')).toMatchObject({ kind: 'placeholder', componentKey: 'x/Detail', hidden: true });
  });
});

describe('groupByTopMenu', () => {
  it('groups shortcuts under their top-level entry and puts top-level pages first', () => {
    const menu = [
      item('/crm', 'layouts/RouteView', { meta: { title: '客户管理' }, children: [item('/crm/lead', 'lead/LeadList'), item('/crm/customer', 'customer/CustomerList')] }),
      item('/help', 'help/Help', { meta: { title: '帮助' } }),
      item('/empty', 'layouts/RouteView', { meta: { title: '空' }, children: [item('/empty/x', 'x/X', { hidden: true })] }),
    ];
    const groups = groupByTopMenu(menu, menuShortcuts(buildMenuRoutes(menu, built)));
    expect(groups.map((g) => [g.title, g.routes.map((r) => r.path)])).toEqual([
      ['', ['/help']],
      ['客户管理', ['/crm/lead', '/crm/customer']],
    ]);
  });
});
