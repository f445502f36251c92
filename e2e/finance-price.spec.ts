import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, formError, row, rows, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

/** Types a date into a date-only picker and confirms it with Enter. */
async function pickDate(page: Page, input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
  await expect.poll(() => input.inputValue()).toBe(value);
}

// 财务定价: an administrator sets a reference and floor price for a period; an overlapping period of the
// same product × store × room type × days is refused, naming the period in the way.
describe('财务定价', () => {
  const suite = useBrowserSuite();

  it('an administrator sets a finance price; an overlap is refused; 生效于 filters', async () => {
    const page = await signedInAt(suite, '/finance/financePrice', { width: 1440, height: 900 });
    const table = page.locator('.finance-price-table');
    await table.locator('.ant-table').waitFor();
    await rows(table).first().waitFor();

    await button(table, '新增财务定价').click();
    const add = dialog(page, '新增财务定价');
    await button(add, '确定').click();
    await formError(add, '请选择产品!');
    await choose(page, formItem(add, '产品').locator('.ant-select-selector'), '婴儿游泳10次卡');
    await choose(page, formItem(add, '门店').locator('.ant-select-selector'), '南山店');
    await add.getByLabel('参考价').fill('1100');
    await add.getByLabel('底价').fill('1200');
    await pickDate(page, add.getByLabel('生效日期'), '2020-01-01');
    await pickDate(page, add.getByLabel('失效日期'), '2020-12-31');
    await button(add, '确定').click();
    await formError(add, '底价不能高于参考价');
    await add.getByLabel('底价').fill('990');
    await button(add, '确定').click();
    await toast(page, '添加成功！');

    // The same combination in an overlapping period is refused by the server, in Chinese.
    await button(table, '新增财务定价').click();
    const again = dialog(page, '新增财务定价');
    await choose(page, formItem(again, '产品').locator('.ant-select-selector'), '婴儿游泳10次卡');
    await choose(page, formItem(again, '门店').locator('.ant-select-selector'), '南山店');
    await again.getByLabel('参考价').fill('1000');
    await again.getByLabel('底价').fill('900');
    await pickDate(page, again.getByLabel('生效日期'), '2020-06-01');
    await button(again, '确定').click();
    await page.locator('.ant-notification-notice').getByText(/已有生效期为 2020-01-01 至 2020-12-31 的定价/).first().waitFor();
    await button(again, '取消').click();

    // 生效于 a day of 2020: only the new price (the filter sits in the expanded search form).
    const more = table.locator('.ant-pro-query-filter-collapse-button');
    if ((await more.textContent())?.includes('展开')) await more.click();
    await pickDate(page, table.getByLabel('生效于'), '2020-03-01');
    await button(table, '查询').click();
    await expect.poll(() => rows(table).count()).toBe(1);
    const priced = row(table, '婴儿游泳10次卡');
    expect(await priced.textContent()).toContain('¥1100.00');
    expect(await priced.textContent()).toContain('2020-01-01 至 2020-12-31');
  });
});
