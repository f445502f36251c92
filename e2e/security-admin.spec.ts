import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { PermissionNode, SecurityGroup } from '@care/shared';
import { signedPost, submitAccount, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, drawer, formError, row, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

/** 安全组 / 角色, 权限, 数据规则, 用户登录列表 and 访问日志 as an administrator uses them. */
describe('security administration pages', () => {
  const suite = useBrowserSuite();

  const open = async (path: string, tableClass: string): Promise<{ page: Page; table: Locator }> => {
    const page = await signedInPage(suite);
    await page.goto(`${suite.server.baseUrl}/app${path}`);
    const table = page.locator(`.${tableClass}`);
    await table.locator('.ant-table').waitFor();
    return { page, table };
  };

  /** The tree node (a checkbox row) whose title is exactly `title`. */
  const treeNode = (scope: Locator, title: string) => scope.locator('.ant-tree-treenode', { has: scope.page().locator(`[data-permission-title="${title}"]`) });

  it('安全组: validation, add, edit, members in and out, permissions by checkbox tree; the all-permissions group is read-only', async () => {
    const { page, table } = await open('/system/securityGroup', 'security-group-table');
    await row(table, 'admin').waitFor();

    await button(table, '新增安全组').click();
    const form = dialog(page, '新增安全组');
    await button(form, '确定').click();
    await formError(form, '请输入安全组编码!');
    await formError(form, '请输入安全组名称!');
    await form.getByLabel('安全组编码').fill('qa group');
    await formError(form, '安全组编码只能包含字母、数字、_ 和 -');
    await form.getByLabel('安全组编码').fill('qa_group');
    await form.getByLabel('安全组名称').fill('质检组');
    await form.getByLabel('描述').fill('负责质检');
    await button(form, '确定').click();
    await toast(page, '添加成功！');
    await form.waitFor({ state: 'hidden' });
    const created = row(table, 'qa_group');
    await created.getByText('质检组').waitFor();

    await created.getByText('编辑', { exact: true }).click();
    const edit = dialog(page, '编辑安全组');
    expect(await edit.getByLabel('安全组编码').inputValue()).toBe('qa_group');
    await edit.getByLabel('安全组名称').fill('质检小组');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await created.getByText('质检小组').waitFor();

    // Members: none yet; add a demo user from the picker, then take them out again.
    await created.getByText('分配用户', { exact: true }).click();
    const members = dialog(page, '安全组成员：质检小组');
    await members.locator('.ant-empty').waitFor();
    await button(members, '添加用户').click();
    const picker = dialog(page, '添加用户到：质检小组');
    await button(picker, '确定').click();
    await toast(page, '请选择要添加的用户!');
    await picker.getByPlaceholder('搜索账号、姓名或手机号').fill('nanshan.sales1');
    await picker.getByPlaceholder('搜索账号、姓名或手机号').press('Enter');
    const candidate = row(picker, 'nanshan.sales1');
    await candidate.locator('.ant-checkbox-input').check();
    await button(picker, '确定').click();
    await toast(page, '保存成功！');
    const member = row(members, 'nanshan.sales1');
    await member.getByText('李晓梅').waitFor();
    await member.getByText('移除', { exact: true }).click();
    await page.getByText('确定将「李晓梅」移出吗？移出后立即失去该组授予的权限。').waitFor();
    await confirmPop(page);
    await members.locator('.ant-empty').waitFor();
    await button(members, '关闭').click();

    // Permissions: ticking a button ticks its menu and folder (关联上下级), and the choice is saved.
    await created.getByText('分配权限', { exact: true }).click();
    const perms = drawer(page, '安全组权限配置：质检小组');
    await perms.getByText('已选 0 项').waitFor();
    await perms.getByPlaceholder('搜索菜单或按钮').fill('新增用户');
    await treeNode(perms, '新增用户').locator('.ant-tree-checkbox').click();
    await perms.getByText('已选 3 项').waitFor();
    for (const title of ['系统管理', '用户', '新增用户']) {
      expect(await treeNode(perms, title).locator('.ant-tree-checkbox-checked').count(), title).toBe(1);
    }
    await button(perms, '保存').click();
    await toast(page, '保存成功！');
    await perms.waitFor({ state: 'hidden' });
    await created.getByText('分配权限', { exact: true }).click();
    await drawer(page, '安全组权限配置：质检小组').getByText('已选 3 项').waitFor();
    await button(drawer(page, '安全组权限配置：质检小组'), '取消').click();

    // The seeded 超级管理员 holds everything: all ticked, nothing to change.
    await row(table, 'admin').getByText('分配权限', { exact: true }).click();
    const all = page.locator('.group-permissions-drawer');
    await all.getByText('该安全组拥有全部权限，无需分配权限').waitFor();
    await all.locator('.ant-tree-checkbox-checked').first().waitFor();
    expect(await all.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-checked)').count()).toBe(0);
    expect(await all.locator('.ant-tree-checkbox:not(.ant-tree-checkbox-disabled)').count()).toBe(0);
    expect(await button(all, '保存').count()).toBe(0);
  });

  it('角色: the same groups under their role names', async () => {
    const { page, table } = await open('/system/role', 'security-group-table');
    await row(table, 'admin').waitFor();
    expect(await table.locator('thead').innerText()).toContain('角色编码');
    await button(table, '新增角色').click();
    const form = dialog(page, '新增角色');
    await button(form, '确定').click();
    await formError(form, '请输入角色编码!');
    await form.getByLabel('角色编码').fill('qa_role');
    await form.getByLabel('角色名称').fill('测试角色');
    await button(form, '确定').click();
    await toast(page, '添加成功！');
    await row(table, 'qa_role').waitFor();
    // Filter by name.
    await page.locator('.ant-pro-table-search').getByLabel('角色名称').fill('测试角色');
    await button(page.locator('.ant-pro-table-search'), '查询').click();
    await page.waitForFunction(() => document.querySelectorAll('.security-group-table tbody tr.ant-table-row').length === 1);
  });

  it('权限: opens a menu, adds a sub menu and a button under it, edits, refuses to delete a parent, deletes with confirmation, searches', async () => {
    const { page, table } = await open('/system/permission', 'permission-table');
    const system = row(table, '系统管理');
    await system.locator('.ant-table-row-expand-icon').click();
    await row(table, '用户').waitFor();

    await system.getByText('添加下级', { exact: true }).click();
    const add = dialog(page, '添加下级：系统管理');
    expect(await add.locator('.ant-radio-wrapper-checked').first().innerText()).toContain('子菜单');
    await button(add, '确定').click();
    await formError(add, '请输入名称!');
    await formError(add, '请输入菜单路径!');
    await add.getByLabel('菜单名称').fill('测试菜单');
    await add.getByLabel('菜单路径').fill('system/e2e');
    await formError(add, '菜单路径必须以 / 开头且不能含空格');
    await add.getByLabel('菜单路径').fill('/system/e2eMenu');
    await add.getByLabel('前端组件').fill('system/E2eMenu');
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    const menu = row(table, '测试菜单');
    await menu.getByText('/system/e2eMenu').waitFor();

    await menu.getByText('添加下级', { exact: true }).click();
    const child = dialog(page, '添加下级：测试菜单');
    await child.getByText('按钮/权限', { exact: true }).click();
    await child.getByLabel('按钮/权限名称').fill('测试按钮');
    await button(child, '确定').click();
    await formError(child, '请输入授权标识!');
    await child.getByLabel('授权标识').fill('e2e:test:do');
    await button(child, '确定').click();
    await toast(page, '添加成功！');
    await menu.locator('.ant-table-row-expand-icon').click();
    const btn = row(table, '测试按钮');
    await btn.getByText('e2e:test:do').waitFor();

    // A menu with children cannot be deleted: its 删除 is greyed out.
    expect(await menu.locator('a', { hasText: '删除' }).count()).toBe(0);

    await menu.getByText('编辑', { exact: true }).click();
    const edit = dialog(page, '编辑：测试菜单');
    // The form is filled from the node after it opens; toggle only once it shows the node's values.
    await expect.poll(() => edit.getByLabel('菜单名称').inputValue()).toBe('测试菜单');
    await edit.getByLabel('隐藏路由').click();
    await expect.poll(() => edit.getByLabel('隐藏路由').getAttribute('aria-checked')).toBe('true');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await menu.getByText('隐藏', { exact: true }).waitFor();

    await btn.getByText('删除', { exact: true }).click();
    await page.getByText('确定删除「测试按钮」吗？各安全组对它的授权和它的数据规则会一并删除。').waitFor();
    await confirmPop(page);
    await toast(page, '删除成功!');
    await btn.waitFor({ state: 'detached' });
    await menu.locator('a', { hasText: '删除' }).waitFor();

    const search = page.locator('.ant-pro-table-search');
    await search.getByLabel('名称').fill('测试菜单');
    await button(search, '查询').click();
    await page.locator('.permission-table .ant-pro-table-list-toolbar-title').getByText('搜索结果').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.permission-table tbody tr.ant-table-row').length === 1);
  });

  it('数据规则: chooses a menu, adds a rule with a variable, lists it and deletes it', async () => {
    const { page, table } = await open('/system/dataRule', 'data-rule-table');
    const tree = page.locator('.data-rule-permissions');
    await tree.locator('.ant-tree-title').first().waitFor();
    expect(await button(table, '新增数据规则').isDisabled()).toBe(true);

    await tree.getByPlaceholder('搜索菜单或按钮').fill('用户登录列表');
    await tree.locator('.ant-tree-title').getByText('用户登录列表', { exact: true }).click();
    await table.getByText('「用户登录列表」的数据规则').waitFor();
    await table.locator('.ant-empty').waitFor();

    await button(table, '新增数据规则').click();
    const form = dialog(page, '新增数据规则');
    await button(form, '确定').click();
    await formError(form, '请输入规则名称!');
    await form.getByLabel('规则名称').fill('只看本人');
    // The resource list is long (every module's): search it.
    await form.getByLabel('数据资源').fill('（user）');
    await choose(page, form.getByLabel('数据资源'), '用户（user）');
    await choose(page, form.getByLabel('规则字段'), '用户ID（id · ID）');
    await choose(page, form.getByLabel('条件'), '= 等于');
    await button(form, '确定').click();
    await formError(form, '请输入规则值!');
    await form.locator('.data-rule-variables').getByText('#{sys_user_id}').click();
    expect(await form.getByLabel('规则值').inputValue()).toBe('#{sys_user_id}');
    await button(form, '确定').click();
    await toast(page, '添加成功！');
    const rule = row(table, '只看本人');
    await rule.getByText('#{sys_user_id}').waitFor();
    await rule.getByText('= 等于').waitFor();

    // 全部规则 lists the rules of every permission, with the permission's name.
    await button(tree, '全部规则').click();
    await row(table, '只看本人').getByText('用户登录列表', { exact: true }).waitFor();

    await row(table, '只看本人').getByText('删除', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '删除成功!');
    await row(table, '只看本人').waitFor({ state: 'detached' });
  });

  it('用户登录列表: the sign-in is listed, filters narrow it, 导出 downloads the filtered list', async () => {
    const { page, table } = await open('/system/loginLog', 'login-log-table');
    await row(table, 'admin').getByText('成功', { exact: true }).first().waitFor();
    const search = page.locator('.ant-pro-table-search');
    await choose(page, search.getByLabel('结果'), '失败');
    await button(search, '查询').click();
    await table.locator('.ant-empty').waitFor();

    await button(search, '重置').click();
    await rows(table).first().waitFor();
    await search.getByLabel('用户').fill('admin');
    await button(search, '查询').click();
    await rows(table).first().waitFor();
    const exported = page.waitForRequest((r) => r.url().includes('/online/loginLog/exportXls'));
    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    expect((await exported).postDataJSON()).toMatchObject({ username: 'admin' });
    expect((await download).suggestedFilename()).toMatch(/^用户登录列表_\d{8}\.xlsx$/);
  });

  it('访问日志: API calls are listed, a path prefix and a time range filter them, 导出 downloads', async () => {
    const { page, table } = await open('/system/visitLog', 'visit-log-table');
    const search = page.locator('.ant-pro-table-search');
    await search.getByLabel('路径').fill('/online/api/getUserPermissionByToken');
    // The log is written in batches off the request path: ask again until the calls are there.
    for (let i = 0; i < 20; i++) {
      const listed = page.waitForResponse((r) => r.url().includes('/online/visitLog/list'));
      await button(search, '查询').click();
      await listed;
      await page.waitForTimeout(300);
      if ((await rows(table).count()) > 0) break;
    }
    await row(table, '/online/api/getUserPermissionByToken').first().waitFor();
    const paths = await table.locator('tbody tr.ant-table-row td:nth-child(3)').allInnerTexts();
    expect(paths.filter((p) => !p.startsWith('/online/api/getUserPermissionByToken'))).toEqual([]);

    // A range in the future: nothing; the range travels as from / to.
    const range = search.locator('.ant-picker-range');
    await range.locator('input').first().click();
    await range.locator('input').first().fill('2099-01-01 00:00:00');
    await page.keyboard.press('Enter');
    await range.locator('input').nth(1).fill('2099-12-31 23:59:59');
    await page.keyboard.press('Enter');
    const listed = page.waitForRequest((r) => r.url().includes('/online/visitLog/list'));
    await button(search, '查询').click();
    expect((await listed).postDataJSON()).toMatchObject({ from: '2099-01-01 00:00:00', to: '2099-12-31 23:59:59' });
    await table.locator('.ant-empty').waitFor();

    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    expect((await download).suggestedFilename()).toMatch(/^访问日志_\d{8}\.xlsx$/);
  });

  it('buttons and lists follow the actions: 查询 without 导出 hides 导出; the menu alone shows an empty list and no 拒绝访问', async () => {
    const base = suite.server.baseUrl;
    const admin = await signedInPage(suite);
    const token = (await tokenOf(admin))!;
    const call = async <T>(path: string, body: Record<string, unknown>) => {
      const res = await signedPost<T>(base, path, body, token);
      expect(res.code, `${path}: ${res.message}`).toBe('0');
      return res.result;
    };
    // Set-up through the API: a group with both log menus but only 查询登录记录, and a user in it.
    const nodes = await call<PermissionNode[]>('/online/api/listSysAllSecurityPermission', {});
    const id = (match: (n: PermissionNode) => boolean) => nodes.find(match)!.id;
    const group = await call<SecurityGroup>('/online/api/createSysSecurityGroup', { code: 'log_reader', name: '日志查看' });
    await call('/online/api/saveSysSecurityPermissionToSecurityGroup', {
      groupId: group.id,
      permissionIds: [id((n) => n.path === '/system'), id((n) => n.path === '/system/loginLog'), id((n) => n.action === 'system:loginLog:list'), id((n) => n.path === '/system/visitLog')],
    });
    const [department] = await call<{ key: string }[]>('/online/api/queryIdTree', {});
    await call('/online/adminUser/add', { username: 'log.reader', password: 'Reader@12345', firstName: '日志员', departmentIds: [department!.key], groupIds: [group.id] });

    const page = await suite.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    await page.goto(`${base}/app/user/login`);
    await submitAccount(page, 'log.reader', 'Reader@12345');
    await page.locator('.shell-header').waitFor();

    await page.goto(`${base}/app/system/loginLog`);
    const logins = page.locator('.login-log-table');
    await row(logins, 'log.reader').waitFor();
    expect(await button(logins, '导出').count()).toBe(0);

    const denied = page.waitForRequest((r) => r.url().includes('/online/visitLog/list'), { timeout: 3_000 }).then(
      () => true,
      () => false,
    );
    await page.goto(`${base}/app/system/visitLog`);
    const visits = page.locator('.visit-log-table');
    await visits.getByText('您没有查看此列表的权限').waitFor();
    expect(await denied).toBe(false);
    expect(await page.getByText('拒绝访问').count()).toBe(0);
    expect(await button(visits, '导出').count()).toBe(0);
  });
});
