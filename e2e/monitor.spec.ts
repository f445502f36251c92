import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { signedPost, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { signedInPage } from './shell-helpers';

/** The figure a Statistic shows, as a number (thousands separators removed). */
const figure = async (page: Page, selector: string) => Number((await page.locator(`${selector} .ant-statistic-content-value`).first().innerText()).replace(/,/g, ''));

describe('监控页', () => {
  // A server of its own: on a shared one, the other files' requests crowd the counters it reads.
  const suite = useBrowserSuite();

  it('shows this server\'s counters, and they move after activity', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const base = suite.server.baseUrl;
    await page.goto(`${base}/app/dashboard/monitor`);
    await page.locator('.monitor-total-requests').waitFor();
    // The e2e server runs on PGlite: shown as the embedded database, with its size.
    expect(await page.locator('.monitor-database .ant-card-head-title').innerText()).toContain('嵌入式数据库');
    expect(await page.locator('.monitor-pool').innerText()).toContain('无连接池');
    expect(await page.locator('.monitor-db-size .ant-statistic-content-value').innerText()).toMatch(/\d+(\.\d)? (KB|MB|GB)/);
    const before = await figure(page, '.monitor-total-requests');
    expect(before).toBeGreaterThan(0);

    // Activity: 5 successful calls and 3 refused ones (validation), made outside the page.
    const token = (await tokenOf(page))!;
    for (let i = 0; i < 5; i++) expect((await signedPost(base, '/online/store/list', {}, token)).code).toBe('0');
    for (let i = 0; i < 3; i++) expect((await signedPost(base, '/online/store/add', { code: '' }, token)).code).not.toBe('0');

    // The page refreshes by itself (every 5 s) and counts them.
    await expect.poll(() => figure(page, '.monitor-total-requests'), { timeout: 15_000, interval: 500 }).toBeGreaterThanOrEqual(before + 8);
    await expect.poll(() => page.locator('.monitor-routes').innerText(), { timeout: 15_000 }).toContain('POST /online/store/add');
    const busiest = await page.locator('.monitor-routes tbody tr').allInnerTexts();
    const addRow = busiest.find((r) => r.includes('POST /online/store/add'))!;
    // 3 requests, 3 errors.
    expect(addRow.split(/\s+/).filter((c) => c === '3').length).toBeGreaterThanOrEqual(2);
    expect(Number((await page.locator('.monitor-p95 .ant-statistic-content-value').innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    expect(await figure(page, '.monitor-business-errors')).toBeGreaterThan(0);
  });
});
