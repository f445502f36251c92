import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { PermissionNode } from '@care/shared';
import { signedPost, submitAccount, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, drawer, row, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

const ROLE = { code: 'e2e_reception', name: '前台接待' };
const USER = { username: 'reception.e2e', firstName: '前台小张', password: 'Recep@12345' };

/** The side menu as shown: each top-level entry with the entries under it (opening each folder in turn). */
async function sideMenu(page: Page): Promise<Record<string, string[]>> {
  const sider = page.locator('.shell-sider');
  await sider.locator('.ant-menu-root').waitFor();
  const menu: Record<string, string[]> = {};
  const tops = sider.locator('.ant-menu-root > li.ant-menu-item, .ant-menu-root > li.ant-menu-submenu');
  for (let i = 0; i < (await tops.count()); i++) {
    const top = tops.nth(i);
    const isFolder = (await top.getAttribute('class'))?.includes('ant-menu-submenu') ?? false;
    const title = (await (isFolder ? top.locator('.ant-menu-submenu-title') : top).innerText()).trim();
    if (!isFolder) {
      menu[title] = [];
      continue;
    }
    if (!(await top.getAttribute('class'))?.includes('ant-menu-submenu-open')) await top.locator('.ant-menu-submenu-title').click();
    await top.locator('.ant-menu-sub').waitFor();
    menu[title] = (await top.locator('.ant-menu-sub .ant-menu-item').allInnerTexts()).map((t) => t.trim());
  }
  return menu;
}

/**
 * Issue 4's browser acceptance: an administrator creates a role, gives it one menu and one button,
 * creates a user in that role; that user, signed in, sees exactly that menu and that button.
 */
describe('a role made in the browser decides what its member sees', () => {
  const suite = useBrowserSuite();

  it('角色 with 用户 and 新增用户 → its member sees 系统管理 › 用户 and only the 新增用户 button', async () => {
    const base = suite.server.baseUrl;
    const admin = await signedInPage(suite);

    // 1. The role.
    await admin.goto(`${base}/app/system/role`);
    const roles = admin.locator('.security-group-table');
    await row(roles, 'admin').waitFor();
    await button(roles, '新增角色').click();
    const roleForm = dialog(admin, '新增角色');
    await roleForm.getByLabel('角色编码').fill(ROLE.code);
    await roleForm.getByLabel('角色名称').fill(ROLE.name);
    await button(roleForm, '确定').click();
    await toast(admin, '添加成功！');

    // 2. One menu and one button: ticking 新增用户 brings its menu 用户 (and the folder above it).
    await row(roles, ROLE.code).getByText('分配权限', { exact: true }).click();
    const perms = drawer(admin, `角色权限配置：${ROLE.name}`);
    await perms.getByText('已选 0 项').waitFor();
    await perms.getByPlaceholder('搜索菜单或按钮').fill('新增用户');
    await perms.locator('.ant-tree-treenode', { has: admin.locator('[data-permission-title="新增用户"]') }).locator('.ant-tree-checkbox').click();
    await perms.getByText('已选 3 项').waitFor();
    await button(perms, '保存').click();
    await toast(admin, '保存成功！');

    // 3. A user in that role, through the 用户 page.
    await admin.goto(`${base}/app/system/user`);
    await button(admin.locator('.user-list'), '新增用户').click();
    const userForm = dialog(admin, '新增用户');
    await userForm.getByLabel('用户名').fill(USER.username);
    await userForm.getByLabel('姓名').fill(USER.firstName);
    await userForm.getByLabel('登录密码').fill(USER.password);
    await userForm.getByLabel('确认密码').fill(USER.password);
    await userForm.getByLabel('所属部门').click();
    await admin.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-tree-node-content-wrapper').first().click();
    // Multiple selects stay open after a pick; a click on the title closes them (Escape would close the dialog).
    await userForm.locator('.ant-modal-title').click();
    await choose(admin, userForm.getByLabel('角色'), ROLE.name);
    await userForm.locator('.ant-modal-title').click();
    await button(userForm, '保存').click();
    await toast(admin, '添加成功！');
    await userForm.waitFor({ state: 'hidden' });

    // Menus open to every signed-in user (status '0') show for anyone; everything else must come from the role.
    const token = (await tokenOf(admin))!;
    const catalog = await signedPost<PermissionNode[]>(base, '/online/api/listSysAllSecurityPermission', {}, token);
    expect(catalog.code).toBe('0');
    const openTitles = new Set(catalog.result.filter((n) => n.menuType !== 2 && n.status === '0').map((n) => n.name));

    // 4. The member signs in.
    const member = await (await suite.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' })).newPage();
    await member.goto(`${base}/app/user/login`);
    await submitAccount(member, USER.username, USER.password);
    await member.locator('.shell-header').waitFor();

    const menu = await sideMenu(member);
    expect(menu['系统管理']).toEqual(['用户']);
    for (const [top, items] of Object.entries(menu)) {
      if (top === '系统管理') continue;
      // Any other entry is one that is open to everyone.
      for (const item of items.length ? items : [top]) expect(openTitles.has(item), `${top} › ${item}`).toBe(true);
    }
    const shown = new Set(Object.values(menu).flat());
    for (const title of openTitles) expect(shown.has(title) || title in menu, `open menu ${title}`).toBe(true);

    // 5. The 用户 page shows 新增用户 and none of the page's other buttons.
    await member.locator('.shell-sider').getByText('用户', { exact: true }).click();
    await member.waitForURL((url) => url.pathname === '/app/system/user');
    const page = member.locator('.user-list');
    await button(page, '新增用户').waitFor();
    // Without 查看用户 the server refuses the list itself.
    await member.getByText('拒绝访问').first().waitFor();
    for (const other of ['编辑', '角色', '重置密码', '停用', '启用']) {
      expect(await page.getByRole('link', { name: other, exact: true }).count(), other).toBe(0);
    }

    // 6. The administrator adds 查看用户; on refresh the list shows rows, still with no other button.
    await admin.goto(`${base}/app/system/role`);
    await row(roles, ROLE.code).getByText('分配权限', { exact: true }).click();
    await perms.getByText('已选 3 项').waitFor();
    await perms.getByPlaceholder('搜索菜单或按钮').fill('查看用户');
    await perms.locator('.ant-tree-treenode', { has: admin.locator('[data-permission-title="查看用户"]') }).locator('.ant-tree-checkbox').click();
    await perms.getByText('已选 4 项').waitFor();
    await button(perms, '保存').click();
    await toast(admin, '保存成功！');

    await member.reload();
    await row(page, USER.username).waitFor();
    await button(page, '新增用户').waitFor();
    expect(await page.locator('tbody tr.ant-table-row').count()).toBeGreaterThan(1);
    for (const other of ['编辑', '角色', '重置密码', '停用', '启用']) {
      expect(await page.getByRole('link', { name: other, exact: true }).count(), other).toBe(0);
    }
    expect((await sideMenu(member))['系统管理']).toEqual(['用户']);
  });
});
