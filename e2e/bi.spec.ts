import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { biContract, centsToPrice, priceCents, type AnalysisKpi, type CustomerBi, type OrderBi, type StoreBoard } from '@care/shared';
import { useSharedBrowserSuite } from './harness';
import { choose } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, shanghaiDate, submittedOrder } from './trade-helpers';

// BI pages draw their charts (canvas) and show the figures the server computes from the records; an order
// placed here moves them by exactly its count and price. 分析页 shows its KPI cards to the administrator.

/** The figure under a statistic's title, as shown (group separators dropped). */
async function stat(scope: Page | Locator, title: string): Promise<string> {
  const page = 'goto' in scope ? scope : scope.page();
  const card = scope.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) }).first();
  return (await card.locator('.ant-statistic-content').innerText()).replace(/,/g, '').replace(/\s*元$/, '').trim();
}

const month = () => ({ from: `${shanghaiDate(0).slice(0, 7)}-01`, to: shanghaiDate(0) });

describe('BI and 分析页', () => {
  const suite = useSharedBrowserSuite();

  it('订单分析 of a store: charts drawn, and an order placed moves the figures by its count and price', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    const nanshan = (await post<{ id: string; name: string }[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
    const before = await post<OrderBi>(biContract.order.path, { ...month(), storeId: nanshan });
    const placed = await submittedOrder(post, { name: '报表测试二', phone: '13700000002' }, 40);
    const after = await post<OrderBi>(biContract.order.path, { ...month(), storeId: nanshan });
    expect(after.totals.orders).toBe(before.totals.orders + 1);
    expect(after.totals.dealTotal).toBe(centsToPrice(priceCents(before.totals.dealTotal) + priceCents(placed.price.referencePrice)));

    await page.goto(`${base}/app/bi/order`);
    await choose(page, page.locator('.bi-store'), '南山店');
    await expect.poll(() => stat(page, '成交订单')).toBe(String(after.totals.orders));
    expect(await stat(page, '成交金额')).toBe(after.totals.dealTotal);
    expect(await stat(page, '优惠金额')).toBe(after.totals.discountTotal);
    await page.locator('[data-testid="bi-chart-revenue"] canvas').waitFor();
    await page.locator('[data-testid="bi-chart-kinds"] canvas').waitFor();
    const today = after.trend.find((t) => t.key === shanghaiDate(0))!;
    expect(today.orders).toBeGreaterThanOrEqual(1);
  });

  it('客户分析 draws the funnel and shows its counts; 门店看板 shows today\'s figures of the chosen store', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    const figures = await post<CustomerBi>(biContract.customer.path, month());
    await page.goto(`${base}/app/bi/customer`);
    await page.locator('[data-testid="bi-chart-funnel"] canvas').waitFor();
    await page.locator('[data-testid="bi-chart-trend"] canvas').waitFor();
    expect(await stat(page, '线索')).toBe(String(figures.funnel.leads));
    expect(await stat(page, '成交订单')).toBe(String(figures.funnel.orders));
    expect(await stat(page, '入住')).toBe(String(figures.funnel.checkIns));
    expect(await page.locator('.bi-roi-table tbody tr.ant-table-row').count()).toBe(figures.roi.length);

    await page.goto(`${base}/app/store/board`);
    await choose(page, page.locator('.bi-store'), '南山店');
    const board = await post<StoreBoard>(biContract.storeBoard.path, { storeId: (await post<{ id: string; name: string }[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id });
    await expect.poll(() => stat(page, '成交订单')).toBe(String(board.orders));
    expect(await stat(page, '成交金额')).toBe(board.dealTotal);
    expect(await stat(page, '应收未收')).toBe(board.outstanding);
  });

  it('分析页 shows the KPI cards and the trend chart to the administrator, with the greeting and shortcuts', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    await page.goto(`${base}/app/dashboard/analysis`);
    await page.getByTestId('greeting').waitFor();
    const panel = page.locator('.analysis-kpi');
    await panel.locator('[data-testid="kpi-chart-trend"] canvas').waitFor();
    const kpi = await post<AnalysisKpi>(biContract.analysisKpi.path, {});
    expect(await stat(panel, '本月订单')).toBe(String(kpi.orders));
    expect(await stat(panel, '本月成交金额')).toBe(kpi.dealTotal);
    expect(await stat(panel, '应收未收')).toBe(kpi.outstanding);
    // The seven cards in two balanced rows of equal cards (4 + 3), each figure on one line.
    const boxes = await panel.locator('.ant-card-small').evaluateAll((cards) =>
      cards.map((c) => {
        const r = c.getBoundingClientRect();
        const value = c.querySelector('.ant-statistic-content')!;
        return { top: Math.round(r.top), width: Math.round(r.width), lines: Math.round(value.getBoundingClientRect().height / parseFloat(getComputedStyle(value).lineHeight)) };
      }),
    );
    expect(boxes).toHaveLength(7);
    expect(new Set(boxes.map((b) => b.width)).size).toBe(1);
    expect(boxes.map((b) => b.top === boxes[0]!.top)).toEqual([true, true, true, true, false, false, false]);
    expect(boxes.every((b) => b.lines === 1)).toBe(true);
    expect(await page.getByText('快捷入口').count()).toBe(1);
  });
});
