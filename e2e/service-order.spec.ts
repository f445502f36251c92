import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { useBrowserSuite } from './harness';
import { button, confirmPop, dialog, formError, rows, toast } from './security-helpers';
import { signedInAt } from './shell-helpers';

/** Opens a select and picks its first option (the orders and executors of the demo data). */
async function chooseFirst(page: Page, select: Locator): Promise<void> {
  await select.click();
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').first();
  await option.waitFor();
  await option.click();
}

/** Opens a searchable select, types `label` (long lists are virtual: far options are not rendered) and picks it. */
async function chooseTyped(page: Page, select: Locator, label: string): Promise<void> {
  await select.click();
  await page.keyboard.type(label);
  const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: label }).first();
  await option.waitFor();
  await option.click();
}

async function pickTime(page: Page, scope: Locator, label: string, value: string): Promise<void> {
  await scope.getByLabel(label).click();
  await scope.getByLabel(label).fill(value);
  await page.locator('.ant-picker-dropdown:not(.ant-picker-dropdown-hidden) .ant-picker-ok button').click();
}

describe('服务单', () => {
  const suite = useBrowserSuite();

  it('an administrator schedules an extra service under an order, dispatches, starts and completes it; a package item past its allowance is refused', async () => {
    const page = await signedInAt(suite, '/serve/serviceOrder', { width: 1440, height: 900 });
    const list = page.locator('.service-order-table');
    await list.locator('.ant-table').waitFor();

    // 加购 满月照 under the first order offered, with an executor: it starts 已派工.
    await button(list, '新增服务单').click();
    const add = dialog(page, '新增服务单');
    await button(add, '确定').click();
    await formError(add, '请选择订单!');
    await chooseFirst(page, add.getByLabel('订单'));
    await add.locator('.service-allowance').waitFor();
    await add.getByText('加购', { exact: true }).click();
    await chooseTyped(page, add.getByLabel('服务项目'), '满月照');
    await pickTime(page, add, '预约时间', '2030-05-06 10:30');
    await chooseFirst(page, add.getByLabel('执行人'));
    await add.getByLabel('备注').fill('E2E满月照');
    await button(add, '确定').click();
    await toast(page, '新增服务单成功');

    const mine = list.locator('tbody tr.ant-table-row').filter({ hasText: 'E2E满月照' });
    await mine.locator('.ant-tag', { hasText: '已派工' }).waitFor();
    expect(await mine.textContent()).toContain('加购');
    await mine.getByText('开始服务', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '已开始服务');
    await mine.locator('.ant-tag', { hasText: '服务中' }).waitFor();

    await mine.getByText('完成', { exact: true }).click();
    const done = dialog(page, /^完成服务/);
    await done.getByLabel('服务结果').fill('宝宝配合良好');
    await button(done, '添加耗材').click();
    await done.getByPlaceholder('耗材名称').fill('相纸');
    await button(done, '确定').click();
    await toast(page, '服务已完成');
    await mine.locator('.ant-tag', { hasText: '已完成' }).waitFor();
    expect(await mine.textContent()).toContain('相纸×1');

    // 套餐余量 of the order, from the row.
    await mine.getByText('套餐余量', { exact: true }).click();
    const panel = dialog(page, /^套餐余量/);
    await panel.locator('.service-allowance-item').first().waitFor();
    await page.keyboard.press('Escape');

    // A 套餐内 item counted in times, 99 of them at once: completing it is refused, naming the item.
    await button(list, '新增服务单').click();
    const again = dialog(page, '新增服务单');
    await chooseFirst(page, again.getByLabel('订单'));
    const counted = again.locator('.service-allowance-item').filter({ hasText: /\d+\/\d+ 次/ }).first();
    await counted.waitFor();
    const itemLabel = (await counted.locator('strong').textContent())!.trim();
    await chooseTyped(page, again.getByLabel('服务项目'), itemLabel);
    await again.getByLabel('次数').fill('99');
    await pickTime(page, again, '预约时间', '2030-05-07 09:00');
    await chooseFirst(page, again.getByLabel('执行人'));
    await again.getByLabel('备注').fill('E2E超额');
    await button(again, '确定').click();
    await toast(page, '新增服务单成功');
    const over = list.locator('tbody tr.ant-table-row').filter({ hasText: 'E2E超额' });
    await over.getByText('开始服务', { exact: true }).click();
    await confirmPop(page);
    await over.locator('.ant-tag', { hasText: '服务中' }).waitFor();
    await over.getByText('完成', { exact: true }).click();
    await button(dialog(page, /^完成服务/), '确定').click();
    // Used up at 99 times, or past the item's validity when the order's stay began long ago: refused either way.
    await page.locator('.ant-notification-notice').getByText(new RegExp(`^套餐内「${itemLabel}」(已用完（\\d+/\\d+次）|已过有效期（[\\d-]+）)，如需继续请按加购下单$`)).first().waitFor();
    await page.keyboard.press('Escape');
    await over.locator('.ant-tag', { hasText: '服务中' }).waitFor();
    expect(await rows(list).count()).toBeGreaterThan(1);
  });
});
