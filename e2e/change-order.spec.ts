import { describe, expect, it } from 'vitest';
import type { ChangeOrderQuote } from '@care/shared';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, confirmPop, dialog, drawer, formError, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, searchAndPick, submittedOrder } from './trade-helpers';

const GUEST = { name: '欧阳静姝', phone: '19920000521' };

// 变更单: an administrator raises a 续住 on a confirmed order, sees the server's amount before saving,
// submits it, approves it (a rejection needs a comment) and reads the approval trail.
describe('变更单', () => {
  const suite = useBrowserSuite();

  it('an administrator adds a 续住 with its quoted amount, submits, approves it and reads the trail', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const post = await apiOf(page, baseUrl);
    const { order } = await submittedOrder(post, GUEST, 240);
    const expected = await post<ChangeOrderQuote>('/online/changeOrder/quote', { kind: 'extend', orderId: order.id, days: 3 });

    await page.goto(`${baseUrl}/app/trade/changeOrder`);
    const table = page.locator('.change-order-table');
    await table.locator('.ant-table').waitFor();
    await button(table, '新增变更单').click();
    const add = dialog(page, '新增变更单');
    await button(add, '保存').click();
    await formError(add, '请选择订单!');
    await searchAndPick(page, add.getByLabel('订单'), order.orderNo, order.orderNo);
    await add.getByLabel('续住天数').fill('3');
    await button(add, '试算金额').click();
    await add.locator('.change-order-quote-result').getByText(`变更金额 ¥${expected.amountDelta}`, { exact: false }).waitFor();
    await button(add, '保存').click();
    await toast(page, '变更单已保存');

    const co = table.locator('tbody tr.ant-table-row').filter({ hasText: order.orderNo }).first();
    await co.getByText('待提交', { exact: true }).waitFor();
    expect(await co.textContent()).toContain(`¥${expected.amountDelta}`);
    expect(await co.textContent()).toContain('续住3天');
    await co.getByText('提交', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '变更单已提交审批');
    await co.getByText('待审核', { exact: true }).waitFor();

    await co.getByText('审批', { exact: true }).click();
    const decide = dialog(page, /^审批：/);
    await decide.getByText('驳回', { exact: true }).click();
    await button(decide, '确定').click();
    await formError(decide, '驳回时请填写意见');
    await decide.getByText('通过', { exact: true }).click();
    await decide.getByLabel('审批意见').fill('宝宝需观察');
    await button(decide, '确定').click();
    await toast(page, '审批已提交');
    if (expected.approvalSteps === 2) {
      // Over 5000: 财务审批 follows, and its approval applies the change order.
      await co.getByText('财务审批', { exact: true }).click();
      const finance = dialog(page, /^财务审批：/);
      await button(finance, '确定').click();
      await toast(page, '审批已提交');
    }
    await co.getByText('已通过', { exact: true }).waitFor();

    await co.getByText('详情', { exact: true }).click();
    const detail = drawer(page, /^变更单 /);
    await detail.locator('.change-order-trail').getByText('店长/主管审批', { exact: false }).waitFor();
    expect(await detail.locator('.change-order-trail').textContent()).toContain('宝宝需观察');
    await detail.locator('.ant-drawer-close').click();

    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    expect((await download).suggestedFilename()).toMatch(/^变更单_?\d{8}\.xlsx$/);
  });
});
