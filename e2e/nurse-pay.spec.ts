import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { NursePayStandard, PageResult } from '@care/shared';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, nanshanCustomer, shanghaiDate } from './trade-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label.replace(/[()（）]/g, '\\$&')}$`) }) });

type Versioned = { id: string; version: number; assignmentNo: string };

// 薪酬标准 and 月嫂结算: an administrator adds a standard (the daily rate suggested from the 26-day
// price; a second one of the combination refused), then settles a finished 派工 with a bonus and audits it.
describe('薪酬标准与月嫂结算', () => {
  const suite = useBrowserSuite();

  it('adds a pay standard, then generates a settlement with a bonus for a finished assignment and audits it', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const post = await apiOf(page, suite.server.baseUrl);

    // The combination 初级 · 小儿推拿 · 医院陪护 is freed first (the demo data may hold it).
    const combination = { level: 'junior', practiceType: 'infant_massage', serviceType: 'hospital' };
    for (const s of (await post<PageResult<NursePayStandard>>('/online/nursePayStandard/list', combination)).records) await post('/online/nursePayStandard/delete', { id: s.id });

    await page.goto(`${suite.server.baseUrl}/app/serve/nursePayStandard`);
    const standards = page.locator('.nurse-pay-standard-page');
    await standards.locator('.ant-table').waitFor();
    const addStandard = async () => {
      await button(standards, '新增薪酬标准').click();
      const add = dialog(page, '新增薪酬标准');
      await choose(page, formItem(add, '月嫂等级').locator('.ant-select-selector'), '初级');
      await choose(page, formItem(add, '从业类型').locator('.ant-select-selector'), '小儿推拿');
      await choose(page, formItem(add, '服务方式').locator('.ant-select-selector'), '医院陪护');
      await formItem(add, '26天参考价（元）').locator('input').fill('7800');
      return add;
    };
    const add = await addStandard();
    // 日薪 follows the price ÷ 26 until typed.
    await expect.poll(() => formItem(add, '日薪（元）').locator('input').inputValue()).toBe('300.00');
    await formItem(add, '26天参考价（元）').locator('input').fill('9000');
    await expect.poll(() => formItem(add, '日薪（元）').locator('input').inputValue()).toBe('346.15');
    await button(add, '确定').click();
    await toast(page, '添加成功！');

    const again = await addStandard();
    await button(again, '确定').click();
    await page.locator('.ant-notification-notice').getByText('「初级 · 小儿推拿 · 医院陪护」的薪酬标准已存在，同一等级、从业类型和服务方式只能有一条').first().waitFor();
    await button(again, '取消').click();
    const saved = (await post<PageResult<NursePayStandard>>('/online/nursePayStandard/list', combination)).records;
    expect(saved.map((s) => [s.price26Days, s.dailyRate])).toEqual([['9000.00', '346.15']]);

    // A 派工 at home, 上户 40 days ago and 下户 26 days later, prepared through the API.
    const { nanshan, customerId } = await nanshanCustomer(post, { name: 'E2E结算妈妈', phone: '13911112233' });
    const nurse = await post<{ id: string }>('/online/monthlyNurse/add', {
      name: 'E2E结算阿姨', phone: '13822223344', level: 'junior', practiceType: 'confinement_nurse', serviceType: 'home', employment: 'employee', price26Days: '7800', storeId: nanshan,
    });
    const start = shanghaiDate(-40);
    let job = await post<Versioned>('/online/nurseAssignment/add', { nurseId: nurse.id, customerId, serviceForm: 'home', address: '南山区E2E路1号', startDate: start, days: 26, dailyRate: '300' });
    job = await post<Versioned>('/online/nurseAssignment/audit', { id: job.id, version: job.version });
    job = await post<Versioned>('/online/nurseAssignment/start', { id: job.id, version: job.version, actualStart: start });
    job = await post<Versioned>('/online/nurseAssignment/finish', { id: job.id, version: job.version, actualEnd: shanghaiDate(-14) });

    await page.goto(`${suite.server.baseUrl}/app/finance/nurseSettlement`);
    const list = page.locator('.nurse-settlement-table');
    await list.locator('.ant-table').waitFor();
    await button(list, '生成结算').click();
    const generate = dialog(page, '生成结算');
    await generate.locator('.nurse-settlement-assignment-select').click();
    await page.keyboard.type(job.assignmentNo);
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: job.assignmentNo }).first().click();
    await generate.getByText('26 天 × ¥300.00 = ¥7800.00').waitFor();
    await button(generate, '添加奖金').click();
    await generate.locator('.nurse-settlement-item-name input, input.nurse-settlement-item-name').first().fill('好评奖');
    await generate.locator('.nurse-settlement-item-amount input').first().fill('200.5');
    await expect.poll(() => generate.locator('.nurse-settlement-total').textContent()).toBe('¥8000.50');
    await button(generate, '确定').click();
    await toast(page, '结算单已生成');

    const mine = rows(list).filter({ hasText: job.assignmentNo });
    await mine.locator('.ant-tag', { hasText: '待审核' }).waitFor();
    expect(await mine.textContent()).toContain('¥8000.50');
    await mine.getByText('审核', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '结算单已审核');
    await mine.locator('.ant-tag', { hasText: '已审核' }).waitFor();
    // Audited: no more 调整 on the row.
    expect(await mine.getByText('调整', { exact: true }).count()).toBe(0);
  });
});
