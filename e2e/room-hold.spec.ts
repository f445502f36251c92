import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { FinancePrice, PageResult, Room } from '@care/shared';
import { downloadedFile, useBrowserSuite } from './harness';
import { button, choose, dialog, formError, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, nanshanCustomer, pickDate, searchAndPick, shanghaiDate } from './trade-helpers';

const GUEST = { name: '欧阳书瑶', phone: '19920000001' };

const tableRow = (table: Locator, text: string): Locator => table.locator('tbody tr.ant-table-row').filter({ hasText: text });

describe('订房预约', () => {
  const suite = useBrowserSuite();

  it('an administrator holds a room with a deposit, converts it to an order, holds a room type, assigns a room, cancels it and exports the holds', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const post = await apiOf(page, baseUrl);
    const { nanshan } = await nanshanCustomer(post, GUEST);
    // A demo package priced for one of 南山店's room types, and two rooms of that type in service (free 200 days from now).
    const prices = (await post<PageResult<FinancePrice>>('/online/financePrice/list', { storeId: nanshan, pageSize: 500 })).records;
    const price = prices.find((p) => p.storeId === nanshan && p.roomTypeId && p.productCode?.startsWith('PKG-'))!;
    const rooms = (await post<PageResult<Room>>('/online/room/list', { storeId: nanshan, roomTypeId: price.roomTypeId, pageSize: 500 })).records.filter((r) => r.roomTypeId === price.roomTypeId && !['repair', 'disabled'].includes(r.status));
    expect(rooms.length).toBeGreaterThan(1);
    const [roomA, roomB] = [rooms[0]!.roomNo, rooms[1]!.roomNo];
    const checkIn = shanghaiDate(200);

    await page.goto(`${baseUrl}/app/crm/reservation`);
    await page.locator('.reservation-table .ant-table').waitFor();
    await page.locator('.reservation-view-switch').getByText('订房', { exact: true }).click();
    const holds = page.locator('.hold-table');
    await holds.locator('.ant-table').waitFor();

    // 新增订房: the form's rules first, then a room held directly with a deposit.
    await button(holds, '新增订房').click();
    const add = dialog(page, '新增订房预约');
    await button(add, '确定').click();
    await formError(add, '请选择客户!');
    await searchAndPick(page, add.getByLabel('客户'), GUEST.name, GUEST.phone);
    await choose(page, add.getByLabel('门店'), '南山店');
    await choose(page, add.getByLabel('房型'), price.roomTypeName!);
    await choose(page, add.getByLabel('房间'), roomA);
    await pickDate(add.getByLabel('预计入住日期'), checkIn);
    await add.getByLabel('入住天数').fill(String(price.days));
    await add.getByLabel('定金').fill('3000');
    await choose(page, add.getByLabel('支付方式'), '微信');
    await button(add, '确定').click();
    await toast(page, '订房预约成功！');
    const first = tableRow(holds, roomA);
    await first.locator('.hold-status[data-status="booked"]').waitFor();
    expect(await first.textContent()).toContain('3000.00');
    expect(await first.textContent()).toContain(checkIn);

    // 转订单: the product and price chosen; the hold becomes 已转订单.
    await first.getByText('转订单', { exact: true }).click();
    const convert = dialog(page, `转订单 - ${GUEST.name}`);
    await convert.getByText('定金 3000.00 元转入订单').waitFor();
    await searchAndPick(page, convert.getByLabel('产品'), price.productCode!, price.productName!);
    await convert.getByLabel('成交价').fill(price.referencePrice);
    await button(convert, '确定').click();
    await page.locator('.ant-message').getByText(/已生成订单 /).waitFor();
    await first.locator('.hold-status[data-status="converted"]').waitFor();
    expect(await first.getByText('取消', { exact: true }).count()).toBe(0);

    // A room type only: 待排房, then 排房 into the other room, then 取消 with a reason.
    await button(holds, '新增订房').click();
    const second = dialog(page, '新增订房预约');
    await searchAndPick(page, second.getByLabel('客户'), GUEST.name, GUEST.phone);
    await choose(page, second.getByLabel('门店'), '南山店');
    await choose(page, second.getByLabel('房型'), price.roomTypeName!);
    await pickDate(second.getByLabel('预计入住日期'), shanghaiDate(260));
    await second.getByLabel('入住天数').fill('7');
    await button(second, '确定').click();
    await toast(page, '订房预约成功！');
    const waiting = holds.locator('tbody tr.ant-table-row').filter({ has: page.locator('.hold-status[data-status="pending"]') }).first();
    await waiting.waitFor();
    await waiting.getByText('排房', { exact: true }).click();
    const assign = dialog(page, `排房 - ${GUEST.name}`);
    await choose(page, assign.getByLabel('房间'), roomB);
    await button(assign, '确定').click();
    await toast(page, '排房成功');
    const assigned = tableRow(holds, roomB);
    await assigned.locator('.hold-status[data-status="booked"]').waitFor();
    await assigned.getByText('取消', { exact: true }).click();
    const cancel = dialog(page, `取消订房 - ${GUEST.name}`);
    await button(cancel, '确定取消').click();
    await formError(cancel, '请输入取消原因!');
    await cancel.getByLabel('取消原因').fill('客户改订其他门店');
    await button(cancel, '确定取消').click();
    await toast(page, '订房预约已取消');
    await assigned.locator('.hold-status[data-status="cancelled"]').waitFor();

    const download = page.waitForEvent('download');
    await button(holds, '导出').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^订房预约_\d{8}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await downloadedFile(file));
    const sheet: string[][] = [];
    workbook.worksheets[0]!.eachRow((r) => sheet.push((r.values as unknown[]).slice(1).map((v) => String(v ?? ''))));
    const mine = sheet.slice(1).filter((r) => r[1] === GUEST.name).map((r) => [r[7], r[9]]);
    expect(mine.sort()).toEqual([[roomA, '已转订单'], [roomB, '已取消']].sort());
  });
});
