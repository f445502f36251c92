import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { OnlineFormText } from '@care/shared';
import { submitAccount } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, drawer, moreAction, row, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

const FORM = { table: 'e2e_po', title: '采购单E2E', sub: 'e2e_po_item', subTitle: '采购明细E2E' };
const ROLE = { code: 'e2e_buyer', name: '采购员E2E' };
const USER = { username: 'buyer.e2e', firstName: '采购小王', password: 'Buyer@12345' };

/** Fills the designer's field table (`scope` holds one): a row per [name, label], added with 添加字段 as needed. */
async function fillFields(scope: Locator, fields: [string, string][]): Promise<void> {
  for (const [i, [name, label]] of fields.entries()) {
    if (i > 0) await button(scope, '添加字段').click();
    await scope.getByLabel(`字段名 ${i + 1}`, { exact: true }).fill(name);
    await scope.getByLabel(`字段备注 ${i + 1}`, { exact: true }).fill(label);
  }
}

/** Picks an option of a select that already shows a value (its shown value would take `choose`'s click). */
async function pick(page: Page, select: Locator, option: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).click();
  await select.locator('.ant-select-selection-item').filter({ hasText: option }).waitFor();
}

/** Opens a page of the side menu: the folder, then the entry. */
async function openMenu(page: Page, folder: string, entry: string): Promise<void> {
  const sider = page.locator('.shell-sider');
  const item = sider.locator('.ant-menu-item').filter({ hasText: entry });
  if (!(await item.isVisible())) await sider.locator('.ant-menu-submenu-title').filter({ hasText: folder }).click();
  await item.click();
}

/**
 * Issue 19's browser acceptance: the administrator designs a one-to-many form (a master with two fields,
 * one child table with two fields), saves it, syncs it to the database and generates its menu; grants
 * that menu with its buttons to a new role (the role's 分配权限 tree) and creates a user in that role
 * (the 用户 page) — all through the UI; the user signs in, opens the generated page from the menu, adds
 * a record with two child rows, sees it in the list and its child rows when opening it.
 */
describe('在线表单: design, sync, menu, grant, and a record with child rows', () => {
  const suite = useBrowserSuite();

  it('一对多 designed by the administrator is used by a member of the role it was granted to', async () => {
    const base = suite.server.baseUrl;
    const admin = await signedInPage(suite, { width: 1440, height: 900 });

    // 1. Design the form.
    await admin.goto(`${base}/app/online/form`);
    const forms = admin.locator('.online-form-table');
    await button(forms, '新增').click();
    const designer = dialog(admin, '新增表单');
    await designer.getByLabel('表名', { exact: true }).fill(FORM.table);
    await designer.getByLabel('表描述', { exact: true }).fill(FORM.title);
    await pick(admin, designer.locator('.online-form-type-select'), '一对多');
    await fillFields(designer.locator('.online-design-fields').first(), [
      ['code', '单号'],
      ['supplier', '供应商'],
    ]);
    // The shared rule speaks before the server: a child table without a name is refused at its input.
    await designer.getByRole('tab', { name: /子表/ }).click();
    const sub = designer.locator('.online-design-sub');
    await button(designer, '保存').click();
    await sub.locator('.ant-form-item-explain-error').getByText(`子表表名${OnlineFormText.badIdentifier}`, { exact: true }).waitFor();
    await sub.getByLabel('子表表名', { exact: true }).fill(FORM.sub);
    await sub.getByLabel('子表描述', { exact: true }).fill(FORM.subTitle);
    await sub.getByLabel('外键字段', { exact: true }).fill('order_id');
    await fillFields(sub.locator('.online-design-fields'), [
      ['goods', '物品'],
      ['qty', '数量'],
    ]);
    await button(designer, '保存').click();
    await toast(admin, '添加成功！');
    await designer.waitFor({ state: 'hidden' });
    const formRow = row(forms, FORM.title);
    await formRow.getByText('未同步', { exact: true }).waitFor();
    await formRow.getByText('一对多', { exact: true }).waitFor();

    // 2. Sync to the database, then the history shows the tables made.
    await formRow.getByText('同步数据库', { exact: true }).click();
    await confirmPop(admin);
    await toast(admin, '同步成功！');
    await formRow.getByText('已同步', { exact: true }).waitFor();
    await moreAction(admin, formRow, '迁移记录');
    const history = drawer(admin, `迁移记录：${FORM.table}`);
    const statements = await history.locator('.online-form-statements').first().innerText();
    expect(statements).toContain(`online_data"."${FORM.table}"`);
    expect(statements).toContain(`"${FORM.sub}"`);
    await history.locator('.ant-drawer-close').click();

    // 3. Generate its menu: the administrator's own menu shows it at once.
    await formRow.getByText('生成菜单', { exact: true }).click();
    const menuDialog = dialog(admin, `生成菜单：${FORM.title}`);
    // The parent folder defaults to 在线开发.
    await menuDialog.locator('.online-form-parent-select .ant-select-selection-item').filter({ hasText: '在线开发' }).waitFor();
    await button(menuDialog, '生成菜单').click();
    await toast(admin, '菜单生成成功！');
    await formRow.getByText(`/online/cgformList/${FORM.table}`).waitFor();
    await admin.locator('.shell-sider .ant-menu-item').filter({ hasText: FORM.title }).waitFor();

    // 4. A role holding the generated menu and its buttons (ticking the menu ticks its buttons and folder).
    await admin.goto(`${base}/app/system/role`);
    const roles = admin.locator('.security-group-table');
    await row(roles, 'admin').waitFor();
    await button(roles, '新增角色').click();
    const roleForm = dialog(admin, '新增角色');
    await roleForm.getByLabel('角色编码').fill(ROLE.code);
    await roleForm.getByLabel('角色名称').fill(ROLE.name);
    await button(roleForm, '确定').click();
    await toast(admin, '添加成功！');
    await row(roles, ROLE.code).getByText('分配权限', { exact: true }).click();
    const perms = drawer(admin, `角色权限配置：${ROLE.name}`);
    await perms.getByText('已选 0 项').waitFor();
    await perms.getByPlaceholder('搜索菜单或按钮').fill(FORM.title);
    await perms.locator('.ant-tree-treenode', { has: admin.locator(`[data-permission-title="${FORM.title}"]`) }).locator('.ant-tree-checkbox').click();
    // The entry, its six buttons (查看 新增 编辑 删除 导出 导入) and the 在线开发 folder.
    await perms.getByText('已选 8 项').waitFor();
    await button(perms, '保存').click();
    await toast(admin, '保存成功！');

    // 5. A user in that role, through the 用户 page.
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

    // 6. The member opens the generated page from the menu and adds a record with two child rows.
    const member = await (await suite.newContext({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' })).newPage();
    await member.goto(`${base}/app/user/login`);
    await submitAccount(member, USER.username, USER.password);
    await member.locator('.shell-header').waitFor();
    await openMenu(member, '在线开发', FORM.title);
    await member.waitForURL((url) => url.pathname === `/app/online/cgformList/${FORM.table}`);
    const list = member.locator('.online-table');
    await button(list, `新增${FORM.title}`).click();
    const add = dialog(member, `新增${FORM.title}`);
    await add.getByLabel('单号').fill('PO-0001');
    await add.getByLabel('供应商').fill('母婴用品供应商');
    const children = add.locator(`.online-sub-${FORM.sub}`);
    await button(children, '添加一行').click();
    await button(children, '添加一行').click();
    const childRows = children.locator('tbody tr.ant-table-row');
    expect(await childRows.count()).toBe(2);
    await childRows.nth(0).locator('input').nth(0).fill('婴儿奶粉');
    await childRows.nth(0).locator('input').nth(1).fill('6');
    await childRows.nth(1).locator('input').nth(0).fill('纸尿裤');
    await childRows.nth(1).locator('input').nth(1).fill('12');
    await button(add, '确定').click();
    await toast(member, '添加成功！');
    await add.waitFor({ state: 'hidden' });

    // 7. The record is listed; opening it shows its two child rows.
    const record = row(list, 'PO-0001');
    await record.waitFor();
    await record.getByText('母婴用品供应商', { exact: true }).waitFor();
    await record.getByText('编辑', { exact: true }).click();
    const edit = dialog(member, `编辑${FORM.title}`);
    const opened = edit.locator(`.online-sub-${FORM.sub} tbody tr.ant-table-row`);
    await expect.poll(() => opened.count()).toBe(2);
    const values = await opened.locator('input').evaluateAll((inputs) => inputs.map((i) => (i as HTMLInputElement).value));
    expect(values).toEqual(['婴儿奶粉', '6', '纸尿裤', '12']);
    expect(await edit.getByLabel('单号').inputValue()).toBe('PO-0001');

    // 8. The administrator drops a field: the sync lists the column that goes with its data and runs only once confirmed.
    await admin.goto(`${base}/app/online/form`);
    await formRow.getByText('编辑', { exact: true }).click();
    const editor = dialog(admin, `编辑表单：${FORM.table}`);
    const masterFields = editor.locator('.online-design-fields').first();
    expect(await masterFields.getByLabel('字段名 2', { exact: true }).inputValue()).toBe('supplier');
    await masterFields.getByRole('button', { name: '删除 2' }).click();
    await button(editor, '保存').click();
    await toast(admin, '编辑成功!');
    await editor.waitFor({ state: 'hidden' });
    await formRow.getByText('待同步', { exact: true }).waitFor();
    await formRow.getByText('同步数据库', { exact: true }).click();
    await confirmPop(admin);
    const confirm = admin.locator('.online-form-confirm-drop');
    await confirm.getByText(OnlineFormText.confirmDrop).waitFor();
    expect(await confirm.locator('.online-form-drops li').allInnerTexts()).toEqual([`${FORM.table}.supplier`]);
    await button(confirm, '确认').click();
    await toast(admin, '同步成功！');
    await formRow.getByText('已同步', { exact: true }).waitFor();
  }, 300_000);
});
