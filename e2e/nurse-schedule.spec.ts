import { describe, expect, it } from 'vitest';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, drawer } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, nanshanCustomer, pickDate, shanghaiDate } from './trade-helpers';

// 月嫂档期: a new 南山店 nurse with a 派工 (audited: 已预约) and a leave next month, seen on the team view
// and in her month.

describe('月嫂档期', () => {
  const suite = useBrowserSuite();

  it('the team view shows a nurse\'s assignment and leave for the month; clicking her opens her month; the matcher names what keeps her out, and 选择 opens her month', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const base = suite.server.baseUrl;
    const post = await apiOf(page, base);
    const today = shanghaiDate(0);
    const [y, m] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
    const month = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
    const name = `档期${Date.now().toString(36).slice(-5)}`;

    const { nanshan, customerId } = await nanshanCustomer(post, { name: `${name}客户`, phone: `137${String(Date.now()).slice(-8)}` });
    const nurse = await post<{ id: string; nurseNo: string }>('/online/monthlyNurse/add', {
      name,
      phone: `136${String(Date.now()).slice(-8)}`,
      level: 'gold',
      practiceType: 'confinement_nurse',
      serviceType: 'home',
      employment: 'employee',
      price26Days: '12000',
      storeId: nanshan,
    });
    // 派工 for 10 days from the 3rd (下户 the 13th), audited: 已预约 on the 3rd to the 12th.
    const job = await post<{ id: string; version: number; assignmentNo: string }>('/online/nurseAssignment/add', {
      nurseId: nurse.id,
      customerId,
      serviceForm: 'home',
      startDate: `${month}-03`,
      days: 10,
      dailyRate: '400',
    });
    await post('/online/nurseAssignment/audit', { id: job.id, version: job.version });
    await post('/online/monthlyNurse/leaveAdd', { nurseId: nurse.id, startDate: `${month}-20`, endDate: `${month}-21`, reason: '体检' });

    await page.goto(`${base}/app/serve/nurseSchedule`);
    const filters = page.locator('.nurse-schedule-filters');
    await filters.waitFor();
    await filters.getByLabel('姓名').fill(name);
    await pickDate(filters.locator('.nurse-schedule-month input'), month);
    await button(filters, '查询').click();

    const row = page.locator(`.nurse-schedule-row[data-nurse-no="${nurse.nurseNo}"]`);
    await row.waitFor();
    await expect.poll(() => page.locator('.nurse-schedule-row').count()).toBe(1);
    const cell = (day: string) => row.locator(`.nurse-schedule-cell[data-day="${month}-${day}"]`);
    expect(await cell('02').getAttribute('data-state')).toBe('free');
    expect(await cell('03').getAttribute('data-state')).toBe('reserved');
    expect(await cell('03').getAttribute('data-assignment')).toBe(job.assignmentNo);
    expect(await cell('12').getAttribute('data-state')).toBe('reserved');
    expect(await cell('13').getAttribute('data-state')).toBe('free');
    expect(await cell('20').getAttribute('data-state')).toBe('leave');
    expect(await cell('21').getAttribute('title')).toBe(`${month}-21 · 请假 · 体检`);
    expect(await page.locator('.nurse-schedule-legend [data-count="reserved"]').textContent()).toBe('10');
    expect(await page.locator('.nurse-schedule-legend [data-count="leave"]').textContent()).toBe('2');

    await row.locator('.nurse-schedule-name').click();
    const view = page.locator('.nurse-schedule-month-view');
    await view.getByText(`${name}（${nurse.nurseNo}）${month} 档期`).waitFor();
    const day = view.locator(`.nurse-schedule-day[data-day="${month}-05"]`);
    await day.waitFor();
    expect(await day.getAttribute('data-state')).toBe('reserved');
    expect(await day.textContent()).toContain(`派工 ${job.assignmentNo} · ${name}客户`);
    expect(await view.locator(`.nurse-schedule-day[data-day="${month}-20"]`).textContent()).toContain('请假 · 体检');
    expect(await view.locator('.nurse-schedule-spans .ant-list-item').allTextContents()).toEqual([
      expect.stringContaining(`${month}-03 至 ${month}-12（10天）`),
      expect.stringContaining(`${month}-20 至 ${month}-21（2天）`),
    ]);
    await button(view, '返回团队档期').click();
    await page.locator('.nurse-schedule-team').waitFor();

    // 匹配月嫂 from the month shown: over 26 days from the 1st her job and leave leave her out, named.
    await button(page.locator('.nurse-schedule-filters'), '匹配月嫂').click();
    const matcher = drawer(page, '匹配月嫂');
    expect(await matcher.getByLabel('上户日期').inputValue()).toBe(`${month}-01`);
    expect(await matcher.getByLabel('服务天数').inputValue()).toBe('26');
    await button(matcher, '匹配').click();
    await matcher.locator('.nurse-match-result').waitFor();
    await matcher.locator('.nurse-match-excluded .ant-collapse-header').click();
    const out = matcher.locator(`.nurse-match-excluded-item[data-nurse-no="${nurse.nurseNo}"]`);
    await out.waitFor();
    expect(await out.locator('[data-reason]').allTextContents()).toEqual([`已有派工「${job.assignmentNo}」（${month.slice(5)}-03 至 ${month.slice(5)}-12）`, `请假 ${month.slice(5)}-20 至 ${month.slice(5)}-21（体检）`]);
    // From the 22nd for 5 days she is free: ranked with her reasons, and 选择 opens her month.
    await pickDate(matcher.getByLabel('上户日期'), `${month}-22`);
    await matcher.getByLabel('服务天数').fill('5');
    await button(matcher, '匹配').click();
    const picked = matcher.locator(`.nurse-match-candidate[data-nurse-no="${nurse.nurseNo}"]`);
    await picked.waitFor();
    expect(await picked.locator('[data-reason="level"]').textContent()).toBe('等级「金牌」 +30');
    await button(picked, '选择').click();
    await page.locator('.nurse-schedule-month-view').getByText(`${name}（${nurse.nurseNo}）${month} 档期`).waitFor();
  });
});
