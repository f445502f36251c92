import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { centsToPrice, priceCents } from '@care/shared';
import { allowSelfAudit } from './four-eyes-helpers';
import { downloadedFile, useBrowserSuite } from './harness';
import { button, choose, confirmPop, dialog, drawer, formError, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, nanshanCustomer, packagePrices, pickDate, searchAndPick, shanghaiDate } from './trade-helpers';

const GUEST = { name: '司马婉清', phone: '19920000311' };

// 订单: an administrator places an order below the floor price (the form shows the prices and warns),
// submits it to 折扣审批, approves it, reads its detail (snapshot, money, state log) and exports the list.
describe('订单', () => {
  const suite = useBrowserSuite();

  it('an administrator adds an order priced from 财务定价, submits it below the floor, approves it, opens the detail and exports', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    // Set-up: one person records and audits here (四眼原则 off, as for a one-person store).
    await allowSelfAudit(page, suite.server.baseUrl);
    const post = await apiOf(page, baseUrl);
    const { nanshan } = await nanshanCustomer(post, GUEST);
    const checkIn = shanghaiDate(220);
    const price = (await packagePrices(post, nanshan, checkIn)).sort((a, b) => a.productCode!.localeCompare(b.productCode!))[0]!;
    const deal = centsToPrice(priceCents(price.floorPrice) - 100_000);

    await page.goto(`${baseUrl}/app/trade/order`);
    const table = page.locator('.order-table');
    await table.locator('.ant-table').waitFor();

    await button(table, '新增订单').click();
    const add = dialog(page, '新增订单');
    await button(add, '确定').click();
    await formError(add, '请选择客户!');
    await add.getByText('选择产品、门店、房型、天数和预计入住日期后显示参考价与底价').waitFor();
    await searchAndPick(page, add.getByLabel('客户'), GUEST.name, GUEST.phone);
    await choose(page, add.getByLabel('门店'), '南山店');
    // Typed: the product list is long (its drop-down renders the visible options only).
    await searchAndPick(page, add.getByLabel('产品'), price.productName!, price.productName!);
    // The product fills 天数 from itself.
    await expect.poll(() => add.getByLabel('天数').inputValue()).not.toBe('');
    await choose(page, add.getByLabel('房型'), price.roomTypeName!);
    await add.getByLabel('天数').fill(String(price.days));
    await pickDate(add.getByLabel('预计入住日期'), checkIn);
    // The prices in force on the check-in date show at once; a deal below the floor is warned about.
    await add.locator('.order-quote').getByText(`参考价 ¥${price.referencePrice}，底价 ¥${price.floorPrice}`, { exact: false }).waitFor();
    await add.getByLabel('成交价').fill(deal);
    await add.locator('.order-below-floor').getByText(`成交价低于底价 ${price.floorPrice} 元，提交后需折扣审批`).waitFor();
    await button(add, '确定').click();
    await toast(page, '添加成功！');

    const order = table.locator('tbody tr.ant-table-row').filter({ hasText: GUEST.name }).first();
    await order.getByText('草稿', { exact: true }).waitFor();
    expect(await order.textContent()).toContain(`¥${deal}`);
    await order.getByText('提交', { exact: true }).click();
    await confirmPop(page);
    await toast(page, '提交成功');
    await order.getByText('待审核', { exact: true }).waitFor();

    // 驳回 needs a reason; 审批通过 confirms.
    await order.getByText('驳回', { exact: true }).click();
    const reject = dialog(page, /^驳回 - /);
    await button(reject, '确定').click();
    await formError(reject, '请输入驳回原因!');
    await button(reject, '取消').click();
    await order.getByText('审批通过', { exact: true }).click();
    const approve = dialog(page, /^审批通过 - /);
    await approve.getByLabel('审批意见').fill('老客户转介绍');
    await button(approve, '确定').click();
    await toast(page, '审批通过');
    await order.getByText('已确认', { exact: true }).waitFor();

    // 详情: the snapshot, the money (the default plan totals the deal) and the moves.
    await order.getByText('详情', { exact: true }).click();
    const detail = drawer(page, new RegExp(GUEST.name));
    await detail.getByText(price.productName!).first().waitFor();
    await detail.locator('.order-money').getByText(`¥${deal}`).first().waitFor();
    const log = detail.locator('.order-log-table tbody tr.ant-table-row');
    await expect.poll(() => log.count()).toBe(2);
    expect(await log.nth(1).textContent()).toContain('老客户转介绍');
    await detail.locator('.ant-drawer-close').click();

    // 取消订单 asks the reason first (what it releases is said in the dialog).
    await order.getByText('取消订单', { exact: true }).click();
    const cancel = dialog(page, /^取消订单 - /);
    await button(cancel, '确定').click();
    await formError(cancel, '请输入取消原因!');
    await button(cancel, '取消').click();

    const download = page.waitForEvent('download');
    await button(table, '导出').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^订单_?\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await downloadedFile(file));
    const sheet: string[][] = [];
    workbook.worksheets[0]!.eachRow((r) => sheet.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const mine = sheet.slice(1).filter((r) => r[1] === GUEST.name);
    expect(mine.map((r) => [r[2], r[10], r[15]])).toEqual([['南山店', deal, '已确认']]);
  });
});
