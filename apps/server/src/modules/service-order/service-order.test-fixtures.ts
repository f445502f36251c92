import { randomUUID } from 'node:crypto';
import type { Product, ProductItem, Store } from '@care/shared';
import type { AdminTestAppContext } from '../../test/fixtures.js';
import { resultOf } from '../../test/fixtures.js';
import type { OrderStatusValue } from '../../platform/db/schema-trade.js';

type Item = Partial<ProductItem> & { serviceItem: string };

/**
 * A store, a customer with a baby, a package with `items` and one order of it, for service-order
 * tests, the administrator one of the store's people. Until the order module's createOrder lands the order row is written straight into sales_order.
 */
export async function serviceWorld(ctx: AdminTestAppContext, code: string, items: Item[], order: { status?: OrderStatusValue; checkedInDaysAgo?: number } = {}) {
  const post = <T>(url: string, body: Record<string, unknown>) => resultOf(ctx.t.post<T>(url, body, { token: ctx.admin }));
  const store = await post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] });
  // The administrator works there too (services are dispatched to her in tests).
  await joinStore(ctx, ctx.adminId, store.id);
  const customer = await ctx.db
    .insertInto('customer')
    .values({ company_id: ctx.companyId, customer_no: `KH${code}`, name: `${code}妈妈`, phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`, store_id: store.id })
    .returning('id')
    .executeTakeFirstOrThrow();
  const baby = await ctx.db.insertInto('baby').values({ company_id: ctx.companyId, customer_id: customer.id, name: `${code}宝宝` }).returning('id').executeTakeFirstOrThrow();
  const full = items.map((i) => ({ onDemand: false, quantity: null, validDays: null, ...i }));
  const product = await post<Product>('/online/product/add', { code: `P${code}`, name: `${code}套餐`, kind: 'confinement_package', storeIds: [store.id], days: 28, listPrice: '38000', items: full });
  const orderId = await addOrder(ctx, { storeId: store.id, customerId: customer.id, productId: product.id, versionId: product.currentVersionId!, name: product.name, items: full, ...order });
  return { store, customerId: customer.id, babyId: baby.id, productId: product.id, orderId };
}

/** One sales_order row of the product (its snapshot holds the items). */
export async function addOrder(
  ctx: AdminTestAppContext,
  o: { storeId: string; customerId: string; productId: string; versionId: string; name: string; items: Item[]; status?: OrderStatusValue; checkedInDaysAgo?: number },
): Promise<string> {
  const status = o.status ?? 'checked_in';
  const checkedIn = o.checkedInDaysAgo !== undefined ? new Date(Date.now() - o.checkedInDaysAgo * 86_400_000) : status === 'checked_in' ? new Date() : null;
  const snapshot = { code: 'P', name: o.name, kind: 'confinement_package', days: 28, roomTypeId: null, roomTypeName: null, listPrice: '38000.00', items: o.items };
  const row = await ctx.db
    .insertInto('sales_order')
    .values({
      company_id: ctx.companyId,
      order_no: `DD${randomUUID().slice(0, 12)}`,
      customer_id: o.customerId,
      store_id: o.storeId,
      product_id: o.productId,
      product_version_id: o.versionId,
      product_snapshot: JSON.stringify(snapshot),
      days: 28,
      reference_price: '38000',
      floor_price: '30000',
      deal_price: '36000',
      discount: '2000',
      status,
      checked_in_at: checkedIn,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Makes the user one of the store's people (an executor it may be dispatched to; its #{sys_store_ids}). */
export async function joinStore(ctx: AdminTestAppContext, userId: string, storeId: string): Promise<void> {
  await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: storeId }).execute();
}
