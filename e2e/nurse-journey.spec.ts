import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { signedPost, tokenOf } from './auth-helpers';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, confirmPop, dialog, rows, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, pickDate, searchAndPick, shanghaiDate, submittedOrder } from './trade-helpers';

const formItem = (scope: Locator, label: string): Locator =>
  scope.locator('.ant-form-item').filter({ has: scope.page().locator('.ant-form-item-label', { hasText: new RegExp(`^${label}$`) }) });

/** Clicks the n-th star (1–5) of an antd Rate. */
const star = (rate: Locator, n: number) => rate.locator('li.ant-rate-star').nth(n - 1).locator('div[role="radio"]').click();

// Issue 17's acceptance: an order is matched with a nurse and dispatched (派工), 审核, 上户, 下户, then
// the customer's evaluation sets the nurse's rating — as the staff member sees it on the pages.
describe('月嫂派工旅程', () => {
  const suite = useBrowserSuite();

  it('matches and dispatches a nurse to an order, audits, 上户, 下户 and evaluates her; the overlap is refused; her rating follows', async () => {
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const post = await apiOf(page, suite.server.baseUrl);
    const tag = Date.now().toString(36).slice(-5);

    // An order checking in today (created and submitted by API), and a 会所 nurse of its store.
    const { nanshan, order } = await submittedOrder(post, { name: `派工妈妈${tag}`, phone: `139${String(Date.now()).slice(-8)}` }, 0);
    const nurse = await post<{ id: string; nurseNo: string; name: string }>('/online/monthlyNurse/add', {
      name: `派工阿姨${tag}`, phone: `138${String(Date.now()).slice(-8)}`, level: 'gold', practiceType: 'confinement_nurse', serviceType: 'center', employment: 'employee', price26Days: '15600', storeId: nanshan,
    });
    const standard = await post<{ dailyRate: string } | null>('/online/nursePayStandard/lookup', { level: 'gold', practiceType: 'confinement_nurse', serviceType: 'center' });

    await page.goto(`${suite.server.baseUrl}/app/serve/nurseAssignment`);
    const list = page.locator('.nurse-assignment-table');
    await list.locator('.ant-table').waitFor();

    // 新增派工: the order, then 匹配月嫂 for its store and period picks her.
    await button(list, '新增派工').click();
    const add = dialog(page, '新增派工');
    await searchAndPick(page, formItem(add, '订单').locator('.ant-select'), order.orderNo, order.orderNo);
    await expect.poll(() => formItem(add, '开始日期').locator('input').inputValue()).toBe(shanghaiDate(0));
    await button(add, '匹配月嫂').click();
    const drawer = page.locator('.nurse-match-drawer');
    await drawer.locator('.nurse-match-run').click();
    const candidate = drawer.locator(`.nurse-match-candidate[data-nurse-no="${nurse.nurseNo}"]`);
    await candidate.waitFor();
    await candidate.locator('.nurse-match-pick').click();
    await expect.poll(() => formItem(add, '月嫂').textContent()).toContain(nurse.name);
    // 日薪 from the 薪酬标准 of her level and practice type for 会所 (typed when there is none).
    if (standard) await expect.poll(() => formItem(add, '日薪').locator('input').inputValue()).toBe(standard.dailyRate);
    else await formItem(add, '日薪').locator('input').fill('350');
    await formItem(add, '服务地址').locator('input').fill(`E2E${tag}房`);
    await button(add, '确定').click();
    await toast(page, '新增派工成功');

    // The list, narrowed to her (the demo's year of work fills the first pages).
    const search = page.locator('.ant-pro-query-filter');
    await search.getByLabel('月嫂', { exact: true }).fill(nurse.name);
    await button(search, '查询').click();
    const mine = rows(list).filter({ hasText: nurse.name });
    await mine.locator('.ant-tag', { hasText: '待审核' }).waitFor();
    expect(await mine.textContent()).toContain(order.orderNo);
    const assignmentNo = (await mine.locator('td').first().textContent())!.trim();
    expect(assignmentNo).toMatch(/^PG/);

    // The same nurse on overlapping days is refused, naming this assignment.
    const token = (await tokenOf(page))!;
    const clash = await signedPost(suite.server.baseUrl, '/online/nurseAssignment/add', { nurseId: nurse.id, orderId: order.id, serviceForm: 'center', startDate: shanghaiDate(3), days: 5, dailyRate: '300' }, token);
    expect(clash.message).toBe(`该月嫂在所选日期已有派工「${assignmentNo}」`);

    // 审核 (confirmed), 上户 today, 下户 today.
    await mine.getByText('审核', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '审核通过');
    await mine.locator('.ant-tag', { hasText: '已派工' }).waitFor();

    await mine.getByText('上户', { exact: true }).click();
    const start = dialog(page, /^上户/);
    expect(await start.locator('input').inputValue()).toBe(shanghaiDate(0));
    await button(start, '确定').click();
    await toast(page, '上户成功');
    await mine.locator('.ant-tag', { hasText: '服务中' }).waitFor();
    expect((await post<{ status: string }>('/online/monthlyNurse/queryById', { id: nurse.id })).status).toBe('on_duty');

    await mine.getByText('下户', { exact: true }).click();
    const finish = dialog(page, /^下户/);
    await pickDate(finish.locator('input'), shanghaiDate(0));
    await button(finish, '确定').click();
    await toast(page, '下户成功');
    await mine.locator('.ant-tag', { hasText: '已完成' }).waitFor();

    // 评价: five stars overall; the action is gone once evaluated.
    await mine.getByText('评价', { exact: true }).click();
    const evaluate = dialog(page, /^评价/);
    await star(evaluate.locator('.nurse-evaluation-overall'), 5);
    await star(evaluate.locator('.nurse-evaluation-skill'), 5);
    await star(evaluate.locator('.nurse-evaluation-attitude'), 4);
    await star(evaluate.locator('.nurse-evaluation-hygiene'), 5);
    await star(evaluate.locator('.nurse-evaluation-communication'), 4);
    await evaluate.getByLabel('评价内容').fill('专业细心，宝宝照顾得很好');
    await button(evaluate, '确定').click();
    await toast(page, '评价成功');
    await expect.poll(() => mine.getByText('评价', { exact: true }).count()).toBe(0);

    // The 月嫂评价 list shows the evaluation and her rating.
    await page.goto(`${suite.server.baseUrl}/app/serve/nurseEvaluation`);
    const evaluations = page.locator('.nurse-evaluation-table');
    await evaluations.locator('.ant-table').waitFor();
    const hers = rows(evaluations).filter({ hasText: assignmentNo });
    await hers.waitFor();
    expect(await hers.textContent()).toContain('专业细心');
    expect(await hers.locator('.nurse-evaluation-rating').textContent()).toContain('5.00');
  });
});
