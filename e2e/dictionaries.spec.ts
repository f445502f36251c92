import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite } from './harness';
import { signedInAt } from './shell-helpers';

const dialog = (page: Page, title: string): Locator => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

/** The ProTable row with a cell that starts with the word `text` (a copy icon may follow). */
const rowOf = (table: Locator, text: string): Locator =>
  table.locator('tr.ant-table-row').filter({ has: table.page().locator('td').filter({ hasText: new RegExp(`^\\s*${text}(?![\\w])`) }) });

async function chooseOption(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: label }).first().click();
  // On a loaded machine a click during the dropdown's animation can be lost: go on only once it took.
  await select.locator('.ant-select-selection-item', { hasText: label }).waitFor();
}

describe('dictionaries', () => {
  const suite = useBrowserSuite();

  it('an administrator adds an item: it shows in the list, as a coloured tag and in the select; disabled, it leaves the select but keeps its label', async () => {
    const page = await signedInAt(suite, '/system/dictType');
    const types = page.locator('.dict-type-table');
    await types.getByLabel('字典编码').fill('follow_up_way');
    await types.getByRole('button', { name: /查\s*询/ }).click();
    const row = rowOf(types, 'follow_up_way');
    await row.waitFor();
    expect(await row.innerText()).toContain('跟进方式');
    await row.getByText('字典配置').click();
    await page.waitForURL((url) => url.pathname === '/app/system/dict' && url.searchParams.has('typeId'));

    const items = page.locator('.dict-item-table');
    await items.getByText('「跟进方式」的字典项').waitFor();
    await rowOf(items, '面谈').waitFor();
    const previewTags = page.locator('.dict-preview-tags');
    await previewTags.getByText('到店', { exact: true }).waitFor();

    await page.getByRole('button', { name: '新增字典项' }).click();
    const form = dialog(page, '新增字典项');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('请输入名称!').waitFor();
    await form.getByLabel('名称').fill('视频');
    await form.getByLabel('数据值').fill('video');
    await chooseOption(page, form.locator('.dict-color-select'), 'purple');
    await form.getByLabel('排序').fill('9');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('添加成功！').waitFor();
    await form.waitFor({ state: 'hidden' });

    // In the list, with its tag in the item's colour.
    const added = rowOf(items, 'video');
    await added.waitFor();
    await added.locator('.ant-tag-purple', { hasText: '视频' }).waitFor();
    // The page's dictionary cache was refreshed: preview tags and the select offer it at once.
    await previewTags.locator('.ant-tag-purple', { hasText: '视频' }).waitFor();
    const select = page.locator('.dict-preview-select');
    await chooseOption(page, select, '视频');
    await select.locator('.ant-select-selection-item', { hasText: '视频' }).waitFor();
    await page.locator('.dict-preview').getByRole('radio', { name: '视频' }).waitFor();

    // A duplicate value is refused with the server's message.
    await page.getByRole('button', { name: '新增字典项' }).click();
    const again = dialog(page, '新增字典项');
    await again.getByLabel('名称').fill('重复');
    await again.getByLabel('数据值').fill('video');
    await again.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('该字典下已存在相同的字典项值').waitFor();
    await again.getByRole('button', { name: /取\s*消/ }).click();

    // Disabled: gone from the select's choices, still labelled in tags.
    await added.getByText('编辑').click();
    const edit = dialog(page, '编辑字典项');
    expect(await edit.getByLabel('数据值').isDisabled()).toBe(true);
    await edit.getByRole('switch').click();
    await edit.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('编辑成功!').waitFor();
    await added.getByText('停用').waitFor();
    await page.keyboard.press('Escape');
    await select.locator('.ant-select-clear').click({ force: true }).catch(() => undefined);
    await select.click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '面谈' }).waitFor();
    // The select's items are refetched after the edit; the list row may show 停用 a moment earlier.
    await expect.poll(() => page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: '视频' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await added.locator('.ant-tag-purple', { hasText: '视频' }).waitFor();

    // Deleted after confirmation.
    await added.getByText('删除').click();
    await page.locator('.ant-popover').getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('删除成功!').waitFor();
    await added.waitFor({ state: 'detached' });
  });

  it('number rules show their formats through enum tags and preview a number while editing', async () => {
    const page = await signedInAt(suite, '/system/numberRule');
    const table = page.locator('.number-rule-table');
    const order = rowOf(table, 'order_no');
    await order.waitFor();
    await order.locator('.ant-tag', { hasText: '年月日（20250131）' }).waitFor();
    await order.locator('.ant-tag', { hasText: '每日' }).waitFor();
    expect(await order.innerText()).toMatch(/DD\d{8}0001/);

    await order.getByText('编辑').click();
    const form = dialog(page, '编辑编码规则');
    await form.getByLabel('前缀').fill('ORD');
    await form.locator('.number-rule-example', { hasText: /^ORD\d{8}0001$/ }).waitFor();
    // A monthly date with a daily reset would repeat numbers: refused in the form.
    await chooseOption(page, form.locator('.ant-form-item', { hasText: '日期格式' }).locator('.ant-select'), '年月（202501）');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await form.getByText('重置周期不能比日期格式更细，否则会生成重复的编码').waitFor();
    await form.getByRole('button', { name: /取\s*消/ }).click();
  });

  it('check rules: an unsafe pattern is refused; a rule can be tried on a value', async () => {
    const page = await signedInAt(suite, '/system/checkRule');
    const table = page.locator('.check-rule-table');
    const mobile = rowOf(table, 'mobile');
    await mobile.waitFor();
    await mobile.getByText('测试').click();
    const test = dialog(page, '测试「手机号」');
    await test.getByPlaceholder('待校验的值').fill('23800138000');
    await test.getByRole('button', { name: /校\s*验/ }).click();
    await test.locator('.check-rule-outcome', { hasText: '手机号必须以1开头' }).waitFor();
    await test.getByPlaceholder('待校验的值').fill('13800138000');
    await test.getByRole('button', { name: /校\s*验/ }).click();
    await test.locator('.check-rule-outcome', { hasText: '校验通过' }).waitFor();
    await page.keyboard.press('Escape');

    await page.getByRole('button', { name: '新增校验规则' }).click();
    const form = dialog(page, '新增校验规则');
    await form.getByLabel('规则编码').fill('mobile');
    await form.getByLabel('规则名称').click();
    await form.getByText('该值不可用，系统中已存在！').waitFor();
    await form.getByLabel('规则编码').fill('evil_rule');
    await form.getByLabel('规则名称').fill('危险规则');
    await form.getByPlaceholder('\\d{11}').fill('(a+)+');
    await form.locator('.check-rule-segment input').nth(2).fill('只能是a');
    await form.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('正则表达式可能导致灾难性回溯，请改写', { exact: false }).waitFor();
  });

  it('enums are listed read-only', async () => {
    const page = await signedInAt(suite, '/system/enum');
    const list = page.locator('.enum-list');
    await list.getByText('订单状态').waitFor();
    await list.locator('.ant-tag', { hasText: '已入住' }).first().waitFor();
    expect(await list.getByRole('button', { name: /新增|编辑|删除/ }).count()).toBe(0);
  });
});
