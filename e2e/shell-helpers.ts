import type { Locator, Page } from 'playwright-core';
import type { LoginResult } from '@care/shared';
import { ADMIN, signedPost } from './auth-helpers';
import type { BrowserSuite } from './harness';

const DEFAULT_VIEWPORT = { width: 1366, height: 800 };

// The app keeps a session in local storage for 7 days (apps/web/src/lib/storage.ts).
const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * A page in a fresh context of the suite, signed in as admin, showing `path` (the home page by default).
 * The sign-in goes through the API and leaves what the form's sign-in leaves in local storage (each
 * sign-in supersedes the previous session); the form itself has its own tests (login, auth-*), and
 * every other test skips loading the sign-in page and, given its page, the home page.
 */
export async function signedInPage(suite: BrowserSuite, viewport = DEFAULT_VIEWPORT, path = '/'): Promise<Page> {
  const page = await suite.newPage({ viewport, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  const base = suite.server.baseUrl;
  const [{ result, code, message }] = await Promise.all([
    signedPost<LoginResult>(base, '/online/user/getCodeLogin', { username: ADMIN.username, password: ADMIN.password }),
    // A small same-origin document, so the page may write the app's local storage.
    page.goto(`${base}/app/runtime-config.js`),
  ]);
  if (code !== '0') throw new Error(`admin sign-in failed: ${code} ${message}`);
  await page.evaluate(
    ({ login, ttl }) => {
      const expire = Date.now() + ttl;
      const put = (key: string, value: unknown) => localStorage.setItem(`pro__${key}`, JSON.stringify({ value, expire }));
      put('sessionKey', login.token);
      put('Login_Userinfo', login.userInfo);
      put('companyId', login.userInfo.companyId);
      put('departmentId', login.userInfo.departmentId);
      put('departmentName', login.userInfo.departmentName);
    },
    { login: result, ttl: SESSION_TTL_MS },
  );
  await page.goto(`${base}/app${path}`);
  await page.locator('.shell-header').waitFor();
  return page;
}

/** signedInPage opening the app page `path` (/system/user) instead of the home page. */
export const signedInAt = (suite: BrowserSuite, path: string, viewport = DEFAULT_VIEWPORT): Promise<Page> => signedInPage(suite, viewport, path);

/** Opens a menu page through the header's menu search (label: 系统管理 / 用户). */
export async function openFromSearch(page: Page, label: string): Promise<void> {
  const search = page.locator('.shell-menu-search');
  await search.click();
  await page.keyboard.type(label.split(' / ').at(-1) ?? label);
  const before = page.url();
  await page.locator(`.ant-select-item-option[title="${label}"]`).click();
  // Let the navigation land before anything else happens: two route changes in one render would skip
  // the first one's tab. Choosing the page already shown does not navigate, hence the short wait.
  await page.waitForURL((url) => url.href !== before, { timeout: 5_000 }).catch(() => undefined);
}

export const tab = (page: Page, key: string): Locator => page.locator('.ant-tabs-tab', { has: page.locator(`[data-tab-key="${key}"]`) });

export const tabKeys = (page: Page): Promise<string[]> =>
  page.locator('.shell-multi-tab .ant-tabs-nav-list [data-tab-key]').evaluateAll((nodes) => nodes.map((n) => (n as HTMLElement).dataset.tabKey ?? ''));

/** Waits until the tab bar shows exactly these tabs (the bar follows the route in an effect). */
export async function expectTabs(page: Page, keys: string[]): Promise<void> {
  try {
    await page.waitForFunction(
      (wanted) => {
        const shown = Array.from(document.querySelectorAll<HTMLElement>('.shell-multi-tab .ant-tabs-nav-list [data-tab-key]')).map((n) => n.dataset.tabKey);
        return JSON.stringify(shown) === JSON.stringify(wanted);
      },
      keys,
      { timeout: 5_000 },
    );
  } catch {
    throw new Error(`tabs are ${JSON.stringify(await tabKeys(page))}, expected ${JSON.stringify(keys)}`);
  }
}

export async function expectTitle(page: Page, title: string): Promise<void> {
  await page.waitForFunction((wanted) => document.title === wanted, title, { timeout: 5_000 });
}

export const appPathOf = (page: Page): string => new URL(page.url()).pathname.replace(/^\/app/, '');

/** Opens an entry of the user menu in the header. */
export async function userMenu(page: Page, entry: string): Promise<void> {
  await page.locator('.shell-user').hover();
  await page.getByRole('menuitem', { name: entry }).click();
}

export async function siderWidth(page: Page): Promise<number> {
  const box = await page.locator('.shell-sider').boundingBox();
  if (!box) throw new Error('no sidebar');
  return Math.round(box.width);
}
