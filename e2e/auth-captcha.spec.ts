import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN, appPath, storedToken, submitAccount } from './auth-helpers';
import { useBrowserSuite } from './harness';

describe('sign-in with the captcha on (LOGIN_CAPTCHA=on)', () => {
  const suite = useBrowserSuite({ LOGIN_CAPTCHA: 'on' });
  const openPage = () => suite.newPage();

  const isCaptchaCall = (url: string) => new URL(url).pathname.startsWith('/online/user/randomImage/');
  const captchaKey = (url: string) => new URL(url).pathname.slice('/online/user/randomImage/'.length);
  const image = (page: Page) => page.getByAltText('验证码图片');
  const imageSource = async (page: Page) => (await image(page).getAttribute('src')) ?? '';

  it('shows the captcha image and a new one (with a new key) on every click', async () => {
    const page = await openPage();
    const first = page.waitForResponse((r) => isCaptchaCall(r.url()));
    await page.goto(`${suite.server.baseUrl}/app/user/login`);
    const firstKey = captchaKey((await first).url());
    expect(firstKey).toMatch(/^[0-9a-f]{32}$/);
    await image(page).waitFor();
    const firstSource = await imageSource(page);
    expect(firstSource).toMatch(/^data:image\//);
    expect(await page.getByPlaceholder('验证码', { exact: true }).isVisible()).toBe(true);

    const second = page.waitForResponse((r) => isCaptchaCall(r.url()));
    await image(page).click();
    const secondKey = captchaKey((await second).url());
    expect(secondKey).not.toBe(firstKey);
    await expect.poll(() => imageSource(page)).not.toBe(firstSource);
  });

  it('asks for the captcha before calling the server', async () => {
    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/user/login`);
    await image(page).waitFor();
    await submitAccount(page, ADMIN.username, ADMIN.password);
    await page.getByText('请输入验证码!').waitFor();
  });

  it('a wrong captcha shows the server message, refreshes the image, keeps the username', async () => {
    const page = await openPage();
    await page.goto(`${suite.server.baseUrl}/app/user/login`);
    await image(page).waitFor();
    const before = await imageSource(page);
    await page.getByPlaceholder('验证码', { exact: true }).fill('zzzz');
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === '/online/user/getCodeLogin');
    const refreshed = page.waitForResponse((r) => isCaptchaCall(r.url()));
    await submitAccount(page, ADMIN.username, ADMIN.password);
    const envelope = (await (await answered).json()) as { code: string; message: string; success: boolean };
    expect(envelope.success).toBe(false);
    await page.getByText(envelope.message, { exact: true }).waitFor();
    await refreshed;
    await expect.poll(() => imageSource(page)).not.toBe(before);
    expect(await page.getByPlaceholder('验证码', { exact: true }).inputValue()).toBe('');
    expect(await page.getByPlaceholder('账号', { exact: true }).inputValue()).toBe(ADMIN.username);
    expect(appPath(page)).toBe('/user/login');
    expect(await storedToken(page)).toBeNull();
  });
});
