import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { ReceivableRecord } from '@care/shared';
import { allowSelfAudit } from './four-eyes-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, searchAndPick, shanghaiDate, submittedOrder } from './trade-helpers';

const GUEST = { name: '欧阳静怡', phone: '19920000735' };
const LEGAL_NAME = '深圳康宁母婴护理服务有限公司';
const PASSPORT = 'E66000735';

/** The texts of a table row's cells. */
const cells = async (row: Locator): Promise<string[]> => (await row.locator('td').allTextContents()).map((t) => t.trim());

// Issue 29: the printed contract tells the same story as the order's plan — every plan line with its
// amount and due rule, what was paid, the package's services; 甲方 is the company's legal name set on
// 系统配置; it cannot be signed while 乙方's 证件号码 is missing.
describe('合同打印', () => {
  const suite = useBrowserSuite();

  it('an administrator sets the legal name, generates a contract with the demo template, is refused signing without an ID number, signs once it is there and prints the plan\'s amounts', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: the administrator records and audits the 首付 herself (a one-person store).
    await allowSelfAudit(page, baseUrl);
    const post = await apiOf(page, baseUrl);

    // 系统配置: 公司法定名称.
    await page.goto(`${baseUrl}/app/system/config`);
    const form = page.locator('form#systemConfig');
    await form.getByLabel('公司法定名称', { exact: true }).fill(LEGAL_NAME);
    await button(form, '保存').click();
    await toast(page, '保存成功！');

    // A confirmed order (its plan: 首付 by check-in, 尾款 by check-out) and 3,000 of the 首付 paid and audited.
    const { order, checkIn, customerId } = await submittedOrder(post, GUEST, 200);
    const { dealPrice } = (await post<{ order: { dealPrice: string } }>('/online/order/detail', { id: order.id })).order;
    const plan = await post<ReceivableRecord[]>('/online/receivable/ofOrder', { orderId: order.id });
    const first = plan.find((r) => r.item === 'first_payment')!;
    const final = plan.find((r) => r.item === 'final_payment')!;
    expect(first.dueDate).toBe(checkIn);
    const payment = await post<{ id: string; version: number }>('/online/payment/add', {
      orderId: order.id, method: 'wechat', amount: '3000', paidAt: `${shanghaiDate(0)} 00:00`, allocations: [{ receivableId: first.id, amount: '3000' }],
    });
    await post('/online/payment/audit', { id: payment.id, version: payment.version });

    // 生成合同 with the demo template: no 首付款 to type, the plan decides it.
    await page.goto(`${baseUrl}/app/trade/contract`);
    const table = page.locator('.contract-table');
    await table.locator('.ant-table').waitFor();
    await button(table, '生成合同').click();
    const generate = dialog(page, '从订单生成合同');
    expect(await generate.getByLabel('首付款（元）').count()).toBe(0);
    await searchAndPick(page, generate.getByLabel('订单'), order.orderNo, order.orderNo);
    await choose(page, generate.getByLabel('合同模板'), '月子套餐标准合同');
    await button(generate, '确定').click();
    await toast(page, '合同已生成');
    const contract = table.locator('tbody tr.ant-table-row').filter({ hasText: order.orderNo }).first();
    await contract.getByText('待签署', { exact: true }).waitFor();

    // 签署 without the customer's 证件号码 is refused and the contract stays 待签署.
    await contract.getByText('签署', { exact: true }).click();
    await confirmPop(page);
    await page.locator('.ant-notification-notice').getByText('客户证件号码未填写，不能签署合同，请先在客户资料中补全', { exact: true }).first().waitFor();
    await contract.getByText('待签署', { exact: true }).waitFor();

    // The customer's passport number entered, 签署 goes through.
    const customer = await post<Record<string, unknown>>('/online/customer/queryById', { id: customerId });
    await post('/online/customer/edit', { ...customer, idType: 'passport', idNo: PASSPORT });
    await contract.getByText('签署', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '签署成功');
    await contract.getByText('待审核', { exact: true }).waitFor();

    // 打印: 甲方 the legal name, the plan line by line with its due rule and what it received, the money paid, the package.
    await contract.getByText('打印', { exact: true }).click();
    const sheet = dialog(page, /^打印合同/).locator('.contract-sheet');
    const terms = sheet.locator('.contract-terms');
    await terms.getByText('母婴护理服务合同').waitFor();
    expect(await cells(terms.locator('tr').filter({ hasText: '甲方（服务方）' }))).toEqual(['甲方（服务方）', LEGAL_NAME]);
    expect(await cells(terms.locator('tr').filter({ hasText: '证件号码' }))).toEqual(['证件号码', PASSPORT]);
    expect(await cells(terms.locator('tr').filter({ hasText: '合同总价' }))).toEqual(['合同总价', expect.stringContaining(`人民币 ${dealPrice} 元`)]);
    expect(await cells(terms.locator('tr:has(td:text-is("首付"))'))).toEqual(['首付', first.amount, `入住日（${checkIn}）前付清`, '3000.00']);
    expect(await cells(terms.locator('tr:has(td:text-is("尾款"))'))).toEqual(['尾款', final.amount, `退房日（${final.dueDate}）前付清`, '0.00']);
    expect(await cells(terms.locator('tr').filter({ hasText: '已付款' }))).toEqual(['已付款', '人民币 3000.00 元（截至合同生成时已审核到账的款项，含定金）']);
    expect((await cells(terms.locator('tr').filter({ hasText: '套餐服务项目' })))[1]).not.toBe('');
    const text = (await sheet.textContent())!;
    expect(text).toContain(`首付款：¥${first.amount}`);
    expect(text).not.toContain('于签署本合同时支付');
    expect(text).not.toContain('{{');
    expect(await sheet.locator('.contract-signatures').textContent()).toContain(`甲方（服务方）：${LEGAL_NAME}`);
  });
});
