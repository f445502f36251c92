import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  contractContract,
  type Order,
  orderContract,
  paymentContract,
  receivableContract,
  roomStayContract,
  type OrderDetail,
  type PageResult,
  type PaymentRecord,
  type ReceivableRecord,
  type RoomStay,
} from '@care/shared';
import { ADMIN, signedPost, submitAccount, tokenOf } from './auth-helpers';
import { useBrowserSuite } from './harness';
import { button, choose, drawer, row, toast } from './security-helpers';
import { signedInPage } from './shell-helpers';

// Issue 29: finance (the demo 财务, not the administrator) settles an order from her screen, 住房安排;
// 结账 is offered only once nothing is owed, and the order's detail shows the money that came in.
const FINANCE = { username: 'hq.finance', firstName: '周敏' };

/** A page signed in as a demo user (the demo users have the administrator's password). */
async function demoUserPage(suite: ReturnType<typeof useBrowserSuite>, username: string): Promise<Page> {
  const page = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
  await page.goto(`${suite.server.baseUrl}/app/user/login`);
  await submitAccount(page, username, ADMIN.password);
  await page.waitForURL((url) => url.pathname !== '/app/user/login');
  await page.locator('.shell-header').waitFor();
  return page;
}

describe('财务 settles from 住房安排 (issue 29)', () => {
  // Its own server: settling a demo order moves figures other files read.
  const suite = useBrowserSuite();

  it('结账 is offered only once nothing is owed; finance settles, the order is 已结账, the contract 已结束, and the detail lists the audited receipt', async () => {
    const base = suite.server.baseUrl;
    const admin = (await tokenOf(await signedInPage(suite)))!;
    const page = await demoUserPage(suite, FINANCE.username);
    const finance = (await tokenOf(page))!;
    const call = async <T,>(path: string, body: Record<string, unknown>, token: string) => {
      const res = await signedPost<T>(base, path, body, token);
      expect(res.code, `${path}: ${res.message}`).toBe('0');
      return res.result;
    };

    // A demo guest who has left owing part of her 尾款 (已退房未结账): the newest such stay, first in the filtered list.
    const ended = await call<PageResult<RoomStay>>(roomStayContract.list.path, { pageNo: 1, pageSize: 50, status: 'ended' }, finance);
    let owing: { stay: RoomStay; detail: OrderDetail } | undefined;
    for (const stay of ended.records.filter((s) => s.orderId && !s.settleable)) {
      const detail = await call<OrderDetail>(orderContract.detail.path, { id: stay.orderId }, finance);
      // Nothing waiting for an audit besides what the test records (结账 waits for those too).
      const pending = await call<PageResult<PaymentRecord>>(paymentContract.list.path, { pageNo: 1, pageSize: 10, orderId: stay.orderId, status: 'pending_audit' }, finance);
      if (detail.order.status === 'checked_out' && Number(detail.money.outstanding) > 0 && pending.total === 0) {
        owing = { stay, detail };
        break;
      }
    }
    expect(owing, 'a checked-out order still owing money').toBeDefined();
    const { stay, detail } = owing!;

    await page.goto(`${base}/app/room/stay`);
    const table = page.locator('.ant-pro-table');
    // The status filter sits in the expanded search form.
    const more = table.locator('.ant-pro-query-filter-collapse-button');
    await more.waitFor();
    if ((await more.textContent())?.includes('展开')) await more.click();
    await choose(page, table.locator('.ant-form-item').filter({ hasText: '住房状态' }).locator('.ant-select'), '已退房');
    await button(table, '查询').click();
    const line = row(table, stay.orderNo);
    await line.waitFor();
    // Owing: no 结账 on her row.
    expect(await line.getByText('结账', { exact: true }).count()).toBe(0);

    // The store records what is owed; finance audits it (四眼原则: not her own entry).
    const open = (await call<PageResult<ReceivableRecord>>(receivableContract.list.path, { pageNo: 1, pageSize: 50, orderId: stay.orderId }, finance)).records.filter(
      (r) => Number(r.amount) > Number(r.received),
    );
    const allocations = open.map((r) => ({ receivableId: r.id, amount: (Number(r.amount) - Number(r.received)).toFixed(2) }));
    const amount = allocations.reduce((sum, a) => sum + Number(a.amount), 0).toFixed(2);
    expect(amount).toBe(detail.money.outstanding);
    const recorded = await call<PaymentRecord>(paymentContract.add.path, { orderId: stay.orderId, method: 'transfer', amount, paidAt: '2026-11-20 10:00', allocations }, admin);
    await call(paymentContract.audit.path, { id: recorded.id, version: recorded.version }, finance);

    await button(table, '查询').click();
    const settle = line.getByText('结账', { exact: true });
    await settle.waitFor();
    await settle.click();
    await page.locator('.ant-popover:not(.ant-popover-hidden)').getByText(`确定为订单「${stay.orderNo}」结账吗？`).waitFor();
    await button(page.locator('.ant-popover:not(.ant-popover-hidden) .ant-popconfirm-buttons'), '确定').click();
    await toast(page, '结账成功');
    await expect.poll(() => line.getByText('结账', { exact: true }).count()).toBe(0);

    const after = await call<OrderDetail>(orderContract.detail.path, { id: stay.orderId }, finance);
    expect(after.order.status).toBe('settled');
    expect(after.money.outstanding).toBe('0.00');
    const contracts = await call<PageResult<{ status: string }>>(contractContract.list.path, { pageNo: 1, pageSize: 10, orderId: stay.orderId }, finance);
    expect(contracts.records.map((c) => c.status)).toContain('ended');

    // The order's detail, from her 订单 page: the receipt she audited, with 实收 before and after.
    await page.goto(`${base}/app/trade/order`);
    const orders = page.locator('.ant-pro-table');
    const orderNoField = orders.getByLabel('订单编号', { exact: true });
    await orders.locator('.ant-table').waitFor();
    if (!(await orderNoField.isVisible())) await orders.getByText('展开').click();
    await orderNoField.fill(stay.orderNo);
    await button(orders, '查询').click();
    await row(orders, stay.orderNo).getByText(stay.orderNo, { exact: true }).click();
    const money = drawer(page, new RegExp(stay.orderNo)).locator('.order-money-log');
    const receipt = row(money, recorded.paymentNo);
    await receipt.waitFor();
    // 实收 before and after her audit (payments in the order they were audited).
    const entry = after.moneyLog.find((c) => c.ref === recorded.paymentNo)!;
    expect(entry).toMatchObject({ event: 'receipt', amount, by: FINANCE.firstName });
    expect(Math.round((Number(entry.after) - Number(entry.before)) * 100)).toBe(Math.round(Number(amount) * 100));
    const text = await receipt.innerText();
    for (const shown of [`¥${amount}`, `¥${entry.before}`, `¥${entry.after}`, `${FINANCE.firstName}（录入：`]) expect(text).toContain(shown);
  });

  it('四眼原则 on 订单: whoever created an order below the floor is not offered 审批通过 (驳回 stays); the 店长 is', async () => {
    const base = suite.server.baseUrl;
    const adminPage = await signedInPage(suite, { width: 1440, height: 900 });
    const admin = (await tokenOf(adminPage))!;
    const call = async <T,>(path: string, body: Record<string, unknown>) => {
      const res = await signedPost<T>(base, path, body, admin);
      expect(res.code, `${path}: ${res.message}`).toBe('0');
      return res.result;
    };
    // The terms of a demo order of 南山店 waiting for 折扣审批 (below the floor), ordered again by the administrator.
    const waiting = await call<PageResult<Order>>(orderContract.list.path, { pageNo: 1, pageSize: 50, status: 'pending_audit' });
    const like = waiting.records.find((o) => o.storeName === '南山店')!;
    expect(like, 'a 南山店 order waiting for 折扣审批').toBeDefined();
    const { customerId, storeId, productId, roomTypeId, days, plannedCheckIn, dealPrice } = like;
    const draft = await call<Order>(orderContract.add.path, { customerId, storeId, productId, roomTypeId, days, plannedCheckIn, dealPrice, remark: '四眼' });
    const mine = await call<Order>(orderContract.submit.path, { id: draft.id, version: draft.version });
    expect(mine.status).toBe('pending_audit');

    const openOrder = async (page: Page) => {
      await page.goto(`${base}/app/trade/order`);
      const orders = page.locator('.ant-pro-table');
      const field = orders.getByLabel('订单编号', { exact: true });
      await orders.locator('.ant-table').waitFor();
      if (!(await field.isVisible())) await orders.getByText('展开').click();
      await field.fill(mine.orderNo);
      await button(orders, '查询').click();
      const line = row(orders, mine.orderNo);
      await line.getByText('驳回', { exact: true }).waitFor();
      return line;
    };
    expect(await (await openOrder(adminPage)).getByText('审批通过', { exact: true }).count()).toBe(0);
    const manager = await demoUserPage(suite, 'nanshan.manager');
    expect(await (await openOrder(manager)).getByText('审批通过', { exact: true }).count()).toBe(1);
  });
});
