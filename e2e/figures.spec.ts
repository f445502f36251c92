import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { biContract, centsToMoney, moneyToCents, receivableContract, reportContract, type AgingRow, type FinanceResult, type StoreBoard } from '@care/shared';
import { useSharedBrowserSuite } from './harness';
import { choose } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, shanghaiDate } from './trade-helpers';

// Issue 29, one definition of every figure, as a person sees it: 南山店's overdue and outstanding are
// the same number on 门店看板 and on the 应收 page's 账龄 card (before, money due today counted as overdue
// on the one and not on the other), and 财务报表's aging for a period ending today agrees.

/** The figure under a statistic's title, as shown (group separators dropped). */
async function stat(scope: Page | Locator, title: string): Promise<string> {
  const page = 'goto' in scope ? scope : scope.page();
  const card = scope.locator('.ant-statistic').filter({ has: page.locator('.ant-statistic-title', { hasText: new RegExp(`^${title}$`) }) }).first();
  return (await card.locator('.ant-statistic-content').innerText()).replace(/,/g, '').replace(/\s*元$/, '').trim();
}

const cell = async (row: Locator, n: number) => (await row.locator('td').nth(n).innerText()).replace(/,/g, '').trim();

describe('one definition of every figure', () => {
  // Reads only, and compares pages with each other at one moment: the shared server is enough.
  const suite = useSharedBrowserSuite();

  it('南山店: 门店看板\'s 已逾期 and 应收未收 equal the 应收 page\'s 账龄 逾期合计 and 未收金额, and 财务报表\'s aging as of today', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    const nanshan = (await post<{ id: string; name: string }[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
    const board = await post<StoreBoard>(biContract.storeBoard.path, { storeId: nanshan });
    const today = shanghaiDate(0);
    const report = await post<FinanceResult>(reportContract.finance.path, { from: `${today.slice(0, 7)}-01`, to: today, storeId: nanshan });
    const reportOverdue = centsToMoney(moneyToCents(report.agingTotals.outstanding) - moneyToCents(report.agingTotals.notDue));
    expect({ outstanding: report.agingTotals.outstanding, overdue: reportOverdue }).toEqual({ outstanding: board.outstanding, overdue: board.overdue });

    await page.goto(`${base}/app/store/board`);
    await choose(page, page.locator('.bi-store'), '南山店');
    await expect.poll(() => stat(page, '已逾期')).toBe(board.overdue);
    expect(await stat(page, '应收未收')).toBe(board.outstanding);

    const aging = (await post<AgingRow[]>(receivableContract.aging.path, {})).find((r) => r.storeId === nanshan);
    expect({ outstanding: aging?.outstanding, overdue: aging?.overdue }).toEqual({ outstanding: board.outstanding, overdue: board.overdue });

    await page.goto(`${base}/app/finance/receivable`);
    await page.locator('.receivable-aging').getByText('南山店').waitFor();
    const row = page.locator('.receivable-aging tr').filter({ hasText: '南山店' }).first();
    // 门店, 未到期, 1–30天, 31–60天, 61–90天, 90天以上, 逾期合计, 未收金额
    expect(await cell(row, 6)).toBe(board.overdue);
    expect(await cell(row, 7)).toBe(board.outstanding);
  });
});
