import { describe, expect, it } from 'vitest';
import { signInAsAdmin } from './auth-helpers';
import { useSharedBrowserSuite } from './harness';

const BUTTON = '修改系统配置';

/**
 * The browser reflects the server's permission answer: the same sign-in, once with the action in the
 * user's auth list and once with the server's answer lacking it (the user does not hold it).
 */
describe('buttons follow the user\'s actions', () => {
  const suite = useSharedBrowserSuite();

  async function homeFor(withoutAction: string | null) {
    const context = await suite.newContext({ locale: 'zh-CN' });
    const page = await context.newPage();
    if (withoutAction) {
      await page.route('**/online/api/getUserPermissionByToken', async (route) => {
        const response = await route.fetch();
        const body = (await response.json()) as { result: { auth: { action: string }[] } };
        body.result.auth = body.result.auth.filter((entry) => entry.action !== withoutAction);
        await route.fulfill({ response, json: body });
      });
    }
    await signInAsAdmin(page, suite.server.baseUrl);
    await page.getByTestId('greeting').waitFor();
    return { page, context };
  }

  it('a holder of system:config:edit sees its button', async () => {
    const { page, context } = await homeFor(null);
    await expect(page.getByRole('button', { name: BUTTON }).count()).resolves.toBe(1);
    await context.close();
  });

  it('a user without the action does not see the button at all', async () => {
    const { page, context } = await homeFor('system:config:edit');
    await page.getByTestId('current-department').waitFor();
    await expect(page.getByRole('button', { name: BUTTON }).count()).resolves.toBe(0);
    await context.close();
  });
});
