import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { submitAccount } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { confirmDialog, moreAction } from './security-helpers';
import { signedInAt, signedInPage, userMenu } from './shell-helpers';

const DEPARTMENT = '体验部';
const USER = { username: 'e2e.trial', firstName: '试用员工', password: 'Trial@12345', newPassword: 'Reset@67890' };
const ROLE = '销售顾问';

const dialog = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const button = (scope: Page | Locator, name: string): Locator => scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').getByText(text, { exact: true }).last().waitFor();

/** Confirms the open Popconfirm. */
async function confirmPop(page: Page): Promise<void> {
  await button(page.locator('.ant-popconfirm:not(.ant-popover-hidden)'), '确定').click();
}

/** A user list row, after filtering the list by username. */
async function findUserRow(page: Page, username: string): Promise<Locator> {
  const search = page.locator('.ant-pro-table-search');
  await search.getByLabel('用户名').fill(username);
  await button(search, '查询').click();
  await expect.poll(() => page.locator('.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining(username)]);
  return page.locator('.ant-table-row').filter({ hasText: username });
}

async function signIn(page: Page, baseUrl: string, username: string, password: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/login`);
  await submitAccount(page, username, password);
}

describe('organisation administration in the browser', () => {
  const suite = useBrowserSuite();

  it('creates a department and a user in it with a role; disabling signs the user out; a reset password signs in', async () => {
    const baseUrl = suite.server.baseUrl;
    const admin = await signedInPage(suite);

    // 部门: a new top-level department.
    await admin.goto(`${baseUrl}/app/system/department`);
    await admin.locator('.department-tree').getByText('总部', { exact: true }).waitFor();
    await button(admin, '新增部门').click();
    const addDepartment = dialog(admin, '新增顶级部门');
    await button(addDepartment, '确定').click();
    await addDepartment.getByText('请输入部门名称!').waitFor();
    await addDepartment.getByLabel('部门名称').fill(DEPARTMENT);
    await button(addDepartment, '确定').click();
    await toast(admin, '添加成功！');
    await addDepartment.waitFor({ state: 'hidden' });
    // The new department is chosen and shown on the right with its generated code.
    await admin.locator('.department-tree').getByText(DEPARTMENT, { exact: true }).waitFor();
    await expect.poll(() => admin.locator('form[id="departmentEdit"] input#departmentEdit_name').inputValue()).toBe(DEPARTMENT);

    // 用户: a user in that department with the role.
    await admin.goto(`${baseUrl}/app/system/user`);
    await admin.locator('.ant-table-row').first().waitFor();
    await button(admin, '新增用户').click();
    const addUser = dialog(admin, '新增用户');
    await button(addUser, '保存').click();
    for (const text of ['请输入用户名!', '请输入密码!', '请输入姓名!', '请选择部门!']) await addUser.getByText(text, { exact: true }).last().waitFor();
    await addUser.getByLabel('用户名').fill(USER.username);
    await addUser.getByLabel('姓名').fill(USER.firstName);
    await addUser.getByLabel('登录密码').fill(USER.password);
    await addUser.getByLabel('确认密码').fill('Something-else-1');
    await addUser.getByText('两次输入的密码不一样！').waitFor();
    await addUser.getByLabel('确认密码').fill(USER.password);
    await addUser.getByLabel('手机号').fill('123');
    await addUser.getByText('请输入正确的手机号!').waitFor();
    await addUser.getByLabel('手机号').fill('13912345678');
    await addUser.getByLabel('所属部门').click();
    await admin.keyboard.type(DEPARTMENT);
    await admin.locator(`.ant-select-tree-node-content-wrapper[title="${DEPARTMENT}"]`).click();
    await addUser.locator('.ant-modal-title').click();
    await addUser.getByLabel('角色').click();
    await admin.keyboard.type(ROLE);
    await admin.locator(`.ant-select-item-option[title="${ROLE}"]`).click();
    await addUser.locator('.ant-modal-title').click();
    await button(addUser, '保存').click();
    await toast(admin, '添加成功！');
    await addUser.waitFor({ state: 'hidden' });
    let row = await findUserRow(admin, USER.username);
    expect(await row.innerText()).toContain(DEPARTMENT);

    // Filtering by the department in the tree finds exactly that user.
    await admin.locator('.department-tree-panel').getByText(DEPARTMENT, { exact: true }).click();
    await admin.locator('.ant-pro-table-list-toolbar-title').getByText(`用户列表 · ${DEPARTMENT}`).waitFor();

    // The user signs in and works with the role's menus.
    const userContext = await suite.newContext({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    const userPage = await userContext.newPage();
    await signIn(userPage, baseUrl, USER.username, USER.password);
    await userPage.locator('.shell-header').waitFor();
    await userPage.locator('.shell-sider').getByText('客户管理').waitFor();
    expect(await userPage.locator('.shell-sider').getByText('系统管理').count()).toBe(0);

    // Disabling: confirmed first, then the user's open session is sent to sign-in on its next call.
    row = await findUserRow(admin, USER.username);
    // 停用 is the fourth action, under 更多; it asks in a dialog.
    await moreAction(admin, row, '停用');
    const disable = confirmDialog(admin, /立即被强制下线/);
    await disable.waitFor();
    await button(disable, '确定').click();
    await toast(admin, '操作成功!');
    await row.locator('.ant-badge-status-text', { hasText: '停用' }).waitFor();

    await userMenu(userPage, '个人中心');
    await userPage.waitForURL((url) => url.pathname === '/app/user/login', { timeout: 15_000 });
    await submitAccount(userPage, USER.username, USER.password);
    await userPage.locator('.ant-notification-notice').first().waitFor();
    expect(new URL(userPage.url()).pathname).toBe('/app/user/login');

    // Enabled again, then an administrator's password reset: the new password signs in, the old does not.
    await moreAction(admin, row, '启用');
    await button(confirmDialog(admin, /确定启用该用户吗/), '确定').click();
    await toast(admin, '操作成功!');
    await row.getByText('重置密码', { exact: true }).click();
    const reset = dialog(admin, `重置密码：${USER.firstName}`);
    await reset.getByText(/会话将全部失效/).waitFor();
    await reset.getByLabel('新密码', { exact: true }).fill('short');
    await reset.getByText('密码长度不能少于8位!').waitFor();
    await reset.getByLabel('新密码', { exact: true }).fill(USER.newPassword);
    await reset.getByLabel('确认新密码').fill(USER.newPassword);
    await button(reset, '确定').click();
    await toast(admin, '密码重置成功!');
    await reset.waitFor({ state: 'hidden' });

    const fresh = await suite.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN' });
    await signIn(fresh, baseUrl, USER.username, USER.password);
    await fresh.locator('.ant-notification-notice').first().waitFor();
    expect(new URL(fresh.url()).pathname).toBe('/app/user/login');
    await submitAccount(fresh, USER.username, USER.newPassword);
    await fresh.waitForURL((url) => url.pathname !== '/app/user/login');
    await fresh.locator('.shell-header').waitFor();
  });

  it('edits a department: head from the users, disable with confirmation, refuses to delete one with users', async () => {
    const admin = await signedInAt(suite, '/system/department');
    const tree = admin.locator('.department-tree');
    await tree.getByText('总部', { exact: true }).click();
    const form = admin.locator('form#departmentEdit');
    await expect.poll(() => form.locator('input#departmentEdit_name').inputValue()).toBe('总部');

    // Head of department: found by name through the user search.
    await form.getByLabel('负责人').click();
    await admin.keyboard.type('周敏');
    await admin.locator('.ant-select-item-option', { hasText: '周敏' }).click();
    await button(form, '保存').click();
    await toast(admin, '编辑成功!');
    await tree.getByText('周敏').waitFor();

    // Searching shows the matching branch only.
    await admin.getByPlaceholder('搜索部门名称').fill('财务');
    await tree.getByText('财务', { exact: true }).waitFor();
    expect(await tree.getByText('南山店', { exact: true }).count()).toBe(0);
    await admin.getByPlaceholder('搜索部门名称').fill('');

    // Disabling asks first; the tree marks the department.
    await tree.getByText('南山店', { exact: true }).waitFor();
    await tree.locator('.ant-tree-treenode', { hasText: '总部' }).first().locator('.ant-tree-switcher').click();
    await tree.getByText('信息部', { exact: true }).click();
    await expect.poll(() => form.locator('input#departmentEdit_name').inputValue()).toBe('信息部');
    await button(admin.locator('.ant-card-extra'), '停用').click();
    await admin.locator('.ant-popconfirm').getByText('确定停用该部门吗？').waitFor();
    await confirmPop(admin);
    await toast(admin, '编辑成功!');
    await tree.locator('.department-node', { hasText: '信息部' }).getByText('停用', { exact: true }).waitFor();
    await button(admin.locator('.ant-card-extra'), '启用').click();
    await confirmPop(admin);
    await expect.poll(() => tree.locator('.department-node', { hasText: '信息部' }).getByText('停用', { exact: true }).count()).toBe(0);

    // A department with users cannot be deleted; the confirmation comes first.
    await tree.getByText('总部', { exact: true }).click();
    await button(admin.locator('.ant-card-extra'), '删除').click();
    await admin.locator('.ant-popconfirm').getByText('确定删除该部门吗？删除后不可恢复。').waitFor();
    await confirmPop(admin);
    await admin.locator('.ant-notification-notice').getByText('该部门下还有子部门，不能删除').waitFor();
    await tree.getByText('总部', { exact: true }).waitFor();
  });
  it('adds a company and gives a user a second company in 用户关系, asking before one is taken away', async () => {
    const baseUrl = suite.server.baseUrl;
    const admin = await signedInAt(suite, '/system/company');
    const current = admin.locator('.ant-table-row', { hasText: '悦享月子会所' });
    await current.getByText('当前', { exact: true }).waitFor();
    // The session's own company cannot be switched off, so it offers no 停用.
    expect(await current.getByText('停用', { exact: true }).count()).toBe(0);
    await button(admin, '新增公司').click();
    const addCompany = dialog(admin, '新增公司');
    await addCompany.getByLabel('公司编码').fill('e2e 01');
    await button(addCompany, '确定').click();
    await addCompany.getByText('公司编码只能包含字母、数字、_ 和 -').waitFor();
    await addCompany.getByText('请输入公司名称!').waitFor();
    await addCompany.getByLabel('公司编码').fill('E2E01');
    await addCompany.getByLabel('公司名称').fill('体验分公司');
    await button(addCompany, '确定').click();
    await toast(admin, '添加成功！');
    await admin.locator('.ant-table-row', { hasText: '体验分公司' }).waitFor();

    await admin.goto(`${baseUrl}/app/system/userRelation`);
    await admin.locator('.ant-table-row').first().waitFor();
    await button(admin, '设置用户关系').click();
    const relation = dialog(admin, '设置用户关系');
    await relation.getByLabel('用户').click();
    await admin.keyboard.type('周敏');
    await admin.locator('.ant-select-item-option', { hasText: '周敏' }).click();
    // The user's present companies are loaded, with the default.
    await relation.locator('.ant-select-selection-item', { hasText: '悦享月子会所' }).first().waitFor();
    await relation.getByLabel('所属公司').click();
    await admin.locator('.ant-select-item-option[title="体验分公司"]').click();
    await relation.locator('.ant-modal-title').click();
    await button(relation, '确定').click();
    await toast(admin, '保存成功！');
    await relation.waitFor({ state: 'hidden' });

    const search = admin.locator('.ant-pro-table-search');
    await search.getByLabel('用户名').fill('hq.finance');
    await button(search, '查询').click();
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(2);
    const second = admin.locator('.ant-table-row', { hasText: '体验分公司' });
    expect(await second.innerText()).not.toContain('默认');

    // Taking a company away asks first, naming it.
    await second.getByText('编辑', { exact: true }).click();
    const edit = dialog(admin, '编辑用户关系');
    await edit.locator('.ant-select-selection-item', { hasText: '体验分公司' }).first().waitFor();
    await edit.locator('.ant-select-selection-item', { hasText: '体验分公司' }).locator('.ant-select-selection-item-remove').click();
    await button(edit, '确定').click();
    const confirm = admin.locator('.ant-modal-confirm');
    await confirm.getByText(/体验分公司/).waitFor();
    await button(confirm, '确定').click();
    await toast(admin, '保存成功！');
    await expect.poll(() => admin.locator('.ant-table-row').count()).toBe(1);
  });
});
