import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import type { CrmOption, MyStore, PageResult } from '@care/shared';
import { ADMIN, submitAccount } from './auth-helpers';
import { useSharedBrowserSuite } from './harness';
import { choose } from './security-helpers';
import { signedInPage } from './shell-helpers';
import { apiOf, packagePrices, shanghaiDate, type Post } from './trade-helpers';

// 门店订单 and 门店客户: the administrator (every store) switches between 南山店 and 福田店; the rows are
// the module's list of the chosen store, and the choice is remembered across pages and reloads.

const rows = (table: Locator): Locator => table.locator('tbody tr.ant-table-row');

/** A customer of the store and, when `order`, her order of the store's first demo package. */
async function customerWithOrder(post: Post, storeId: string, name: string, phone: string) {
  const customer = await post<{ id: string }>('/online/customer/add', { name, phone, storeId });
  const checkIn = shanghaiDate(200);
  const price = (await packagePrices(post, storeId, checkIn))[0]!;
  const order = await post<{ orderNo: string }>('/online/order/add', {
    customerId: customer.id, storeId, productId: price.productId, roomTypeId: price.roomTypeId, days: price.days, plannedCheckIn: checkIn, dealPrice: price.referencePrice,
  });
  return order.orderNo;
}

/** One column's texts of the table's rows once the list has answered. */
async function shownRows(table: Locator, column: number): Promise<string[]> {
  await table.locator('.ant-table-wrapper .ant-spin-spinning').waitFor({ state: 'detached' });
  return rows(table).evaluateAll((trs, i) => trs.map((tr) => (tr.querySelectorAll('td')[i]?.textContent ?? '').trim()), column);
}

/** The index of the column headed `title`. */
async function columnOf(table: Locator, title: string): Promise<number> {
  const heads = await table.locator('thead th').allTextContents();
  const index = heads.findIndex((h) => h.trim() === title);
  expect(index, title).toBeGreaterThanOrEqual(0);
  return index;
}

/** The table shows exactly these rows (key column and store column), in this order. */
async function expectStoreRows(table: Locator, titles: { key: string; store: string }, expected: { key: string; store: string }[]) {
  await table.locator('thead th').first().waitFor();
  const key = await columnOf(table, titles.key);
  const store = await columnOf(table, titles.store);
  await expect.poll(() => shownRows(table, key), { timeout: 15_000 }).toEqual(expected.map((e) => e.key));
  expect(await shownRows(table, store)).toEqual(expected.map((e) => e.store));
}

const ORDER = { key: '订单编号', store: '门店' };
const CUSTOMER = { key: '客户姓名', store: '所属门店' };

describe('门店 pages', () => {
  const suite = useSharedBrowserSuite();

  it('门店订单 and 门店客户 show the chosen store\'s rows, and the switch is remembered', async () => {
    const baseUrl = suite.server.baseUrl;
    const page = await signedInPage(suite, { width: 1440, height: 900 });
    const post = await apiOf(page, baseUrl);
    const stores = await post<CrmOption[]>('/online/store/options', {});
    const nanshan = stores.find((s) => s.name === '南山店')!.id;
    const futian = stores.find((s) => s.name === '福田店')!.id;
    // The switcher offers the administrator every store, 南山店 (sort 1) first.
    const mine = await post<MyStore[]>('/online/storeLevel/myStores', {});
    expect(mine.map((s) => s.name).slice(0, 2)).toEqual(['南山店', '福田店']);

    await customerWithOrder(post, nanshan, '门店测试南山甲', '19930000001');
    await customerWithOrder(post, nanshan, '门店测试南山乙', '19930000002');
    await customerWithOrder(post, futian, '门店测试福田甲', '19930000003');

    // What each store's page must show: the module's own list of that store, first page, default order.
    const ordersOf = async (storeId: string, storeName: string) =>
      (await post<PageResult<{ orderNo: string }>>('/online/order/list', { pageNo: 1, pageSize: 10, storeId })).records.map((r) => ({ key: r.orderNo, store: storeName }));
    const customersOf = async (storeId: string, storeName: string) =>
      (await post<PageResult<{ name: string }>>('/online/customer/list', { pageNo: 1, pageSize: 10, storeId })).records.map((r) => ({ key: r.name, store: storeName }));
    const nanshanOrders = await ordersOf(nanshan, '南山店');
    const futianOrders = await ordersOf(futian, '福田店');
    expect(nanshanOrders.length).toBeGreaterThanOrEqual(2);
    expect(futianOrders.length).toBeGreaterThanOrEqual(1);

    await page.goto(`${baseUrl}/app/store/order`);
    const switcher = page.locator('.store-switcher');
    await switcher.locator('.ant-select-selection-item').filter({ hasText: '南山店' }).waitFor();
    const orders = page.locator('.order-table');
    await expectStoreRows(orders, ORDER, nanshanOrders);
    // The store filter is the switcher's, not the search form's.
    expect(await orders.locator('.ant-pro-query-filter').getByLabel('门店', { exact: true }).count()).toBe(0);

    await choose(page, switcher, '福田店');
    await expectStoreRows(orders, ORDER, futianOrders);

    // Remembered for this user: a reload and the next 门店 page open on 福田店.
    await page.reload();
    await switcher.locator('.ant-select-selection-item').filter({ hasText: '福田店' }).waitFor();
    await expectStoreRows(orders, ORDER, futianOrders);

    await page.goto(`${baseUrl}/app/store/customer`);
    const customers = page.locator('.customer-table');
    await switcher.locator('.ant-select-selection-item').filter({ hasText: '福田店' }).waitFor();
    await expectStoreRows(customers, CUSTOMER, await customersOf(futian, '福田店'));
    await choose(page, switcher, '南山店');
    const nanshanCustomers = await customersOf(nanshan, '南山店');
    expect(nanshanCustomers.map((c) => c.key)).toEqual(expect.arrayContaining(['门店测试南山甲', '门店测试南山乙']));
    await expectStoreRows(customers, CUSTOMER, nanshanCustomers);

    // The demo 南山 店长 works in 南山店 only: the switcher offers it alone, and her 门店订单 is its orders.
    const manager = await suite.newPage({ viewport: { width: 1440, height: 900 }, locale: 'zh-CN', timezoneId: 'Asia/Shanghai' });
    await manager.goto(`${baseUrl}/app/user/login`);
    // A loaded machine may take a while to bring the sign-in page up.
    await manager.getByPlaceholder('账号', { exact: true }).waitFor({ timeout: 60_000 });
    await submitAccount(manager, 'nanshan.manager', ADMIN.password);
    await manager.waitForURL((url) => url.pathname !== '/app/user/login');
    await manager.goto(`${baseUrl}/app/store/order`);
    const hers = manager.locator('.store-switcher');
    await hers.locator('.ant-select-selection-item').filter({ hasText: '南山店' }).waitFor();
    await expectStoreRows(manager.locator('.order-table'), ORDER, nanshanOrders);
    await hers.click();
    const offered = manager.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option');
    await offered.first().waitFor();
    expect(await offered.allTextContents()).toEqual(['南山店']);
  });
});
