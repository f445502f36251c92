import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ChangeOrder, ChangeOrderQuote, PageResult, ReceivableRecord } from '@care/shared';
import { ADMIN, submitAccount } from './auth-helpers';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, confirmPop, dialog, drawer, formError, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, searchAndPick, submittedOrder } from './trade-helpers';

const GUEST = { name: '司徒婉清', phone: '19920000731' };

async function signIn(page: Page, baseUrl: string, username: string): Promise<void> {
  await page.goto(`${baseUrl}/app/user/login`);
  await submitAccount(page, username, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/app/user/login');
}

/** The 变更单 page and the row of one change order (by its order number). */
async function changeOrderRow(page: Page, baseUrl: string, orderNo: string) {
  await page.goto(`${baseUrl}/app/trade/changeOrder`);
  const table = page.locator('.change-order-table');
  await table.locator('.ant-table').waitFor();
  return { table, row: table.locator('tbody tr.ant-table-row').filter({ hasText: orderNo }).first() };
}

// 调账 (docs/ledger.md): the administrator lowers a confirmed order's 尾款 with a reason; under 四眼原则
// (docs/money.md, the default) she may only withdraw her own change order, so the 南山店 店长 approves it
// and 财务 gives the second approval, which moves the receivable. With 系统配置 allowing one person both,
// her own change order offers 审批 again.
describe('变更单: 调账', () => {
  const suite = useBrowserSuite();

  it('an administrator raises a 调账 on a 尾款, the 店长 and 财务 approve it, and the receivable and plan move', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const post = await apiOf(page, baseUrl);
    const { order } = await submittedOrder(post, GUEST, 250);
    const plan = async () => (await post<PageResult<ReceivableRecord>>('/online/receivable/list', { pageNo: 1, pageSize: 50, orderId: order.id })).records;
    const before = await plan();
    const final = before.find((r) => r.item === 'final_payment')!;
    const planTotal = (lines: ReceivableRecord[]) => lines.reduce((sum, r) => sum + Math.round(Number(r.amount) * 100), 0);
    const lowered = (Number(final.amount) - 1000).toFixed(2);

    const { table } = await changeOrderRow(page, baseUrl, order.orderNo);
    await button(table, '新增变更单').click();
    const add = dialog(page, '新增变更单');
    await searchAndPick(page, add.getByLabel('订单'), order.orderNo, order.orderNo);
    await add.getByText('调账', { exact: true }).click();
    await button(add, '保存').click();
    await formError(add, '请选择要调整的应收!');
    await formError(add, '请输入调账原因!');
    await add.getByLabel('调整应收').click();
    await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: `尾款（${final.dueDate}） 应收¥${final.amount}` }).click();
    await add.getByText(`不能低于该应收已收及待审核金额 ¥0.00`).waitFor();
    await add.getByLabel('调整后金额').fill(lowered);
    await add.locator('.change-order-adjust-delta').getByText('调整差额 ¥-1000.00').waitFor();
    await add.getByLabel('变更原因').fill('尾款多录1000元，按合同更正');
    await button(add, '试算金额').click();
    await add.locator('.change-order-quote-result').getByText('变更金额 ¥-1000.00（店长/主管审批后需财务审批）').waitFor();
    await button(add, '保存').click();
    await toast(page, '变更单已保存');

    const { row } = await changeOrderRow(page, baseUrl, order.orderNo);
    await row.getByText('待提交', { exact: true }).waitFor();
    expect(await row.textContent()).toContain('调整应收金额');
    expect(await row.textContent()).toContain('¥-1000.00');
    await row.getByText('提交', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '变更单已提交审批');
    await row.getByText('待审核', { exact: true }).waitFor();
    // Her own: no 审批 the server would refuse, only 驳回 (withdraw).
    await row.getByText('驳回', { exact: true }).waitFor();
    expect(await row.getByText('审批', { exact: true }).count()).toBe(0);

    // Step 1: the 南山店 店长.
    const manager = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await signIn(manager, baseUrl, 'nanshan.manager');
    const step1 = (await changeOrderRow(manager, baseUrl, order.orderNo)).row;
    await step1.getByText('审批', { exact: true }).click();
    const decide = dialog(manager, /^审批：/);
    await decide.getByLabel('审批意见').fill('核对合同无误');
    await button(decide, '确定').click();
    await toast(manager, '审批已提交');
    await step1.getByText('待审核', { exact: true }).waitFor();
    expect((await plan()).find((r) => r.id === final.id)!.amount).toBe(final.amount);

    // Step 2: 财务, whose approval applies it.
    const finance = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await signIn(finance, baseUrl, 'hq.finance');
    const step2 = (await changeOrderRow(finance, baseUrl, order.orderNo)).row;
    await step2.getByText('财务审批', { exact: true }).click();
    const financeDecide = dialog(finance, /^财务审批：/);
    await button(financeDecide, '确定').click();
    await toast(finance, '审批已提交');
    await step2.getByText('已通过', { exact: true }).waitFor();

    // The 尾款 is 1000 lower, and with it the plan; the detail names the line and the trail both approvers.
    const after = await plan();
    expect(after.find((r) => r.id === final.id)!.amount).toBe(lowered);
    expect(planTotal(after)).toBe(planTotal(before) - 100_000);
    await step2.getByText('详情', { exact: true }).click();
    const detail = drawer(finance, /^变更单 /);
    await detail.locator('.change-order-adjusted-line').getByText(`现应收¥${lowered}`, { exact: false }).waitFor();
    const trail = await detail.locator('.change-order-trail').textContent();
    expect(trail).toContain('店长/主管审批 王丽娟 通过');
    expect(trail).toContain('财务审批 周敏 通过');

    // 系统配置 allows one person both: her own change order offers 审批 again.
    const quote = await post<ChangeOrderQuote>('/online/changeOrder/quote', { kind: 'adjust', orderId: order.id, receivableId: final.id, amount: (Number(lowered) - 500).toFixed(2), reason: '再次更正' });
    expect(quote.amountDelta).toBe('-500.00');
    const own = await post<ChangeOrder>('/online/changeOrder/add', { kind: 'adjust', orderId: order.id, receivableId: final.id, amount: (Number(lowered) - 500).toFixed(2), reason: '再次更正' });
    await post('/online/changeOrder/submit', { id: own.id, version: own.version });
    const mine = (await changeOrderRow(page, baseUrl, own.changeNo)).row;
    await mine.getByText('驳回', { exact: true }).waitFor();
    await allowSelfAudit(page, baseUrl);
    const allowed = (await changeOrderRow(page, baseUrl, own.changeNo)).row;
    await allowed.getByText('审批', { exact: true }).waitFor();
  });
});
