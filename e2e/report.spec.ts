import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { SaleSummaryResult } from '@care/shared';
import { useSharedBrowserSuite } from './harness';
import { button, choose, drawer, rows } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, shanghaiDate, submittedOrder } from './trade-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

// 销售汇总: an administrator filters by store and dimension, sees the totals row the API computes,
// drills into the row's orders (the order placed here among them) and exports the same figures.
describe('报表', () => {
  const suite = useSharedBrowserSuite();

  it('filters 销售汇总 by store, shows the totals, drills down to the orders and exports', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const post = await apiOf(page, suite.server.baseUrl);
    const { nanshan, order } = await submittedOrder(post, { name: 'E2E报表妈妈', phone: '13911117788' }, 20);
    const month = { from: `${shanghaiDate(0).slice(0, 8)}01`, to: shanghaiDate(0) };
    const expected = await post<SaleSummaryResult>('/online/report/saleSummary/query', { ...month, storeId: nanshan, groupBy: 'store' });
    expect(expected.rows).toHaveLength(1);

    await page.goto(`${suite.server.baseUrl}/app/report/saleSummary`);
    const report = page.locator('.report-print');
    await report.locator('.sale-summary-table').waitFor();
    await choose(page, formItem(report, '门店').locator('.ant-select-selector'), '南山店');
    await choose(page, formItem(report, '汇总维度').locator('.ant-select-selector'), '门店');
    await button(report, '查询').click();
    const table = report.locator('.sale-summary-table');
    await expect.poll(async () => (await rows(table).allTextContents()).join('|')).toContain('南山店');
    expect(await rows(table).count()).toBe(1);
    const totals = table.locator('.report-totals');
    await expect.poll(() => totals.textContent()).toContain(expected.totals.dealTotal);
    expect(await totals.textContent()).toContain(String(expected.totals.orders));

    // Drill-down: the orders behind the row's count.
    await rows(table).first().locator('.report-figure').first().click();
    const detail = drawer(page, /^明细：/);
    await detail.getByText(order.orderNo).waitFor();
    await expect.poll(() => detail.locator('.ant-pagination-total-text').textContent()).toBe(`共 ${expected.rows[0]!.orders} 条`);
    await detail.locator('.ant-drawer-close').click();

    const download = page.waitForEvent('download');
    await button(report, '导出').click();
    expect((await download).suggestedFilename()).toMatch(/^销售汇总_?\d{8}\.xlsx$/);
    await expect.poll(() => button(report, '打印').isVisible()).toBe(true);
  });
});
