import type { Browser, BrowserContext, Page } from 'playwright-core';
import { makeNonce, runtimeConfigSchema, signFields } from '@care/shared';

/** The demo administrator (README quick start). */
export const ADMIN = { username: 'admin', password: 'Admin@12345' } as const;

export const submitButton = (page: Page) => page.getByRole('button', { name: /登\s*录/ });

/** Fills the account tab and presses 登录 (the page must show the sign-in form). */
export async function submitAccount(page: Page, username: string, password: string): Promise<void> {
  await page.getByPlaceholder('账号', { exact: true }).fill(username);
  await page.getByPlaceholder('密码', { exact: true }).fill(password);
  await submitButton(page).click();
}

/** Signs in as admin through the form and waits until the app has left the sign-in page. */
export async function signInAsAdmin(page: Page, baseUrl: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/login`);
  await submitAccount(page, ADMIN.username, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/app/user/login');
}

/** A context that is already signed in as admin (storage state of one sign-in through the form). */
export async function signedInContext(browser: Browser, baseUrl: string): Promise<BrowserContext> {
  const first = await browser.newContext();
  try {
    const page = await first.newPage();
    await signInAsAdmin(page, baseUrl);
    const state = await first.storageState();
    return await browser.newContext({ storageState: state, reducedMotion: 'reduce' });
  } finally {
    await first.close();
  }
}

export const storedToken = (page: Page) => page.evaluate(() => localStorage.getItem('pro__sessionKey'));

/** The app path (without /app) of the page. */
export const appPath = (page: Page) => new URL(page.url()).pathname.replace(/^\/app/, '');

/**
 * A signed JSON call from the test itself (set-up the UI under test does not offer), signed as the
 * browser signs: with the runtime config the server hands out.
 */
export async function signedPost<T>(baseUrl: string, path: string, body: Record<string, unknown>, token?: string, method: 'POST' | 'PUT' = 'POST'): Promise<{ code: string; message: string; result: T }> {
  const script = await (await fetch(`${baseUrl}/app/runtime-config.js`)).text();
  const config = runtimeConfigSchema.parse(JSON.parse(script.slice(script.indexOf('=') + 1).trim().replace(/;$/, '')));
  const fields = { ...body, appId: config.appId, nonce: makeNonce(), siteId: config.siteId, ...(token ? { sessionKey: token } : {}) };
  const sign = signFields(fields, config.secret, config.signAlgorithm);
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { 'x-access-token': token } : {}) },
    body: JSON.stringify({ ...fields, sign }),
  });
  return (await response.json()) as { code: string; message: string; result: T };
}

/** The token the page holds, or null. */
export async function tokenOf(page: Page): Promise<string | null> {
  const raw = await storedToken(page);
  return raw === null ? null : ((JSON.parse(raw) as { value: string }).value ?? null);
}
