import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CrmOption, FinancePrice, PageResult, ReceivableRecord } from '@care/shared';
import { signedPost, tokenOf } from './auth-helpers';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

const GUEST = { name: '欧阳收款', phone: '19920000521' };
const shanghaiDate = (days: number): string => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

async function searchAndPick(page: Page, select: Locator, text: string, option: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
}

// 收款: an administrator records a payment against an order's 定金 (an excess is refused until marked
// 预收/超额), audits it, and sees the 应收 line paid and the 账龄 card.
describe('应收 and 收款', () => {
  const suite = useBrowserSuite();

  it('records a payment against the order’s 定金, audits it, and the 应收 page shows it received', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const token = (await tokenOf(page))!;
    const nanshan = (await signedPost<CrmOption[]>(baseUrl, '/online/store/options', {}, token)).result.find((s) => s.name === '南山店')!.id;
    const customer = await signedPost<{ id: string }>(baseUrl, '/online/customer/add', { name: GUEST.name, phone: GUEST.phone, storeId: nanshan }, token);
    expect(customer.code).toBe('0');
    const checkIn = shanghaiDate(200);
    const prices = (await signedPost<PageResult<FinancePrice>>(baseUrl, '/online/financePrice/list', { storeId: nanshan, effectiveOn: checkIn, pageSize: 100 }, token)).result.records;
    const price = prices.find((p) => p.roomTypeId && p.productCode?.startsWith('PKG-'))!;
    const order = await signedPost<{ id: string; orderNo: string; version: number }>(
      baseUrl,
      '/online/order/add',
      { customerId: customer.result.id, storeId: nanshan, productId: price.productId, roomTypeId: price.roomTypeId, days: price.days, plannedCheckIn: checkIn, dealPrice: price.referencePrice },
      token,
    );
    expect(order.code, order.message).toBe('0');
    expect((await signedPost(baseUrl, '/online/order/submit', { id: order.result.id }, token)).code).toBe('0');
    const plan = (await signedPost<PageResult<ReceivableRecord>>(baseUrl, '/online/receivable/list', { keyword: order.result.orderNo, pageSize: 50 }, token)).result.records;
    const deposit = plan.find((r) => r.item === 'deposit') ?? plan[0]!;
    expect(deposit).toBeTruthy();

    await page.goto(`${baseUrl}/app/finance/payment`);
    const payments = page.locator('.payment-table');
    await payments.locator('.ant-table').waitFor();
    await button(payments, '登记收款').click();
    const form = dialog(page, '登记收款');
    await searchAndPick(page, form.getByTestId('order-picker'), order.result.orderNo, order.result.orderNo);
    const lines = form.locator('.payment-lines');
    await lines.locator('tbody tr.ant-table-row').first().waitFor();
    await lines.locator('tbody tr.ant-table-row').first().locator('input').fill('1000');
    await form.getByLabel('金额', { exact: true }).fill('1200');
    await choose(page, form.getByLabel('收款方式', { exact: true }), '微信');
    await form.getByLabel('付款人', { exact: true }).fill(GUEST.name);
    await button(form, '确定').click();
    // A refusal comes as a 系统提示 notification naming the excess.
    await page.locator('.ant-notification-notice').getByText(/收款金额超出所选应收未收金额 200\.00 元/).first().waitFor();
    await form.getByLabel('金额', { exact: true }).fill('1000');
    await button(form, '确定').click();
    await toast(page, '收款已登记，待财务审核');

    await payments.getByLabel('单号/订单号/客户').fill(order.result.orderNo);
    await button(payments, '查询').click();
    const recorded = payments.locator('tbody tr.ant-table-row').filter({ hasText: order.result.orderNo }).first();
    await recorded.locator('.ant-tag', { hasText: '待审核' }).waitFor();
    await recorded.getByText('审核', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '审核成功');
    await recorded.locator('.ant-tag', { hasText: '已审核' }).waitFor();

    await page.goto(`${baseUrl}/app/finance/receivable`);
    const receivables = page.locator('.receivable-table');
    await receivables.locator('.ant-table').waitFor();
    await page.locator('.receivable-aging').getByText('南山店').waitFor();
    await receivables.getByLabel('订单号/客户').fill(order.result.orderNo);
    await button(receivables, '查询').click();
    const line = receivables.locator('tbody tr.ant-table-row').filter({ hasText: '1000.00' }).first();
    await line.waitFor();
    expect(await line.textContent()).toContain(Number(deposit.amount) > 1000 ? '部分收款' : '已收清');
  });
});
