import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, signedPost, signInAsAdmin } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { appPathOf, signedInPage } from './shell-helpers';

interface NoticeList {
  anntMsgList: Array<{ id: string; titile: string }>;
  anntMsgTotal: number;
  sysMsgList: Array<{ id: string; titile: string }>;
  sysMsgTotal: number;
}

const VIEWPORT = { width: 1366, height: 800 };
const tag = () => randomUUID().slice(0, 6);
const bell = (page: Page) => page.locator('.shell-notice');
const popover = (page: Page) => page.locator('.notice-popover:not(.ant-popover-hidden)');
const noticeModal = (page: Page) => page.locator('.notice-modal');
const item = (scope: Locator, title: string) => scope.locator('.notice-item').filter({ has: scope.page().getByText(title, { exact: true }) });

/** Waits until the badge shows `count` (no badge at 0). */
async function expectBadge(page: Page, count: number): Promise<void> {
  try {
    await page.waitForFunction((n) => (document.querySelector('.notice-badge sup')?.getAttribute('title') ?? '0') === String(n), count, { timeout: 5_000 });
  } catch {
    throw new Error(`badge shows ${await page.locator('.notice-badge sup').getAttribute('title').catch(() => 'nothing')}, expected ${count}`);
  }
}

// Several admin sessions at once: the browser's, and the one the test publishes with.
describe('the header bell, the notice modal and live push', () => {
  const suite = useBrowserSuite({ MULTI_SESSION: 'on' });
  let token: string | undefined;

  async function api<T>(path: string, body: Record<string, unknown>): Promise<T> {
    if (!token) {
      const login = await signedPost<{ token: string }>(suite.server.baseUrl, '/online/user/getCodeLogin', { username: ADMIN.username, password: ADMIN.password });
      expect(login.code, login.message).toBe('0');
      token = login.result.token;
    }
    const res = await signedPost<T>(suite.server.baseUrl, path, body, token);
    expect(res.code, `${path}: ${res.message}`).toBe('0');
    return res.result;
  }
  /** Composes and publishes an announcement to everyone. */
  async function publish(fields: Record<string, unknown>): Promise<{ id: string }> {
    const draft = await api<{ id: string; version: number }>('/online/annountCement/add', { audienceType: 'all', priority: 'L', msgContent: '<p>内容</p>', ...fields });
    await api('/online/annountCement/publish', { id: draft.id, version: draft.version });
    return draft;
  }
  /** A personal message to admin (a template's test send). */
  async function message(title: string, body: string): Promise<{ id: string }> {
    const template = await api<{ id: string }>('/online/messageTemplate/add', { code: `e2e.${tag()}`, name: title, title, body, priority: 'M' });
    return api('/online/messageTemplate/testSend', { id: template.id, data: {} });
  }
  const bellList = () => api<NoticeList>('/online/annountCement/listByUser', { pageSize: 10 });
  const total = (list: NoticeList) => list.anntMsgTotal + list.sysMsgTotal;

  it('the badge counts both tabs; the popover lists notices with their time and priority tag; 查看更多', async () => {
    const run = tag();
    const titles = { L: `一般通知${run}`, M: `重要通知${run}`, H: `紧急通知${run}` };
    for (const priority of ['L', 'M', 'H'] as const) await publish({ titile: titles[priority], priority });
    const sys = `系统消息${run}`;
    await message(sys, '<p>您有一条待办</p>');
    const list = await bellList();
    expect(list.sysMsgTotal).toBeGreaterThan(0);

    const page = await signedInPage(suite, VIEWPORT);
    await expectBadge(page, total(list));
    await bell(page).click();
    const pop = popover(page);
    await pop.waitFor();
    // Once its opening animation is over: 300 px wide.
    await page.waitForFunction(() => Math.round(document.querySelector('.notice-popover:not(.ant-popover-hidden)')!.getBoundingClientRect().width) === 300, undefined, {
      timeout: 5_000,
    });
    await pop.getByRole('tab', { name: `通知(${list.anntMsgTotal})` }).waitFor();
    await pop.getByRole('tab', { name: `系统消息(${list.sysMsgTotal})` }).waitFor();

    const annt = pop.locator('.notice-list-annt');
    for (const [priority, text, color] of [
      ['L', '一般消息', 'blue'],
      ['M', '重要消息', 'orange'],
      ['H', '紧急消息', 'red'],
    ] as const) {
      const row = item(annt, titles[priority]);
      await row.waitFor();
      expect(await row.locator('.ant-tag').innerText()).toBe(text);
      expect(await row.locator('.ant-tag').getAttribute('class')).toContain(`ant-tag-${color}`);
      expect(await row.locator('.notice-item-time').innerText()).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2} 发布$/);
    }

    await pop.getByRole('tab', { name: /^系统消息/ }).click();
    await item(pop.locator('.notice-list-sys'), sys).waitFor();

    await pop.getByRole('button', { name: '查看更多' }).click();
    await page.waitForURL((url) => url.pathname === '/app/food/messageRecord');
    await pop.waitFor({ state: 'hidden' });
  });

  it('clicking a notice marks it read and opens the notice modal; full screen; 去处理 goes to its page', async () => {
    const run = tag();
    const title = `待处理通告${run}`;
    await publish({ titile: title, priority: 'H', msgContent: '<p>请<b>尽快</b>处理</p>', openType: 'url', openPage: '/food/messageRecord' });
    const sys = `消息${run}`;
    await message(sys, '<p>这是一条系统消息</p>');
    const before = total(await bellList());

    const page = await signedInPage(suite, VIEWPORT);
    await expectBadge(page, before);
    await bell(page).click();
    await item(popover(page), title).click();
    await popover(page).waitFor({ state: 'hidden' });

    const modal = noticeModal(page);
    await modal.locator('.notice-modal-title').getByText(title, { exact: true }).waitFor();
    expect((await modal.locator('.notice-modal-sender').innerText()).trim()).not.toBe('');
    expect(await modal.locator('.notice-modal-time').innerText()).toMatch(/\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}/);
    expect(await modal.locator('.notice-modal-content b').innerText()).toBe('尽快');
    await expectBadge(page, before - 1);

    // The modal's own box (className lands on .ant-modal): 60% of the window, all of it in full screen.
    const modalWidth = (share: number) =>
      page.waitForFunction((w) => Math.abs(document.querySelector('.notice-modal')!.getBoundingClientRect().width - w) < 2, VIEWPORT.width * share, { timeout: 5_000 });
    await modalWidth(0.6);
    await modal.getByRole('button', { name: '全屏' }).click();
    await modalWidth(1);

    await modal.getByRole('button', { name: '去处理' }).click();
    await page.waitForURL((url) => url.pathname === '/app/food/messageRecord');
    await modal.waitFor({ state: 'hidden' });
    expect(appPathOf(page)).toBe('/food/messageRecord');

    // Read now: gone from the bell, for the server too.
    const after = await bellList();
    expect(after.anntMsgList.map((n) => n.titile)).not.toContain(title);
    await bell(page).click();
    await popover(page).locator('.notice-list-annt').waitFor();
    expect(await item(popover(page), title).count()).toBe(0);

    // A system message opens the same modal; with no page to go to, there is no 去处理.
    await popover(page).getByRole('tab', { name: /^系统消息/ }).click();
    await item(popover(page).locator('.notice-list-sys'), sys).click();
    await modal.locator('.notice-modal-title').getByText(sys, { exact: true }).waitFor();
    await modal.getByText('这是一条系统消息').waitFor();
    expect(await modal.getByRole('button', { name: '去处理' }).count()).toBe(0);
    await expectBadge(page, before - 2);
    await modal.getByRole('button', { name: /^关\s*闭$/ }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('a notice of openType component opens its page in a dialog', async () => {
    const title = `动态页面通告${tag()}`;
    await publish({ titile: title, priority: 'M', openType: 'component', openPage: 'message/MessageRecordList', busId: 'B-001' });
    const before = total(await bellList());
    const page = await signedInPage(suite, VIEWPORT);
    await expectBadge(page, before);
    await bell(page).click();
    await item(popover(page), title).click();
    const dialog = page.locator('.notice-dynamic-modal');
    await dialog.locator('.ant-modal-title').getByText(title, { exact: true }).waitFor();
    await dialog.locator('.message-record-table').waitFor();
    await expectBadge(page, before - 1);
    expect(appPathOf(page)).toBe('/dashboard/analysis');
  });

  it('a notice published while the page is open pops up bottom right, 500 px wide, and stays; a message shows its sender and time', async () => {
    const page = await signedInPage(suite, VIEWPORT);
    await page.locator('.shell-notice[data-push="open"]').waitFor();
    const before = total(await bellList());
    await expectBadge(page, before);

    const run = tag();
    const title = `停电通知${run}`;
    await publish({ titile: title, priority: 'H', msgContent: '<p>今晚十点<b>停电</b>检修</p>' });
    const pushed = page.locator('.push-notification-notice').filter({ hasText: title });
    await pushed.waitFor();
    expect(await pushed.locator('.push-notification-content').innerText()).toBe('今晚十点停电检修');
    // A notice shows its content only.
    expect(await pushed.locator('.push-notification-meta').count()).toBe(0);
    const box = (await pushed.boundingBox())!;
    expect(Math.round(box.width)).toBe(500);
    expect(VIEWPORT.width - (box.x + box.width)).toBeLessThan(40);
    expect(VIEWPORT.height - (box.y + box.height)).toBeLessThan(60);
    await expectBadge(page, before + 1);

    const sys = `审批提醒${run}`;
    await message(sys, '<p>有一张订单等您审批</p>');
    const pushedMessage = page.locator('.push-notification-message').filter({ hasText: sys });
    await pushedMessage.waitFor();
    expect(await pushedMessage.locator('.push-notification-content').innerText()).toBe('有一张订单等您审批');
    expect(await pushedMessage.locator('.push-notification-sender').innerText()).toMatch(/^发送人：.+/);
    expect(await pushedMessage.locator('.push-notification-time').innerText()).toMatch(/^发送时间：\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    await expectBadge(page, before + 2);

    // Well past antd's default 4.5 s, the notice is still there (it stays 120 s).
    await page.waitForTimeout(6_000);
    expect(await pushed.isVisible()).toBe(true);

    // 查看详情 opens the message and marks it read.
    await pushedMessage.getByRole('button', { name: '查看详情' }).click();
    await pushedMessage.waitFor({ state: 'hidden' });
    await noticeModal(page).locator('.notice-modal-title').getByText(sys, { exact: true }).waitFor();
    await expectBadge(page, before + 1);
  });

  it('when the socket is lost the browser retries every 2 s, and on reconnecting fetches what it missed', async () => {
    const context = await suite.newContext({ viewport: VIEWPORT, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    const page = await context.newPage();
    // Every socket goes through the test (unchanged), so the test can cut it.
    const sockets: Array<{ close(): Promise<void> }> = [];
    await page.routeWebSocket(/\/online\/ws/, (ws) => {
      const server = ws.connectToServer();
      sockets.push({ close: async () => (await ws.close({ code: 4000, reason: 'cut by the test' }), await server.close()) });
    });
    await signInAsAdmin(page, suite.server.baseUrl);
    await page.locator('.shell-notice[data-push="open"]').waitFor();
    const before = total(await bellList());
    await expectBadge(page, before);

    // The server "goes away": the socket drops and its health check fails.
    const probes: number[] = [];
    await page.route('**/online/health', (route) => {
      probes.push(Date.now());
      return route.abort();
    });
    await sockets[0]!.close();
    await page.locator('.shell-notice[data-push="closed"]').waitFor();
    const title = `断线期间的通知${tag()}`;
    await publish({ titile: title, priority: 'M', msgContent: '<p>断线时发布</p>' });
    const deadline = Date.now() + 10_000;
    while (probes.length < 3 && Date.now() < deadline) await page.waitForTimeout(200);
    const gaps = probes.slice(1).map((t, i) => t - probes[i]!);
    expect(gaps.length).toBeGreaterThanOrEqual(2);
    for (const gap of gaps) {
      expect(gap).toBeGreaterThanOrEqual(1_800);
      expect(gap).toBeLessThan(3_000);
    }
    // No error notice while it waits.
    expect(await page.locator('.ant-notification-notice-error').count()).toBe(0);

    await page.unroute('**/online/health');
    await page.locator('.shell-notice[data-push="open"]').waitFor({ timeout: 5_000 });
    // What came meanwhile pops up and is counted.
    const missed = page.locator('.push-notification-notice').filter({ hasText: title });
    await missed.waitFor();
    expect(await missed.locator('.push-notification-content').innerText()).toBe('断线时发布');
    await expectBadge(page, before + 1);
    expect(sockets.length).toBe(2);
  });
});
