import { describe, expect, it } from 'vitest';
import type { PageResult } from '@care/shared';
import { useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, formError, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, givePassport, searchAndPick, submittedOrder } from './trade-helpers';

const GUEST = { name: '<img src=x onerror="window.__xss=1">司马婉清', phone: '19920000733' };
const TEMPLATE = 'E2E月子合同';

// 合同: an administrator writes a template (its script dropped by the server), generates a contract
// from a confirmed order, signs and audits it, and prints it on A4 without the app around it.
describe('合同', () => {
  const suite = useBrowserSuite();

  it('an administrator writes a template, generates a contract from an order, edits its terms, signs, audits, prints and terminates it', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const post = await apiOf(page, baseUrl);
    const { order, customerId } = await submittedOrder(post, GUEST, 200);
    // Signing needs the customer's 证件号码; the contract's 首付款 is the plan's.
    await givePassport(post, customerId, 'E20000733');
    const firstPayment = (await post<{ item: string; amount: string }[]>('/online/receivable/ofOrder', { orderId: order.id })).find((r) => r.item === 'first_payment')!.amount;

    // 合同模板: the placeholders beside the editor; a script in the HTML does not survive the save.
    await page.goto(`${baseUrl}/app/trade/contractTemplate`);
    const templates = page.locator('.contract-template-table');
    await templates.locator('.ant-table').waitFor();
    await button(templates, '新增合同模板').click();
    const add = dialog(page, '新增合同模板');
    await button(add, '确定').click();
    await formError(add, '请输入模板名称!');
    await add.getByLabel('模板名称').fill(TEMPLATE);
    await choose(page, add.getByLabel('合同类型'), '月子');
    await add.getByLabel('合同条款').fill('<h1>母婴护理服务合同</h1><p>乙方：</p><script>window.__xss=2</script><p onclick="x()">金额：{{dealPrice}} 元</p>');
    await add.locator('.contract-placeholders').getByText('{{customerName}}').click();
    expect(await add.getByLabel('合同条款').inputValue()).toContain('{{customerName}}');
    await button(add, '确定').click();
    await toast(page, '添加成功！');
    const saved = await post<PageResult<{ name: string; content: string }>>('/online/contractTemplate/list', { name: TEMPLATE });
    expect(saved.records[0]!.content).not.toMatch(/script|onclick/);

    // 合同: generated from the confirmed order with the template.
    await page.goto(`${baseUrl}/app/trade/contract`);
    const table = page.locator('.contract-table');
    await table.locator('.ant-table').waitFor();
    await button(table, '生成合同').click();
    const generate = dialog(page, '从订单生成合同');
    await button(generate, '确定').click();
    await formError(generate, '请选择订单!');
    await searchAndPick(page, generate.getByLabel('订单'), order.orderNo, order.orderNo);
    await choose(page, generate.getByLabel('合同模板'), TEMPLATE);
    await button(generate, '确定').click();
    await toast(page, '合同已生成');

    const contract = table.locator('tbody tr.ant-table-row').filter({ hasText: order.orderNo }).first();
    await contract.getByText('待签署', { exact: true }).waitFor();
    // 编辑条款 opens on the contract's own values and saves them.
    await contract.getByText('编辑条款', { exact: true }).click();
    const terms = dialog(page, /^编辑合同「.+」的条款$/);
    expect(await terms.getByLabel('备注').inputValue()).toBe('');
    await terms.getByLabel('备注').fill('E2E条款备注');
    await button(terms, '确定').click();
    await toast(page, '编辑成功!');
    await contract.getByText('签署', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '签署成功');
    await contract.getByText('待审核', { exact: true }).waitFor();
    await contract.getByText('审核', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '审核成功');
    await contract.getByText('已生效', { exact: true }).waitFor();

    // 打印: the terms with the customer's name as text, amounts and signature lines; printing hides the app.
    await contract.getByText('打印', { exact: true }).click();
    const print = dialog(page, /^打印合同/);
    const sheet = print.locator('.contract-sheet');
    await sheet.getByText('母婴护理服务合同').waitFor();
    expect(await sheet.locator('.contract-terms').textContent()).toContain(GUEST.name);
    expect(await sheet.locator('.contract-signatures').textContent()).toContain(`乙方（客户）：${GUEST.name}`);
    expect(await sheet.textContent()).toContain(`首付款：¥${firstPayment}`);
    expect(await sheet.locator('.signature-line').count()).toBe(2);
    expect(await sheet.locator('script, img, [onclick]').count()).toBe(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('.ant-layout-sider').first().evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await print.locator('.ant-modal-title').evaluate((el) => getComputedStyle(el).visibility)).toBe('hidden');
    expect(await sheet.evaluate((el) => getComputedStyle(el).visibility)).toBe('visible');
    await page.emulateMedia({ media: 'screen' });
    await print.locator('.ant-modal-close').click();
    await print.waitFor({ state: 'hidden' });

    // 终止 asks why; the reason is required.
    await contract.getByText('终止', { exact: true }).click();
    const reason = dialog(page, /^终止合同「.+」$/);
    await button(reason, '确定').click();
    await formError(reason, '请输入终止原因!');
    await reason.getByLabel('终止原因').fill('E2E客户提前离店');
    await button(reason, '确定').click();
    await toast(page, '合同已终止');
    await contract.getByText('已终止', { exact: true }).waitFor();
  });
});
