import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { useBrowserSuite } from './harness';
import { signedInAt } from './shell-helpers';

// A 1×1 PNG.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64');

const button = (scope: Page | Locator, name: string): Locator => scope.getByRole('button', { name: new RegExp(name.split('').join('\\s*')) });
const toast = (page: Page, text: string) => page.locator('.ant-message-notice').getByText(text, { exact: true }).last().waitFor();

describe('系统配置', () => {
  const suite = useBrowserSuite();

  it('an administrator renames the system and uploads a logo; the shell and the login page show them at once', async () => {
    const baseUrl = suite.server.baseUrl;
    const admin = await signedInAt(suite, '/system/config');
    const form = admin.locator('form#systemConfig');
    const field = (label: string) => form.getByLabel(label, { exact: true });
    await expect.poll(() => field('系统名称').inputValue()).toBe('悦享月子会所');
    expect(await field('登录页系统名称').inputValue()).toBe('悦享月子会所管理系统');
    expect(await form.locator('.ant-radio-button-wrapper-checked').innerText()).toBe('会所模式');

    // Validation names the field, in Chinese, before anything is sent.
    await field('系统名称').fill('');
    await field('链接1名称').fill('官网');
    await button(form, '保存').click();
    await form.getByText('请输入系统名称!', { exact: true }).waitFor();
    await form.getByText('请输入链接地址!', { exact: true }).waitFor();
    await field('链接1地址').fill('javascript:alert(1)');
    await form.getByText('请输入正确的链接地址!', { exact: true }).waitFor();

    await field('系统名称').fill('康宁月子中心');
    await field('登录页系统名称').fill('康宁月子中心运营平台');
    await field('链接1地址').fill('https://www.example.com/');
    await form.getByText('到家模式', { exact: true }).click();
    const logo = form.locator('.ant-form-item').filter({ hasText: 'Logo' }).locator('input[type=file]');
    await logo.setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    await admin.waitForFunction(() => document.querySelector<HTMLImageElement>('form#systemConfig .image-upload [data-status="done"] img')?.src.startsWith('blob:') === true);
    const loginImage = form.locator('.ant-form-item').filter({ hasText: '登录页图片' }).locator('input[type=file]');
    await loginImage.setInputFiles({ name: 'login.png', mimeType: 'image/png', buffer: PNG });
    await expect.poll(() => admin.locator('form#systemConfig .image-upload [data-status="done"] img').count()).toBe(2);
    await button(form, '保存').click();
    await toast(admin, '保存成功！');

    // The shell's title follows without a reload.
    await admin.locator('.shell-logo-title').getByText('康宁月子中心', { exact: true }).waitFor();

    // Someone who is not signed in sees the new name, logo, description and footer link on the login page at once.
    const visitor = await suite.newPage({ locale: 'zh-CN' });
    await visitor.goto(`${baseUrl}/app/user/login`);
    await visitor.getByText('康宁月子中心运营平台', { exact: true }).waitFor();
    const link = visitor.getByRole('link', { name: '官网' });
    expect(await link.getAttribute('href')).toBe('https://www.example.com/');
    const img = visitor.locator('img[alt="logo"]');
    expect(await img.getAttribute('src')).toMatch(/^\/online\/systemConfig\/image\/logoImageUrl\?v=\d+$/);
    await visitor.waitForFunction(() => (document.querySelector<HTMLImageElement>('img[alt="logo"]')?.naturalWidth ?? 0) > 0);
    expect(await visitor.locator('img[alt="登录页图片"]').getAttribute('src')).toMatch(/^\/online\/systemConfig\/image\/loginImageUrl\?v=\d+$/);
    await visitor.waitForFunction(() => (document.querySelector<HTMLImageElement>('img[alt="登录页图片"]')?.naturalWidth ?? 0) > 0);

    // The form reads back what was saved.
    await admin.reload();
    await expect.poll(() => admin.locator('form#systemConfig').getByLabel('系统名称', { exact: true }).inputValue()).toBe('康宁月子中心');
    expect(await admin.locator('form#systemConfig .ant-radio-button-wrapper-checked').innerText()).toBe('到家模式');
  });
});
