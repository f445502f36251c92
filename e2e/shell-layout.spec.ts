import { describe, expect, it } from 'vitest';
import { signedPost } from './auth-helpers';
import { useSharedBrowserSuite } from './harness';
import { appPathOf, expectTabs, expectTitle, openFromSearch, siderWidth, signedInPage, tab, userMenu } from './shell-helpers';

const HOME = '/dashboard/analysis';

describe('shell: menu, tabs, settings, sizes', () => {
  const suite = useSharedBrowserSuite();
  const open = (viewport?: { width: number; height: number }) => signedInPage(suite, viewport);

  it('the menu comes from the permissions, highlights the page, and the breadcrumb and title follow', async () => {
    const page = await open();
    await page.waitForURL((url) => url.pathname === `/app${HOME}`);
    await expectTitle(page, '首页 - 管理系统');
    const config = await signedPost<{ systemName: string }>(suite.server.baseUrl, '/online/api/getSystemConfig', {});
    await page.locator('.shell-logo').getByText(config.result.systemName || '科技平台', { exact: true }).waitFor();

    await openFromSearch(page, '系统管理 / 用户');
    await page.waitForURL((url) => url.pathname === '/app/system/user');
    await expectTitle(page, '用户 - 管理系统');
    const crumbs = page.locator('.shell-breadcrumb li');
    expect(await crumbs.allInnerTexts()).toEqual(['首页', '/', '系统管理', '/', '用户']);
    expect(await page.locator('.shell-breadcrumb a').allInnerTexts()).toEqual(['首页', '系统管理']);
    expect(await page.locator('.shell-sider .ant-menu-item-selected').innerText()).toBe('用户');

    // A folder of the breadcrumb leads to its first page, and gets no tab of its own.
    await page.locator('.shell-breadcrumb a', { hasText: '系统管理' }).click();
    await page.waitForURL((url) => url.pathname === '/app/system/company');
    await expectTabs(page, [HOME, '/system/user', '/system/company']);
    await page.locator('.shell-sider .ant-menu-item-selected', { hasText: '公司' }).waitFor();

    // Opening another top-level submenu closes the first.
    const openTitles = page.locator('.shell-sider .ant-menu-submenu-open > .ant-menu-submenu-title');
    await openTitles.filter({ hasText: '系统管理' }).waitFor();
    expect(await openTitles.allInnerTexts()).toEqual(['系统管理']);
    await page.locator('.shell-sider .ant-menu-submenu-title', { hasText: '客户管理' }).click();
    await openTitles.filter({ hasText: '客户管理' }).waitFor();
    await openTitles.filter({ hasText: '系统管理' }).waitFor({ state: 'detached' });
    expect(await openTitles.allInnerTexts()).toEqual(['客户管理']);
    await page.locator('.shell-sider .ant-menu-item', { hasText: /^线索$/ }).click();
    await page.waitForURL((url) => url.pathname === '/app/crm/lead');

    // The logo leads home.
    await page.locator('.shell-logo').click();
    await page.waitForURL((url) => url.pathname === `/app${HOME}`);
  });

  it('the home tab and the last tab refuse to close with the spec texts', async () => {
    const page = await open();
    await openFromSearch(page, '系统管理 / 角色');
    await page.waitForURL((url) => url.pathname === '/app/system/role');
    await expectTabs(page, [HOME, '/system/role']);

    await tab(page, HOME).locator('.ant-tabs-tab-remove').click();
    await page.getByText('首页不能关闭!').waitFor();
    await expectTabs(page, [HOME, '/system/role']);

    // Closing the shown tab shows its neighbour.
    await tab(page, '/system/role').locator('.ant-tabs-tab-remove').click();
    await page.waitForURL((url) => url.pathname === `/app${HOME}`);
    await expectTabs(page, [HOME]);

    // A new browser tab opened on another page, and a full reload there, still start with 首页 (issue 14);
    // the home tab alone is the last tab and cannot be closed.
    const second = await page.context().newPage();
    await second.goto(`${suite.server.baseUrl}/app/system/user`);
    await second.locator('.shell-multi-tab').waitFor();
    await expectTabs(second, [HOME, '/system/user']);
    await second.reload();
    await second.locator('.shell-multi-tab').waitFor();
    await expectTabs(second, [HOME, '/system/user']);
    await tab(second, '/system/user').locator('.ant-tabs-tab-remove').click();
    await second.waitForURL((url) => url.pathname === `/app${HOME}`);
    await expectTabs(second, [HOME]);
    await tab(second, HOME).locator('.ant-tabs-tab-remove').click();
    await second.getByText('这是最后一页，不能再关闭了啦').waitFor();
    await expectTabs(second, [HOME]);
  });

  it('right-click menu: 刷新 remounts, 关闭左侧 / 关闭右侧 / 关闭其他 keep the home tab', async () => {
    const page = await open();
    for (const label of ['系统管理 / 用户', '系统管理 / 角色', '系统管理 / 部门', '系统管理 / 公司']) await openFromSearch(page, label);
    await page.waitForURL((url) => url.pathname === '/app/system/company');
    await expectTabs(page, [HOME, '/system/user', '/system/role', '/system/department', '/system/company']);

    const action = async (key: string, name: string) => {
      await tab(page, key).locator('[data-tab-key]').click({ button: 'right' });
      await page.locator('.ant-dropdown:not(.ant-dropdown-hidden)').getByRole('menuitem', { name }).click();
      // The menu closes before the next one opens.
      await page.waitForFunction(() => document.querySelectorAll('.ant-dropdown:not(.ant-dropdown-hidden)').length === 0);
    };

    // 刷新: the page is mounted again (a mark on the old page element is gone).
    await page.locator('.shell-page').evaluate((el) => el.setAttribute('data-mark', 'old'));
    await action('/system/company', '刷新');
    await page.waitForFunction(() => document.querySelector('.shell-page') !== null && !document.querySelector('.shell-page[data-mark]'));

    await action('/system/role', '关闭左侧');
    await expectTabs(page, [HOME, '/system/role', '/system/department', '/system/company']);
    expect(appPathOf(page)).toBe('/system/company');

    await action('/system/department', '关闭右侧');
    await expectTabs(page, [HOME, '/system/role', '/system/department']);
    // The shown tab was closed: the clicked one is shown.
    await page.waitForURL((url) => url.pathname === '/app/system/department');

    await action('/system/role', '关闭其他');
    await expectTabs(page, [HOME, '/system/role']);
    await page.waitForURL((url) => url.pathname === '/app/system/role');

    // Open tabs survive a reload (session storage).
    await page.reload();
    await page.locator('.shell-multi-tab').waitFor();
    await expectTabs(page, [HOME, '/system/role']);
  });

  it('settings survive a reload: top menu and colour-weak mode', async () => {
    const page = await open();
    expect(await page.locator('.shell.shell-sidemenu').count()).toBe(1);
    await userMenu(page, '系统设置');
    const drawer = page.locator('.shell-setting-drawer');
    await drawer.getByText('顶部栏导航').click();
    await page.locator('.shell.shell-topmenu').waitFor();
    expect(await drawer.getByRole('switch', { name: '固定侧边菜单' }).isDisabled()).toBe(true);
    await drawer.getByRole('switch', { name: '色弱模式' }).click();
    expect(await page.evaluate(() => document.documentElement.style.filter)).toBe('invert(80%)');
    // Hiding the header needs the fixed header.
    expect(await drawer.getByRole('switch', { name: '下滑时隐藏 Header' }).isDisabled()).toBe(true);

    await page.reload();
    await page.locator('.shell.shell-topmenu').waitFor();
    expect(await page.locator('.shell-sider').count()).toBe(0);
    expect(await page.locator('.shell-header .ant-menu-horizontal').count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.style.filter)).toBe('invert(80%)');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__APP_SETTINGS') ?? 'null') as { value: { state: Record<string, unknown> } });
    expect(stored.value.state).toMatchObject({ layout: 'topmenu', colorWeak: true, primaryColor: '#2362fb', multiTab: true });
  });

  it('the sidebar is 200 px wide and 80 px collapsed, and remembers its open submenu', async () => {
    const page = await open();
    await openFromSearch(page, '系统管理 / 用户');
    await page.waitForURL((url) => url.pathname === '/app/system/user');
    expect(await siderWidth(page)).toBe(200);

    await page.getByRole('button', { name: '收起菜单' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('.shell-sider')!.getBoundingClientRect().width) === 80);
    expect(await page.locator('.shell-sider .shell-logo-title').count()).toBe(0);

    await page.getByRole('button', { name: '展开菜单' }).click();
    await page.waitForFunction(() => Math.round(document.querySelector('.shell-sider')!.getBoundingClientRect().width) === 200);
    await page.locator('.shell-sider .ant-menu-submenu-open', { hasText: '系统管理' }).waitFor();
    expect(await page.locator('.shell-sider .ant-menu-item-selected').innerText()).toBe('用户');
  });

  it('at 800 px wide the sidebar is collapsed; below 768 px the menu is a drawer', async () => {
    const page = await open({ width: 800, height: 700 });
    await page.waitForFunction(() => Math.round(document.querySelector('.shell-sider')!.getBoundingClientRect().width) === 80);
    expect(await siderWidth(page)).toBe(80);

    await page.setViewportSize({ width: 600, height: 700 });
    await page.locator('.shell-sider').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: '展开菜单' }).click();
    const drawer = page.locator('.shell-menu-drawer');
    // The drawer shows the current page's submenu open.
    await drawer.locator('.ant-menu-item-selected', { hasText: '分析页' }).waitFor();
    await drawer.locator('.ant-menu-submenu-title', { hasText: '客户管理' }).click();
    await drawer.locator('.ant-menu-item', { hasText: /^预约$/ }).click();
    await page.waitForURL((url) => url.pathname === '/app/crm/reservation');
    await drawer.waitFor({ state: 'hidden' });
  });
});
