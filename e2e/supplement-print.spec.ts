import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { dialog } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, submittedOrder } from './trade-helpers';

const GUEST = { name: '司马婉清', phone: '19920000736' };

/** The texts of a table row's cells. */
const cells = async (row: Locator): Promise<string[]> => (await row.locator('td').allTextContents()).map((t) => t.trim());

// Issue 29, extensions keep the deal: an approved 续住 leaves the order's deal as signed and produces a
// 补充协议 of its own, listed with the contracts and printed with the change order's figures.
describe('补充协议打印', () => {
  const suite = useBrowserSuite();

  it('an approved 续住 produces a 补充协议 that prints the signed deal kept and the change order\'s amount, reference and discount', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    await allowSelfAudit(page, baseUrl);
    const post = await apiOf(page, baseUrl);

    const { order } = await submittedOrder(post, GUEST, 210);
    const { dealPrice } = (await post<{ order: { dealPrice: string } }>('/online/order/detail', { id: order.id })).order;
    const draft = await post<{ id: string; version: number; changeNo: string }>('/online/changeOrder/add', { kind: 'extend', orderId: order.id, days: 3, reason: '宝宝黄疸' });
    const pending = await post<{ id: string; approvalSteps: number; amountDelta: string; referenceDelta: string; discountDelta: string }>('/online/changeOrder/submit', { id: draft.id, version: draft.version });
    await post('/online/changeOrder/approve', { id: pending.id, decision: 'approved' });
    if (pending.approvalSteps === 2) await post('/online/changeOrder/financeApprove', { id: pending.id, decision: 'approved' });
    // The order's deal stays as signed.
    expect((await post<{ order: { dealPrice: string } }>('/online/order/detail', { id: order.id })).order.dealPrice).toBe(dealPrice);

    await page.goto(`${baseUrl}/app/trade/contract`);
    const table = page.locator('.contract-table');
    await table.locator('.ant-table').waitFor();
    const agreement = table.locator('tbody tr.ant-table-row').filter({ hasText: order.orderNo }).first();
    await agreement.getByText('待签署', { exact: true }).waitFor();
    await agreement.getByText('打印', { exact: true }).click();
    const sheet = dialog(page, /^打印合同/).locator('.contract-sheet');
    const terms = sheet.locator('.contract-terms');
    await terms.getByText('补充协议', { exact: true }).waitFor();
    expect(await cells(terms.locator('tr').filter({ hasText: '变更内容' }))).toEqual(['变更内容', '续住 3 天']);
    expect(await cells(terms.locator('tr').filter({ hasText: '原合同成交价' }))).toEqual(['原合同成交价', `人民币 ${dealPrice} 元（按原合同履行）`]);
    expect(await cells(terms.locator('tr').filter({ hasText: '变更参考价' }))).toEqual(['变更参考价', `人民币 ${pending.referenceDelta} 元`]);
    expect(await cells(terms.locator('tr').filter({ hasText: '变更优惠' }))).toEqual(['变更优惠', `人民币 ${pending.discountDelta} 元`]);
    expect((await cells(terms.locator('tr').filter({ hasText: '变更金额' })))[1]).toContain(`人民币 ${pending.amountDelta} 元（大写：`);
    // Its plan line: the 续住 receivable the change order raised.
    expect((await cells(terms.locator('tr:has(td:text-is("续住"))')))[1]).toBe(pending.amountDelta);
    const text = (await sheet.textContent())!;
    expect(text).toContain(draft.changeNo);
    expect(text).not.toContain('{{');
  });
});
