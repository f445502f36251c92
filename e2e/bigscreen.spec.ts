import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { useSharedBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, row, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, type Post } from './trade-helpers';

const SCREEN = { viewport: { width: 1920, height: 1080 } };

interface RoomRow {
  id: string;
  status: string;
}

/** The company's rooms as 房间 lists them: the records the screen's figures must equal. */
async function roomFigures(post: Post) {
  const page = await post<{ records: RoomRow[]; total: number }>('/online/room/list', { pageNo: 1, pageSize: 500 });
  const count = (status: string) => page.records.filter((r) => r.status === status).length;
  return { total: page.total, rooms: page.records, count };
}

// 大屏链接: an administrator issues a link for 房态大屏 and copies its address; a 1920×1080 screen
// without any session opens it and shows the figures the records give; a room's status changed in
// the back office reaches the open screen by push (no reload, no polling); after 撤销 the screen shows
// only 链接无效或已过期.
describe('大屏链接 and 房态大屏', () => {
  const suite = useSharedBrowserSuite();

  it('issues a link, shows the screen without a session, refreshes it by push and ends it on 撤销', async () => {
    const admin = await signedInPage(suite, { width: 1366, height: 800 });
    const post = await apiOf(admin, suite.server.baseUrl);
    await admin.goto(`${suite.server.baseUrl}/app/screen/links`);
    const table = admin.locator('.display-link-table');
    await button(table, '生成链接').click();
    const issue = dialog(admin, '生成大屏链接');
    await choose(admin, issue.getByRole('combobox', { name: '大屏' }), '房态大屏');
    await issue.getByLabel('备注').fill('E2E大厅电视');
    await button(issue, '生成链接').click();
    await toast(admin, '大屏链接已生成');
    const address = issue.getByLabel(/^新链接/);
    await address.waitFor();
    const url = new URL(await address.inputValue());
    expect(`${url.pathname}${url.search}`).toMatch(/^\/app\/bigscreen\/bigscreen2\?token=[A-Za-z0-9_-]{43}$/);
    await button(issue, '完成').click();
    const linkRow = row(table, 'E2E大厅电视');
    await linkRow.getByText('有效', { exact: true }).waitFor();
    await linkRow.getByText('房态大屏').waitFor();

    // The screen: a context of its own (no session), 1920×1080.
    const screen = await (await suite.newContext(SCREEN)).newPage();
    const apiCalls: string[] = [];
    screen.on('request', (r) => {
      const path = new URL(r.url()).pathname;
      if (path.startsWith('/online/')) apiCalls.push(path);
    });
    await screen.goto(url.toString());
    const before = await roomFigures(post);
    await expect.poll(() => screen.getByTestId('stat-roomTotal').textContent()).toBe(String(before.total));
    for (const status of ['free', 'occupied', 'dirty']) {
      await expect.poll(() => screen.getByTestId(`room-status-${status}`).locator('div').nth(1).textContent()).toBe(String(before.count(status)));
    }
    await screen.locator('.bigscreen[data-live="open"]').waitFor();
    expect(await screen.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1920);

    // The back office marks a free room dirty: the open screen follows by push, without a reload.
    const free = before.rooms.find((r) => r.status === 'free')!;
    let navigations = 0;
    screen.on('framenavigated', () => (navigations += 1));
    await post('/online/room/changeStatus', { id: free.id, event: 'markDirty' });
    const after = await roomFigures(post);
    expect(after.count('dirty')).toBe(before.count('dirty') + 1);
    await expect.poll(() => screen.getByTestId('room-status-dirty').locator('div').nth(1).textContent(), { timeout: 15_000 }).toBe(String(after.count('dirty')));
    await expect.poll(() => screen.getByTestId('room-status-free').locator('div').nth(1).textContent()).toBe(String(after.count('free')));
    expect(navigations).toBe(0);

    // Only the screen's own calls, no staff route, no session.
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.filter((p) => !p.startsWith('/online/displayLink/screen/'))).toEqual([]);

    // 撤销 on 大屏链接: the open screen shows 链接无效或已过期 (pushed), and so does a reload.
    await linkRow.getByText('撤销', { exact: true }).click();
    await confirmPop(admin);
    await toast(admin, '大屏链接已撤销');
    await linkRow.getByText('已撤销', { exact: true }).waitFor();
    await expectInvalid(screen, 15_000);
    await screen.reload();
    await expectInvalid(screen);

    // An unknown token, no token, and a 房态大屏 token on 经营驾驶舱 all show the same message.
    await screen.goto(`${suite.server.baseUrl}/app/bigscreen/bigscreen2?token=${randomBytes(32).toString('base64url')}`);
    await expectInvalid(screen);
    await screen.goto(`${suite.server.baseUrl}/app/bigscreen/bigscreen2`);
    await expectInvalid(screen);
    const other = await post<{ url: string }>('/online/displayLink/add', { screen: 2, days: 1, note: 'E2E其他' });
    await screen.goto(`${suite.server.baseUrl}${other.url.replace('bigscreen2', 'bigscreen1')}`);
    await expectInvalid(screen);

    // 经营驾驶舱 through a link of its own: its figures and its trend chart (ECharts canvas) are drawn.
    const business = await post<{ url: string }>('/online/displayLink/add', { screen: 1, days: 1, note: 'E2E驾驶舱' });
    await screen.goto(`${suite.server.baseUrl}${business.url}`);
    await screen.getByTestId('stat-todayDeal').getByText(/^¥[\d,]+\.\d{2}$/).waitFor();
    await screen.getByTestId('chart-trend').locator('canvas').first().waitFor();
  }, 180_000);

  it('a screen opened from the menu without a link leads the administrator to 生成链接 for it, and the new link opens it', async () => {
    // A big screen is drawn without the shell, which signedInAt waits for: sign in, then open it.
    const admin = await signedInPage(suite, { width: 1366, height: 800 });
    await admin.goto(`${suite.server.baseUrl}/app/bigscreen/bigscreen3`);
    await expectInvalid(admin);
    await admin.locator('.bigscreen-issue-link').click();
    await admin.waitForURL((u) => u.pathname === '/app/screen/links' && u.searchParams.get('issue') === '3');
    const issue = dialog(admin, '生成大屏链接');
    await issue.locator('.ant-select-selection-item', { hasText: '护理与月嫂' }).waitFor();
    await button(issue, '生成链接').click();
    const address = issue.getByLabel(/^新链接/);
    await address.waitFor();
    const url = await address.inputValue();
    expect(new URL(url).pathname).toBe('/app/bigscreen/bigscreen3');
    expect(await issue.getByRole('link', { name: '打开大屏' }).getAttribute('href')).toBe(url);
    await button(issue, '完成').click();
    // Closed, the address bar no longer asks for a new link.
    await admin.waitForURL((u) => u.pathname === '/app/screen/links' && !u.searchParams.has('issue'));
    expect(await dialog(admin, '生成大屏链接').count()).toBe(0);
  });
});

async function expectInvalid(page: Page, timeout = 10_000): Promise<void> {
  await page.locator('.bigscreen-invalid').getByText('链接无效或已过期').waitFor({ timeout });
  expect(await page.getByTestId('stat-roomTotal').count()).toBe(0);
}
