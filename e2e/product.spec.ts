import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, formError, row, rows, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

// 产品: an administrator adds a package with its included services, changes its price, and reads both
// versions in 版本记录.
describe('产品', () => {
  const suite = useBrowserSuite();

  it('adds a package with service items; an edit of the price makes version 2 beside version 1', async () => {
    const page = await signedInAt(suite, '/base/product', { width: 1440, height: 900 });
    const table = page.locator('.product-table');
    await table.locator('.ant-table').waitFor();
    await rows(table).first().waitFor();

    await button(table, '新增产品').click();
    const add = dialog(page, '新增产品');
    await add.getByLabel('产品编码').fill('E2E-28');
    await add.getByLabel('产品名称').fill('臻享月子套餐28天');
    await choose(page, formItem(add, '产品类型').locator('.ant-select-selector'), '月子套餐');
    await choose(page, formItem(add, '销售门店').locator('.ant-select-selector'), '南山店');
    await add.locator('.ant-modal-title').click();
    await add.getByLabel('天数').fill('28');
    await add.getByLabel('标价').fill('45800');
    const items = add.locator('.product-items');
    await button(items, '添加服务项目').click();
    await button(add, '确定').click();
    await formError(add, '请选择服务项目!');
    await choose(page, items.locator('tbody tr').nth(0).locator('.ant-select-selector'), '婴儿游泳');
    await items.locator('tbody tr').nth(0).locator('.ant-input-number-input').first().fill('8');
    await button(items, '添加服务项目').click();
    await choose(page, items.locator('tbody tr').nth(1).locator('.ant-select-selector'), '月子餐');
    await items.locator('tbody tr').nth(1).locator('.ant-checkbox-input').check();
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    const added = row(table, 'E2E-28');
    await added.waitFor();
    expect(await added.textContent()).toContain('婴儿游泳×8、月子餐(按需)');
    expect(await added.textContent()).toContain('V1');

    await added.getByText('编辑').click();
    const edit = dialog(page, '编辑产品');
    await expect.poll(() => edit.getByLabel('产品名称').inputValue()).toBe('臻享月子套餐28天');
    await edit.getByLabel('标价').fill('46800');
    await button(edit, '确定').click();
    await toast(page, '编辑成功!');
    await row(table, 'E2E-28').getByText('V2').waitFor();

    await row(table, 'E2E-28').getByText('版本记录').click();
    const versions = dialog(page, /版本记录/);
    const list = versions.locator('.product-versions');
    await expect.poll(() => rows(list).count()).toBe(2);
    expect(await rows(list).nth(0).textContent()).toMatch(/V2\s*当前.*¥46800\.00/);
    expect(await rows(list).nth(1).textContent()).toContain('¥45800.00');
  });
});
