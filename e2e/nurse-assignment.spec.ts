import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, dialog, formError, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, nanshanCustomer, searchAndPick, shanghaiDate } from './trade-helpers';

type Job = { id: string; version: number; assignmentNo: string };

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

// 月嫂派工 beyond the journey: a 到家 job without an order added in the form, an edit refused for the
// overlap it would make, 取消 with its reason, and 换人 of a job in service.
describe('月嫂派工', () => {
  const suite = useBrowserSuite();

  it('adds a 到家 job for a customer, refuses an overlapping edit, cancels with a reason and swaps the nurse of a job in service', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const post = await apiOf(page, suite.server.baseUrl);
    const tag = Date.now().toString(36).slice(-5);
    const guest = `到家妈妈${tag}`;
    const { nanshan, customerId } = await nanshanCustomer(post, { name: guest, phone: `137${String(Date.now()).slice(-8)}` });
    const nurseOf = (name: string, i: number) =>
      post<{ id: string; name: string }>('/online/monthlyNurse/add', { name, phone: `135${String(Date.now() + i).slice(-8)}`, level: 'middle', practiceType: 'confinement_nurse', serviceType: 'home', employment: 'employee', price26Days: '9800', storeId: nanshan });
    const first = await nurseOf(`甲${tag}阿姨`, 1);
    const second = await nurseOf(`乙${tag}阿姨`, 2);
    // 甲 has been at the customer's home for three days.
    let serving = await post<Job>('/online/nurseAssignment/add', { nurseId: first.id, customerId, serviceForm: 'home', address: '南山区1号', startDate: shanghaiDate(-3), days: 26, dailyRate: '320' });
    serving = await post<Job>('/online/nurseAssignment/audit', { id: serving.id, version: serving.version });
    serving = await post<Job>('/online/nurseAssignment/start', { id: serving.id, version: serving.version, actualStart: shanghaiDate(-3) });

    await page.goto(`${suite.server.baseUrl}/app/serve/nurseAssignment`);
    const list = page.locator('.nurse-assignment-table');
    await list.locator('.ant-table').waitFor();

    // 新增派工 到家 without an order: 甲 again, after her current job.
    await button(list, '新增派工').click();
    const add = dialog(page, '新增派工');
    await choose(page, formItem(add, '服务形式').locator('.ant-select-selector'), '到家');
    await searchAndPick(page, formItem(add, '客户').locator('.ant-select'), guest, guest);
    await formItem(add, '开始日期').locator('input').fill(shanghaiDate(30));
    await formItem(add, '开始日期').locator('input').press('Enter');
    await formItem(add, '天数').locator('input').fill('10');
    await expect.poll(() => formItem(add, '下户日期').textContent()).toContain(shanghaiDate(40));
    await searchAndPick(page, formItem(add, '月嫂').locator('.ant-select'), first.name, first.name);
    await formItem(add, '日薪').locator('input').fill('330');
    await button(add, '确定').click();
    await toast(page, '新增派工成功');

    const search = page.locator('.ant-pro-query-filter');
    await search.getByLabel('月嫂', { exact: true }).fill(tag);
    await button(search, '查询').click();
    const later = rows(list).filter({ hasText: shanghaiDate(30) });
    await later.locator('.ant-tag', { hasText: '待审核' }).waitFor();
    expect(await later.textContent()).toContain(guest);

    // Moving it into her current job's days is refused, naming that job.
    await later.getByText('编辑', { exact: true }).click();
    const edit = dialog(page, /^编辑派工/);
    await formItem(edit, '开始日期').locator('input').fill(shanghaiDate(5));
    await formItem(edit, '开始日期').locator('input').press('Enter');
    await button(edit, '确定').click();
    await page.locator('.ant-notification-notice').getByText(`该月嫂在所选日期已有派工「${serving.assignmentNo}」`).first().waitFor();
    await button(edit, '取消').click();

    // 取消 asks for the reason.
    await later.getByText('取消', { exact: true }).click();
    const cancel = dialog(page, /^取消派工/);
    await button(cancel, '确定取消').click();
    await formError(cancel, '请输入取消原因!');
    await formItem(cancel, '取消原因').locator('textarea').fill('客户改为会所服务');
    await button(cancel, '确定取消').click();
    await toast(page, '派工已取消');
    await later.locator('.ant-tag', { hasText: '已取消' }).waitFor();

    // 换人: 乙 takes over today; 甲's job ends today (已完成) and 乙's runs to the planned end.
    const current = rows(list).filter({ hasText: serving.assignmentNo });
    await current.getByText('换人', { exact: true }).click();
    const swap = dialog(page, /^换人/);
    await searchAndPick(page, formItem(swap, '新月嫂').locator('.ant-select'), second.name, second.name);
    await formItem(swap, '换人原因').locator('textarea').fill('客户要求');
    await button(swap, '确定').click();
    await toast(page, '换人成功');
    await current.locator('.ant-tag', { hasText: '已完成' }).waitFor();
    const replacement = rows(list).filter({ hasText: second.name });
    await replacement.locator('.ant-tag', { hasText: '服务中' }).waitFor();
    const text = await replacement.textContent();
    expect(text).toContain(serving.assignmentNo);
    expect(text).toContain(shanghaiDate(23));
  });
});
