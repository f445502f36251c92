import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { CrmOption, FinancePrice, PageResult } from '@care/shared';
import { signedPost, tokenOf } from './auth-helpers';

// The setup the transaction specs (订单, 订房, 合同, 变更单) share: API calls as the signed-in user,
// a customer of 南山店, its demo packages and a submitted order; and the form moves they all make.

export type Post = <T = unknown>(path: string, body: Record<string, unknown>) => Promise<T>;

/** A Shanghai calendar date `days` from today. */
export const shanghaiDate = (days: number): string => new Date(Date.now() + 8 * 3600_000 + days * 86_400_000).toISOString().slice(0, 10);

/** Calls the API with the signed-in page's token; every call must succeed. */
export async function apiOf(page: Page, baseUrl: string): Promise<Post> {
  const token = (await tokenOf(page))!;
  return async <T>(path: string, body: Record<string, unknown>) => {
    const res = await signedPost<T>(baseUrl, path, body, token);
    expect(res.code, res.message).toBe('0');
    return res.result;
  };
}

/** 南山店's id and a new customer of it. */
export async function nanshanCustomer(post: Post, guest: { name: string; phone: string }): Promise<{ nanshan: string; customerId: string }> {
  const nanshan = (await post<CrmOption[]>('/online/store/options', {})).find((s) => s.name === '南山店')!.id;
  const customer = await post<{ id: string }>('/online/customer/add', { name: guest.name, phone: guest.phone, storeId: nanshan });
  return { nanshan, customerId: customer.id };
}

/** The demo packages (PKG-…) priced for a room type of the store on `effectiveOn`. */
export async function packagePrices(post: Post, storeId: string, effectiveOn: string): Promise<FinancePrice[]> {
  const prices = (await post<PageResult<FinancePrice>>('/online/financePrice/list', { storeId, effectiveOn, pageSize: 100 })).records;
  return prices.filter((p) => p.roomTypeId && p.productCode?.startsWith('PKG-'));
}

/** A new customer's order of a demo package at its reference price, checking in `days` from today, submitted (待确认 or past). */
export async function submittedOrder(post: Post, guest: { name: string; phone: string }, days: number) {
  const { nanshan, customerId } = await nanshanCustomer(post, guest);
  const checkIn = shanghaiDate(days);
  const price = (await packagePrices(post, nanshan, checkIn))[0]!;
  const order = await post<{ id: string; version: number; orderNo: string }>('/online/order/add', {
    customerId, storeId: nanshan, productId: price.productId, roomTypeId: price.roomTypeId, days: price.days, plannedCheckIn: checkIn, dealPrice: price.referencePrice,
  });
  await post('/online/order/submit', { id: order.id, version: order.version });
  return { nanshan, customerId, checkIn, price, order };
}

/** The customer's 证件号码 (a passport), which signing a contract requires. */
export async function givePassport(post: Post, customerId: string, idNo: string): Promise<void> {
  const customer = await post<Record<string, unknown>>('/online/customer/queryById', { id: customerId });
  await post('/online/customer/edit', { ...customer, idType: 'passport', idNo });
}

/** Types into a searchable select and picks the option holding `option`. */
export async function searchAndPick(page: Page, select: Locator, text: string, option: string): Promise<void> {
  await select.click();
  await page.keyboard.type(text);
  await page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option').filter({ hasText: option }).first().click();
}

/** Types a date into a picker and confirms it with Enter. */
export async function pickDate(input: Locator, value: string): Promise<void> {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}
