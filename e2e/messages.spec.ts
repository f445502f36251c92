import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { ADMIN, signedPost } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { signedInAt } from './shell-helpers';

// A demo user (seed/demo-roles.ts) who signs in with the admin's password.
const RECIPIENT = { username: 'nanshan.sales1', firstName: '李晓梅' };
const XSS = '<img src=x onerror="window.__xss=1">';

const dialog = (page: Page, title: string | RegExp): Locator =>
  page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });
const button = (scope: Page | Locator, name: string): Locator => scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').getByText(text, { exact: true }).first().waitFor();
const row = (page: Page, text: string): Locator => page.locator('.ant-table-row').filter({ hasText: text });
const xssRan = (page: Page) => page.evaluate(() => (window as unknown as { __xss?: number }).__xss ?? null);

async function confirmPop(page: Page): Promise<void> {
  await button(page.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
}

async function tokenFor(baseUrl: string, username: string): Promise<string> {
  const res = await signedPost<{ token: string }>(baseUrl, '/online/user/getCodeLogin', { username, password: ADMIN.password });
  expect(res.code, res.message).toBe('0');
  return res.result.token;
}

describe('announcements and messages in the browser', () => {
  const suite = useBrowserSuite();

  it('composes an announcement to a user, publishes it, and its read records show when it was read', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInAt(suite, '/message/announcement');
    await page.locator('.announcement-table').waitFor();
    await button(page, '新增通告').click();
    const compose = dialog(page, '新增通告');

    // Empty form: the shared schema's messages.
    await button(compose, '确定').click();
    await compose.getByText('请输入标题!').waitFor();
    await compose.getByText('请输入内容!').waitFor();

    await compose.getByLabel('标题').fill('本周例会通知');
    await compose.getByLabel('紧急消息').check();
    await compose.getByLabel('指定用户').check();
    await button(compose, '确定').click();
    await compose.getByText('请选择接收用户!').waitFor();
    await compose.locator('.ant-form-item').filter({ hasText: '接收用户' }).locator('.ant-select-selector').click();
    await page.keyboard.type(RECIPIENT.username);
    await page.locator('.ant-select-item-option').filter({ hasText: RECIPIENT.firstName }).click();

    // 内容 is a rich-text editor: type, select the last words and make them bold with the toolbar.
    const content = compose.getByRole('textbox', { name: '内容' });
    await content.click();
    await page.keyboard.type('周五下午三点开会，请准时参加');
    for (let i = 0; i < '请准时参加'.length; i++) await page.keyboard.press('Shift+ArrowLeft');
    await button(compose, '加粗').click();
    await content.locator('strong').getByText('请准时参加', { exact: true }).waitFor();
    expect((await content.innerText()).trim()).toBe('周五下午三点开会，请准时参加');

    // Its HTML source takes what a person pastes; scripts in it never run and are dropped on save.
    await button(compose, '源码').click();
    const source = compose.getByRole('textbox', { name: '内容' });
    expect(await source.inputValue()).toContain('周五下午三点开会，<strong>请准时参加</strong>');
    await source.fill(`${await source.inputValue()}<p>议程见附件<script>window.__xss=2</script></p>${XSS}<a href="javascript:window.__xss=3">议程</a>`);
    // Back in the editor the pasted HTML is shown without its handlers.
    await button(compose, '源码').click();
    await content.getByText('议程见附件').waitFor();
    expect(await content.innerHTML()).not.toMatch(/script|onerror|javascript:/);
    await button(compose, '确定').click();
    await toast(page, '添加成功！');
    await compose.waitFor({ state: 'hidden' });

    const announcement = row(page, '本周例会通知');
    await announcement.getByText('未发布').waitFor();
    await announcement.getByText(`指定用户：${RECIPIENT.firstName}`).waitFor();
    await announcement.getByText('紧急消息').waitFor();

    await announcement.getByText('发布', { exact: true }).click();
    await page.getByText('确定发布该通告吗？').waitFor();
    await confirmPop(page);
    await toast(page, '发布成功');
    await announcement.getByText('已发布').waitFor();

    // The stored content is sanitised; opening it runs nothing.
    await announcement.locator('.announcement-title').click();
    const detail = page.locator('.notice-detail-modal');
    await detail.getByText('周五下午三点开会，').waitFor();
    await detail.locator('.safe-html strong').getByText('请准时参加', { exact: true }).waitFor();
    await detail.getByText('议程见附件').waitFor();
    await detail.getByText('议程', { exact: true }).waitFor();
    expect(await detail.locator('.safe-html').innerHTML()).not.toMatch(/script|onerror|javascript:/);
    expect(await xssRan(page)).toBeNull();
    await button(detail, '关闭').click();
    await detail.waitFor({ state: 'hidden' });

    // Read records: unread, then read once the recipient opens it (through the bell's call).
    await announcement.getByText('阅读记录').click();
    const drawer = page.locator('.ant-drawer');
    const recipientRow = drawer.locator('.ant-table-row').filter({ hasText: RECIPIENT.username });
    await recipientRow.getByText('未读').waitFor();
    expect(await drawer.locator('.ant-table-row').count()).toBe(1);

    const token = await tokenFor(baseUrl, RECIPIENT.username);
    const bell = await signedPost<{ anntMsgList: { id: string; titile: string }[] }>(baseUrl, '/online/annountCement/listByUser', {}, token);
    const item = bell.result.anntMsgList.find((n) => n.titile === '本周例会通知');
    expect(item).toBeDefined();
    expect((await signedPost(baseUrl, '/online/sysAnnouncementSend/editByAnntIdAndUserId', { anntId: item!.id }, token)).code).toBe('0');

    await button(drawer, '查询').click();
    await recipientRow.getByText('已读').waitFor();
    expect(await recipientRow.innerText()).toMatch(/\d{4}-\d\d-\d\d \d\d:\d\d:\d\d/);
    await drawer.locator('.ant-drawer-close').click();
    await drawer.waitFor({ state: 'hidden' });

    // Revoke with a confirmation.
    await announcement.getByText('撤销', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '撤销成功');
    await announcement.getByText('已撤销').waitFor();
  });

  it('creates a message template, test-sends it with an escaped value, and reads it in 我的消息', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInAt(suite, '/message/template');
    await page.locator('.template-table').waitFor();
    await button(page, '新增模板').click();
    const form = dialog(page, '新增模板');
    await button(form, '确定').click();
    await form.getByText('请输入模板编码!').waitFor();
    await form.getByLabel('模板编码').fill('visit.reminder');
    await form.getByLabel('模板名称').fill('参观提醒');
    await form.getByLabel('模板标题').fill('参观提醒：${customer}');
    await form.getByLabel('模板内容').fill('<p>客户 <b>${customer}</b> 将于 ${time} 到店参观</p>');
    await button(form, '确定').click();
    await toast(page, '添加成功！');
    await form.waitFor({ state: 'hidden' });

    const template = row(page, 'visit.reminder');
    await template.getByText('站内消息').waitFor();
    await template.getByText('测试发送').click();
    const send = dialog(page, '测试发送');
    await send.getByLabel('${customer}').fill(XSS);
    await send.getByLabel('${time}').fill('明天 10:00');
    await button(send, '发送').click();
    await toast(page, '测试消息已发送');
    await send.waitFor({ state: 'hidden' });

    // A second message, to mark all read later.
    await template.getByText('测试发送').click();
    await send.getByLabel('${customer}').fill('王女士');
    await send.getByLabel('${time}').fill('周六 14:00');
    await button(send, '发送').click();
    await toast(page, '测试消息已发送');

    await page.goto(`${baseUrl}/app/food/messageRecord`);
    const table = page.locator('.message-record-table');
    await table.waitFor();
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(2);
    const escaped = row(page, `参观提醒：${XSS}`);
    await escaped.getByText('未读').waitFor();
    await escaped.getByText('一般消息').waitFor();

    // The value arrives as text: shown literally, never run.
    await escaped.locator('.message-title').click();
    const detail = page.locator('.notice-detail-modal');
    await detail.getByText(`客户 ${XSS} 将于 明天 10:00 到店参观`).waitFor();
    expect(await detail.locator('.safe-html img').count()).toBe(0);
    expect(await xssRan(page)).toBeNull();
    await button(detail, '关闭').click();
    await escaped.getByText('已读').waitFor();

    // Filter: unread only.
    const search = page.locator('.ant-pro-table-search');
    await search.getByLabel('状态').click();
    await page.locator('.ant-select-item-option').filter({ hasText: '未读' }).click();
    await button(search, '查询').click();
    await expect.poll(() => table.locator('.ant-table-row').allInnerTexts()).toEqual([expect.stringContaining('王女士')]);

    await button(page, '全部标记已读').click();
    await page.getByText('确定将全部消息标记为已读吗？').waitFor();
    await confirmPop(page);
    await toast(page, '已全部标记为已读');
    await expect.poll(() => table.locator('.ant-table-row').count()).toBe(0);
  });

  it('opens 我的消息 to a user who holds no grant for it', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await suite.newPage({ viewport: { width: 1366, height: 800 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await page.goto(`${baseUrl}/app/user/login`);
    await page.getByPlaceholder('账号', { exact: true }).fill(RECIPIENT.username);
    await page.getByPlaceholder('密码', { exact: true }).fill(ADMIN.password);
    await button(page, '登录').click();
    await page.waitForURL((url) => url.pathname !== '/app/user/login');
    await page.goto(`${baseUrl}/app/food/messageRecord`);
    await page.locator('.message-record-table').waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/food/messageRecord');
  });
});
