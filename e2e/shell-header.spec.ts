import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { storedToken } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { openFromSearch, signedInPage, userMenu } from './shell-helpers';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

describe('shell header: search, modals, upload, logout', () => {
  const suite = useBrowserSuite();
  const open = () => signedInPage(suite);

  const dialog = (page: Page, title: string) => page.locator('.ant-modal').filter({ has: page.locator('.ant-modal-title', { hasText: title }) });

  it('header: greeting with the name, the current department, menu search', async () => {
    const page = await open();
    await page.locator('.shell-greeting').getByText(/^(早上好|上午好|中午好|下午好|晚上好)，.+/).waitFor();
    const department = page.locator('.shell-department');
    expect(await department.innerText()).toMatch(/^当前部门：.+/);
    await department.hover();
    await page.locator('.ant-tooltip:not(.ant-tooltip-hidden)').waitFor();

    // The search box is a lazy chunk: wait for it before counting.
    await page.locator('.shell-menu-search').getByText('搜索菜单').waitFor();
    expect(await page.locator('.shell-menu-search').getByText('搜索菜单').count()).toBe(1);
    await openFromSearch(page, '客户管理 / 预约');
    await page.waitForURL((url) => url.pathname === '/app/crm/reservation');
  });

  it('change password: the spec messages, 关闭 closes', async () => {
    const page = await open();
    await userMenu(page, '修改密码');
    const modal = dialog(page, '修改密码');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    for (const text of ['请输入旧密码!', '请输入新密码!', '请确认新密码!']) await modal.getByText(text, { exact: true }).waitFor();

    await modal.getByLabel('旧密码').fill('Admin@12345');
    await modal.getByLabel('新密码', { exact: true }).fill('NewPass@123');
    await modal.getByLabel('确认新密码').fill('NewPass@124');
    await modal.getByText('两次输入的密码不一样！').waitFor();
    await modal.getByText('请输入旧密码!').waitFor({ state: 'detached' });

    await modal.getByRole('button', { name: /关\s*闭/ }).click();
    await modal.waitFor({ state: 'hidden' });
  });

  it('personal info: loads, checks the phone, uploads an avatar, saves with 保存成功！', async () => {
    const page = await open();
    await userMenu(page, '个人中心');
    const modal = dialog(page, '个人信息');
    for (const label of ['头像', '姓名', '性别', '出生年月', '年龄', '手机号', '邮箱']) await modal.locator('.ant-form-item-label').getByText(label, { exact: true }).waitFor();
    const name = modal.getByLabel('姓名');
    await page.waitForFunction(() => (document.querySelector<HTMLInputElement>('.ant-modal input#firstName')?.value ?? '') !== '');

    // Only images are accepted.
    const input = modal.locator('input[type=file]');
    await input.setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
    await page.getByText('请上传图片').waitFor();
    await input.setInputFiles({ name: 'face.png', mimeType: 'image/png', buffer: PNG });
    const tile = modal.locator('.image-upload [data-status="done"] img');
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.image-upload [data-status="done"] img')?.src.startsWith('blob:') === true);
    expect(await tile.count()).toBe(1);

    await name.fill('管理员甲');
    await modal.getByLabel('手机号').fill('123');
    await modal.getByRole('button', { name: /提\s*交/ }).click();
    await modal.getByText('请输入正确的手机号!').waitFor();
    await modal.getByLabel('手机号').fill('13800138000');
    await modal.getByRole('button', { name: /提\s*交/ }).click();
    await page.getByText('保存成功！').waitFor();
    await modal.waitFor({ state: 'hidden' });
    await page.locator('.shell-greeting').getByText(/管理员甲$/).waitFor();
    // The header avatar shows the uploaded picture through a blob URL.
    await page.waitForFunction(() => document.querySelector<HTMLImageElement>('.shell-user .ant-avatar img')?.src.startsWith('blob:') === true);
  });

  it('department switch: 部门切换 / 部门选择, the error state when nothing is chosen, an empty list, save and reload', async () => {
    const page = await open();
    // Pretend the server knows no current department, so nothing is preselected.
    let answer: 'none-current' | 'empty' = 'none-current';
    await page.route('**/online/api/getTxUserInfo**', async (route) => {
      const response = await route.fetch();
      const envelope = (await response.json()) as { result: { departmentId: string; departList: unknown[] } };
      if (answer === 'none-current') envelope.result.departmentId = '';
      else envelope.result.departList = [];
      await route.fulfill({ response, json: envelope });
    });

    await userMenu(page, '部门切换');
    const modal = dialog(page, '部门切换');
    await modal.locator('.depart-select').waitFor();
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await modal.locator('.depart-select.ant-select-status-error').waitFor();

    await modal.locator('.depart-select').click();
    const option = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').last();
    const chosen = await option.innerText();
    await option.click();
    await modal.locator('.depart-select.ant-select-status-error').waitFor({ state: 'detached' });
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await reloaded;
    await page.locator('.shell-department').getByText(chosen).waitFor();
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('pro__departmentName') ?? 'null') as { value: string });
    expect(stored.value).toBe(chosen);

    // An empty list warns and opens nothing.
    answer = 'empty';
    await userMenu(page, '部门切换');
    await page.getByText('您尚未设置部门信息!').waitFor();
    expect(await dialog(page, '部门切换').count()).toBe(0);

    // Without a current department the modal is 部门选择.
    await page.unroute('**/online/api/getTxUserInfo**');
    await page.evaluate(() => {
      const key = 'pro__Login_Userinfo';
      const entry = JSON.parse(localStorage.getItem(key) ?? 'null') as { value: Record<string, unknown> };
      entry.value.departmentName = '';
      localStorage.setItem(key, JSON.stringify(entry));
    });
    await page.reload();
    await page.locator('.shell-header').waitFor();
    await userMenu(page, '部门切换');
    await dialog(page, '部门选择').locator('.depart-select').waitFor();
  });

  it('company switch lists the companies and answers 切换成功! then reloads', async () => {
    const page = await open();
    await userMenu(page, '公司切换');
    const modal = dialog(page, '公司切换');
    await modal.locator('.ant-select-selection-item').waitFor();
    const reloaded = page.waitForEvent('load');
    await modal.getByRole('button', { name: /确\s*定/ }).click();
    await page.getByText('切换成功!').waitFor();
    await reloaded;
    await page.locator('.shell-header').waitFor();
  });

  it('logout asks 真的要注销登录吗 ? and reloads to /app', async () => {
    const page = await open();
    await userMenu(page, '退出登录');
    const confirm = page.locator('.ant-modal-confirm');
    await confirm.getByText('真的要注销登录吗 ?').waitFor();
    await confirm.getByRole('button', { name: /取\s*消/ }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await storedToken(page)).not.toBeNull();

    await userMenu(page, '退出登录');
    const loaded = page.waitForEvent('load');
    await page.locator('.ant-modal-confirm').getByRole('button', { name: /确\s*定/ }).click();
    await loaded;
    await page.waitForURL((url) => url.pathname === '/app/user/login');
    expect(await storedToken(page)).toBeNull();
  });
});
