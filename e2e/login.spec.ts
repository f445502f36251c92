import { describe, expect, it } from 'vitest';
import type { Page, Response } from 'playwright-core';
import { useSharedBrowserSuite } from './harness';

interface SystemConfigEnvelope {
  code: string;
  result: { loginSystemName: string };
}

describe('sign-in page', () => {
  const suite = useSharedBrowserSuite();
  const openPage = () => suite.newPage();

  const systemConfigResponse = (page: Page): Promise<Response> =>
    page.waitForResponse((response) => new URL(response.url()).pathname === '/online/api/getSystemConfig');

  const loginUrl = (page: Page) => new URL(page.url());

  it('opening /app/ lands on the sign-in form showing the configured system name', async () => {
    const page = await openPage();
    const answered = systemConfigResponse(page);
    await page.goto(`${suite.server.baseUrl}/app/`);

    await page.waitForURL((url) => url.pathname === '/app/user/login');
    expect(loginUrl(page).searchParams.get('redirect')).toBe('/dashboard/analysis');

    const response = await answered;
    expect(response.request().method()).toBe('POST');
    expect(response.status()).toBe(200);
    const envelope = (await response.json()) as SystemConfigEnvelope;
    expect(envelope.code).toBe('0');
    const systemName = envelope.result.loginSystemName || '科技平台';

    await page.getByText(systemName, { exact: true }).first().waitFor();
    for (const placeholder of ['账号', '密码']) {
      expect(await page.getByPlaceholder(placeholder, { exact: true }).isVisible()).toBe(true);
    }
    expect(await page.getByRole('tab', { name: '手机号登录' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /登\s*录/ }).isVisible()).toBe(true);
    expect(await page.title()).toBe('登录 - 管理系统');

    // The signed getSystemConfig call went through: no 系统提示 notification.
    await page.waitForTimeout(500);
    expect(await page.getByText('系统提示').count()).toBe(0);
  });

  it('a deep path redirects to sign-in carrying that path', async () => {
    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/some/deep/path?tab=2`);
    await page.waitForURL((url) => url.pathname === '/app/user/login');
    expect(loginUrl(page).searchParams.get('redirect')).toBe('/some/deep/path?tab=2');
    await page.getByPlaceholder('账号', { exact: true }).waitFor();
  });

  it('the 登录 button checks the fields first', async () => {
    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/user/login`);
    const submit = page.getByRole('button', { name: /登\s*录/ });
    await submit.click();
    await page.getByText('请输入账号!').waitFor();
    await page.getByText('请输入密码!').waitFor();
  });

  it('a superseded session asks to sign in again, then drops the token and reloads', async () => {
    const page = await openPage();
    // A real 110 answers a signed-in call; faking it on the sign-in page's call exercises the same code.
    await page.route('**/online/api/getSystemConfig', (route) =>
      route.fulfill({ status: 401, json: { success: false, message: '很抱歉，您的帐号已在其他地方登录，请重新登录', result: null, code: '110' } }),
    );
    await page.goto(`${suite.server.baseUrl}/app/user/login`);
    const dialog = page.getByRole('dialog', { name: '已在其他地方登录' });
    await dialog.getByText('很抱歉，您的帐号已在其他地方登录，请重新登录').waitFor();

    // Stored only now: with a token the sign-in route would have redirected home.
    await page.evaluate(() => localStorage.setItem('pro__sessionKey', JSON.stringify({ value: 'old', expire: null })));
    const reloaded = page.waitForEvent('load');
    await dialog.getByRole('button', { name: '重新登录' }).click();
    await reloaded;
    expect(await page.evaluate(() => localStorage.getItem('pro__sessionKey'))).toBeNull();
  });

  it('a stored token the server does not know leads back to sign-in, keeping the path', async () => {
    const page = await openPage();
    await page.addInitScript(() => {
      if (!sessionStorage.getItem('e2e-token-planted')) {
        sessionStorage.setItem('e2e-token-planted', '1');
        localStorage.setItem('pro__sessionKey', JSON.stringify({ value: 'e2e-token', expire: null }));
      }
    });
    await page.goto(`${suite.server.baseUrl}/app/no/such/page`);
    await page.waitForURL((url) => url.pathname === '/app/user/login');
    expect(loginUrl(page).searchParams.get('redirect')).toBe('/no/such/page');
    await page.getByPlaceholder('账号', { exact: true }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pro__sessionKey'))).toBeNull();
  });
});
