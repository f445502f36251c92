import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CrmOption, NurseCertificate } from '@care/shared';
import { useBrowserSuite } from './harness';
import { button, dialog, moreAction, row, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, shanghaiDate } from './trade-helpers';

// A 1×1 PNG, as a phone would pick from its gallery.
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const PHONE = { viewport: { width: 375, height: 812 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

// The nurse's own page through her edit link: an administrator issues a link; on a phone-sized
// screen without any session the nurse opens it and edits a certificate (number, expiry, image);
// the back office sees the change. A revoked or unknown link shows only 链接无效或已过期.
describe('月嫂编辑链接', () => {
  const suite = useBrowserSuite();

  it('a nurse edits a certificate on her phone through the link; revoked and unknown links show the invalid message', async () => {
    const admin = await signedInPage(suite, { width: 1366, height: 800 });
    const post = await apiOf(admin, suite.server.baseUrl);
    const nanshan = (await post<CrmOption[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
    const nurse = await post<{ id: string }>('/online/monthlyNurse/add', {
      name: 'E2E链接阿姨', phone: '13822225566', level: 'middle', practiceType: 'confinement_nurse', serviceType: 'home', employment: 'employee', price26Days: '9800', storeId: nanshan,
    });
    const cert = await post<NurseCertificate>('/online/monthlyNurse/certificateAdd', {
      nurseId: nurse.id, kind: 'health', name: '健康证', certNo: 'HC-E2E-1', issuedOn: shanghaiDate(-300), expiresOn: shanghaiDate(10),
    });
    // The administrator issues it from the 月嫂 page's 编辑链接 (under 更多) and copies the address.
    await admin.goto(`${suite.server.baseUrl}/app/serve/monthlyNurse`);
    const nurses = admin.locator('.monthly-nurse-table');
    await nurses.getByLabel('姓名').fill('E2E链接阿姨');
    await button(nurses, '查询').click();
    const nurseRow = row(nurses, 'E2E链接阿姨');
    await nurseRow.waitFor();
    await moreAction(admin, nurseRow, '编辑链接');
    const links = dialog(admin, 'E2E链接阿姨 的编辑链接');
    await button(links, '生成链接').click();
    const address = links.getByLabel(/^新链接/);
    await address.waitFor();
    const issuedAt = new URL(await address.inputValue());
    const issued = { url: `${issuedAt.pathname}${issuedAt.search}` };
    expect(issued.url).toMatch(/^\/app\/uniapp\/EditXfMonthlyNurseUniapp\?token=[A-Za-z0-9_-]{43}$/);
    await links.locator('.ant-table-row').filter({ hasText: '有效' }).waitFor();
    await admin.keyboard.press('Escape');

    // Her phone: no session, 375 px wide.
    const context = await suite.newContext(PHONE);
    const phone = await context.newPage();
    const apiCalls: string[] = [];
    phone.on('request', (r) => {
      const url = new URL(r.url());
      if (url.pathname.startsWith('/online/')) apiCalls.push(url.pathname);
    });
    await phone.goto(`${suite.server.baseUrl}${issued.url}`);
    await phone.getByTestId('nurse-name').getByText('E2E链接阿姨').waitFor();
    await phone.getByText('等级 中级').waitFor();
    const card = phone.getByTestId('certificate').filter({ hasText: 'HC-E2E-1' });
    await card.getByText('即将过期').waitFor();
    // Nothing overflows the phone's width.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    await card.getByText('编辑', { exact: true }).click();
    const edit = dialog(phone, '编辑证书');
    await formItem(edit, '证书编号').locator('input').fill('HC-E2E-2');
    const newExpiry = shanghaiDate(400);
    await formItem(edit, '到期日期').locator('input').fill(newExpiry);
    await formItem(edit, '证书图片').locator('input[type=file]').setInputFiles({ name: 'cert.png', mimeType: 'image/png', buffer: PNG });
    await formItem(edit, '证书图片').locator('img[src^="blob:"]').waitFor();
    await button(edit, '保存').click();
    await toast(phone, '保存成功');
    const edited = phone.getByTestId('certificate').filter({ hasText: 'HC-E2E-2' });
    await edited.getByText(`到期日期：${newExpiry}`).waitFor();
    await expect.poll(() => edited.getByText('即将过期').count()).toBe(0);
    // Her saved image is read back through the link.
    await edited.locator('img[src^="blob:"]').waitFor();
    // A leave she asks for, then withdraws.
    await button(phone, '请假').click();
    const leave = dialog(phone, /^请假$/);
    await formItem(leave, '开始日期').locator('input').fill(shanghaiDate(30));
    await formItem(leave, '结束日期').locator('input').fill(shanghaiDate(32));
    await formItem(leave, '原因').locator('textarea').fill('回老家');
    await button(leave, '保存').click();
    await toast(phone, '请假已提交');
    const leaveRow = phone.getByTestId('leave').filter({ hasText: `${shanghaiDate(30)} ~ ${shanghaiDate(32)}（3天）` });
    await leaveRow.getByText('回老家').waitFor();
    const leaves = await post<{ startDate: string; source: string }[]>('/online/monthlyNurse/leaveList', { nurseId: nurse.id });
    expect(leaves).toEqual([expect.objectContaining({ startDate: shanghaiDate(30), source: 'link' })]);
    await leaveRow.getByText('撤回').click();
    await button(phone.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(phone, '删除成功');
    await phone.getByText('暂无请假').waitFor();
    expect(await post<unknown[]>('/online/monthlyNurse/leaveList', { nurseId: nurse.id })).toEqual([]);

    // Only the link's own API was called: no staff session, no menu, no shell.
    expect(apiCalls.length).toBeGreaterThan(0);
    expect(apiCalls.filter((p) => !p.startsWith('/online/nurseLink/self/'))).toEqual([]);

    // The back office sees what she changed.
    const [saved] = (await post<NurseCertificate[]>('/online/monthlyNurse/certificateList', { nurseId: nurse.id })).filter((c) => c.id === cert.id);
    expect(saved).toMatchObject({ certNo: 'HC-E2E-2', expiresOn: newExpiry, image: expect.stringMatching(/\/routine\/\d{8}\/[0-9a-f-]{36}\.png$/), version: cert.version + 1 });
    const [listed] = await post<{ lastUsedAt: string | null; state: string }[]>('/online/nurseLink/list', { nurseId: nurse.id });
    expect(listed).toMatchObject({ state: 'active', lastUsedAt: expect.any(String) });

    // Revoked: the same address now shows only the invalid-link message.
    await moreAction(admin, nurseRow, '编辑链接');
    const again = dialog(admin, 'E2E链接阿姨 的编辑链接');
    await again.locator('.ant-table-row').filter({ hasText: '有效' }).getByText('撤销', { exact: true }).click();
    await button(admin.locator('.ant-popover:not(.ant-popover-hidden)'), '确定').click();
    await toast(admin, '编辑链接已撤销');
    await again.locator('.ant-table-row').filter({ hasText: '已撤销' }).waitFor();
    await phone.reload();
    await expectInvalid(phone);
    // An address with a token no link ever had.
    await phone.goto(`${suite.server.baseUrl}/app/uniapp/EditXfMonthlyNurseUniapp?token=${randomBytes(32).toString('base64url')}`);
    await expectInvalid(phone);
    // No token at all.
    await phone.goto(`${suite.server.baseUrl}/app/uniapp/EditXfMonthlyNurseUniapp`);
    await expectInvalid(phone);
  });
});

async function expectInvalid(page: Page): Promise<void> {
  await page.locator('.ant-result-title').getByText('链接无效或已过期').waitFor();
  expect(await page.getByTestId('nurse-name').count()).toBe(0);
  expect(await page.getByTestId('certificate').count()).toBe(0);
}
