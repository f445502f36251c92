import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import type { Locator } from 'playwright-core';
import { button, choose, confirmPop, dialog, formError, row, rows, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

// 渠道 is built on the module kit only (ResourceTable + ResourceForm from one shared resource): what a
// person sees here is what every kit page gives.
describe('a page on the module kit (渠道)', () => {
  const suite = useBrowserSuite();

  it('adds with the shared rules, refuses a taken name, filters, edits and disables a channel', async () => {
    const page = await signedInAt(suite, '/crm/channel', { width: 1440, height: 900 });
    const table = page.locator('.channel-table');
    await table.locator('.ant-table').waitFor();

    await button(table, '新增渠道').click();
    const add = dialog(page, '新增渠道');
    await button(add, '确定').click();
    await formError(add, '请输入渠道名称!');
    await formError(add, '请选择渠道类型!');
    await add.getByLabel('渠道名称').fill('仁爱妇产医院');
    await choose(page, formItem(add, '渠道类型').locator('.ant-select-selector'), '医院');
    await add.getByLabel('佣金比例（%）').fill('5.5');
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    await row(table, '仁爱妇产医院').waitFor();
    expect(await row(table, '仁爱妇产医院').textContent()).toContain('5.50');

    // A taken name is refused by the server, in Chinese, and nothing is added.
    await button(table, '新增渠道').click();
    const again = dialog(page, '新增渠道');
    await again.getByLabel('渠道名称').fill('仁爱妇产医院');
    await choose(page, formItem(again, '渠道类型').locator('.ant-select-selector'), '医院');
    await button(again, '确定').click();
    await page.locator('.ant-notification-notice').getByText('渠道名称已存在').first().waitFor();
    await button(again, '取消').click();

    // Filter by name, then edit the row.
    await table.getByLabel('渠道名称').fill('仁爱');
    await button(table, '查询').click();
    await expect.poll(() => rows(table).count()).toBe(1);
    await row(table, '仁爱妇产医院').getByText('编辑').click();
    const edit = dialog(page, '编辑渠道');
    await expect.poll(() => edit.getByLabel('渠道名称').inputValue()).toBe('仁爱妇产医院');
    await edit.getByLabel('联系人').fill('王主任');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await row(table, '仁爱妇产医院').getByText('王主任').waitFor();

    // 停用 asks first, then the tag says so.
    await row(table, '仁爱妇产医院').getByText('停用').click();
    await confirmPop(page);
    await toast(page, '保存成功！');
    await row(table, '仁爱妇产医院').locator('.ant-tag', { hasText: '停用' }).waitFor();
  });

  it('keeps each row\'s actions on one line and in view on a laptop screen (房间, many columns)', async () => {
    const page = await signedInAt(suite, '/room/room', { width: 1280, height: 800 });
    const table = page.locator('.ant-table').first();
    await table.locator('.row-actions').first().waitFor();
    const view = (await table.locator('.ant-table-content, .ant-table-body').first().boundingBox())!;
    const links = await table.locator('.row-actions a').evaluateAll((els) => els.map((a) => { const r = a.getBoundingClientRect(); return { text: a.textContent ?? '', height: r.height, right: r.right }; }));
    expect(links.length).toBeGreaterThan(0);
    const lineHeight = Math.min(...links.map((l) => l.height));
    // One line each (a wrapped 状态记录 is two or more lines high), and none cut off at the table's right edge.
    expect(links.filter((l) => l.height > lineHeight * 1.5).map((l) => l.text)).toEqual([]);
    expect(links.filter((l) => l.right > view.x + view.width + 1).map((l) => l.text)).toEqual([]);
  });
});
