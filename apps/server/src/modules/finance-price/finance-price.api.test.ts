import { describe, expect, it } from 'vitest';
import { ErrorText, Permission, type FinancePrice, type PageResult, type PriceFound, type Product, type Store } from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, tokenWith, useAdminApp, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { roomTypeFor } from '../product/product.test-fixtures.js';
import { lookupPrice } from './finance-price.service.js';

const routes = {
  list: '/online/financePrice/list',
  queryById: '/online/financePrice/queryById',
  add: '/online/financePrice/add',
  edit: '/online/financePrice/edit',
  delete: '/online/financePrice/delete',
  exportXls: '/online/financePrice/exportXls',
  lookup: '/online/financePrice/lookup',
} as const;

// 财务定价: reference and floor price per product × store × room type × days and period; periods never overlap.
describe('finance prices', () => {
  const app = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  let n = 0;

  /** A new product sold in 南山店 and 福田店, with a room type of 南山店. */
  const setUp = async () => {
    const stores = (await resultOf(post<PageResult<Store>>('/online/store/list', {}))).records;
    const [ns, ft] = [stores.find((s) => s.code === 'NS')!, stores.find((s) => s.code === 'FT')!];
    n++;
    const product = await resultOf(
      post<Product>('/online/product/add', { code: `FP-${n}`, name: `定价套餐${n}`, kind: 'confinement_package', storeIds: [ns.id, ft.id], days: 28, listPrice: '40000' }),
    );
    const roomTypeId = await roomTypeFor(app.db, app.companyId, ns.id, 'FP-DLX', '定价豪华房');
    const price = (extra: Record<string, unknown> = {}) => ({
      productId: product.id, storeId: ns.id, roomTypeId, days: 28, referencePrice: '39800', floorPrice: '36000', effectiveFrom: '2026-01-01', effectiveTo: null, ...extra,
    });
    return { ns, ft, product, roomTypeId, price };
  };

  it('the demo seeds prices per store and product', async () => {
    const page = await resultOf(post<PageResult<FinancePrice>>(routes.list, { pageSize: 100 }));
    expect(page.total).toBeGreaterThan(0);
    const swim = page.records.filter((r) => r.productCode === 'SVC-SWIM-10');
    expect(swim.map((r) => r.storeName).sort()).toEqual(['南山店', '福田店']);
    expect(swim.every((r) => r.roomTypeId === null && Number(r.floorPrice) <= Number(r.referencePrice))).toBe(true);
    // Packages take the store's room type of their tier (where the room module seeded one).
    const tierOf = { 'PKG-BASIC': '标准', 'PKG-DLX': '豪华', 'PKG-SUITE': '套房' } as const;
    for (const r of page.records.filter((x) => x.productCode?.startsWith('PKG-'))) {
      const tier = Object.entries(tierOf).find(([prefix]) => r.productCode!.startsWith(prefix))![1];
      expect(r.roomTypeName, r.productCode!).toContain(tier);
      expect(r.roomTypeName).not.toContain('家庭');
    }
  });

  it('adds with names, checks the rules, edits under the version lock, deletes', async () => {
    const { ns, ft, product, price } = await setUp();
    const added = await post<FinancePrice>(routes.add, price());
    expect(added.body).toMatchObject({
      code: '0', message: '添加成功！',
      result: { productName: product.name, storeName: '南山店', roomTypeName: '定价豪华房', referencePrice: '39800.00', floorPrice: '36000.00', effectiveFrom: '2026-01-01', effectiveTo: null },
    });
    const refused = async (body: Record<string, unknown>, message: string) => expect((await post(routes.add, body)).body.message).toContain(message);
    await refused(price({ floorPrice: '40000' }), '底价不能高于参考价');
    await refused(price({ effectiveFrom: null }), '请选择生效日期!');
    await refused(price({ effectiveFrom: '2030-02-01', effectiveTo: '2030-01-01' }), '失效日期不能早于生效日期');
    await refused(price({ productId: undefined }), '请选择产品!');
    await refused(price({ productId: MISSING_ID }), '所选产品不是本公司的产品');
    await refused(price({ storeId: MISSING_ID }), '该产品不在所选门店销售');
    await refused(price({ storeId: ft.id }), '所选房型不属于所选门店');
    await refused(price({ referencePrice: '1.005' }), '参考价必须是最多两位小数的金额');

    const row = added.body.result;
    const edited = await resultOf(post<FinancePrice>(routes.edit, { ...row, referencePrice: '41800', effectiveTo: '2026-06-30' }));
    expect(edited).toMatchObject({ version: 2, referencePrice: '41800.00', effectiveTo: '2026-06-30' });
    expect((await post(routes.edit, { ...row, remark: 'x' })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await post(routes.delete, { id: row.id })).body).toMatchObject({ code: '0', message: '删除成功!' });
    expect((await post(routes.queryById, { id: row.id })).body.code).toBe('404');
    expect(ns.id).toBeTruthy();
  });

  it('refuses an overlapping period of the same combination, naming the period in the way', async () => {
    const { ft, price } = await setUp();
    const first = await resultOf(post<FinancePrice>(routes.add, price({ effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30' })));
    const open = await resultOf(post<FinancePrice>(routes.add, price({ effectiveFrom: '2026-07-01', effectiveTo: null })));
    expect((await post(routes.add, price({ effectiveFrom: '2026-06-30', effectiveTo: '2026-07-15' }))).body).toMatchObject({
      code: '101',
      message: '该产品在此门店、房型、天数下已有生效期为 2026-01-01 至 2026-06-30 的定价，生效期不能重叠',
    });
    expect((await post(routes.add, price({ effectiveFrom: '2030-01-01' }))).body.message).toContain('2026-07-01 至 长期');
    expect((await post(routes.add, price({ effectiveFrom: '2025-01-01', effectiveTo: null }))).body.message).toContain('2026-01-01 至 2026-06-30');
    // Editing a row into another's period is refused too; its own period is no conflict.
    expect((await post(routes.edit, { ...open, effectiveFrom: '2026-06-01' })).body.message).toContain('2026-01-01 至 2026-06-30');
    expect((await post(routes.edit, { ...first, referencePrice: '40800' })).body.code).toBe('0');
    // Another days, room type (none) or store is another combination.
    expect((await post(routes.add, price({ days: 35 }))).body.code).toBe('0');
    expect((await post(routes.add, price({ roomTypeId: null }))).body.code).toBe('0');
    expect((await post(routes.add, price({ storeId: ft.id, roomTypeId: null }))).body.code).toBe('0');
  });

  it('the database refuses an overlap whoever writes, also 20 writers at once past the service', async () => {
    const { price } = await setUp();
    const p = await resultOf(post<FinancePrice>(routes.add, price({ effectiveFrom: '2026-01-01', effectiveTo: null })));
    const insert = (from: string, days = 28) =>
      app.db
        .insertInto('finance_price' as never)
        .values({ company_id: app.companyId, product_id: p.productId, store_id: p.storeId, room_type_id: p.roomTypeId, days, reference_price: '1', floor_price: '1', effective_from: from } as never)
        .execute();
    await expect(insert('2027-01-01')).rejects.toMatchObject({ code: '23P01' });
    const raced = await Promise.allSettled(Array.from({ length: 20 }, (_, i) => insert(`2026-0${1 + (i % 9)}-15`, 42)));
    expect(raced.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(raced.every((r) => r.status === 'fulfilled' || (r.reason as { code?: string }).code === '23P01')).toBe(true);
  });

  it('20 concurrent overlapping inserts: exactly one wins', async () => {
    const { price } = await setUp();
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => post(routes.add, price({ effectiveFrom: `2026-0${1 + (i % 9)}-01`, effectiveTo: null, remark: String(i) }))),
    );
    expect(results.filter((r) => r.body.code === '0')).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== '0')) expect(r.body.message).toContain('生效期不能重叠');
    const rows = await resultOf(post<PageResult<FinancePrice>>(routes.list, { productId: price().productId }));
    expect(rows.total).toBe(1);
  });

  it('looks up the price in force on a date; none is refused with the reason', async () => {
    const { product, roomTypeId, ns, price } = await setUp();
    await resultOf(post(routes.add, price({ effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30', referencePrice: '39800', floorPrice: '36000' })));
    await resultOf(post(routes.add, price({ effectiveFrom: '2026-07-01', effectiveTo: null, referencePrice: '42800', floorPrice: '38800' })));
    const ask = { productId: product.id, storeId: ns.id, roomTypeId, days: 28 };
    expect(await resultOf(post<PriceFound>(routes.lookup, { ...ask, date: '2026-06-30' }))).toMatchObject({ referencePrice: '39800.00', floorPrice: '36000.00', effectiveTo: '2026-06-30' });
    expect(await lookupPrice(app.db, app.companyId, { ...ask, date: '2026-07-01' })).toMatchObject({ referencePrice: '42800.00', effectiveTo: null });
    expect(await lookupPrice(app.db, app.companyId, { ...ask, date: '2099-12-31' })).toMatchObject({ referencePrice: '42800.00' });
    expect((await post(routes.lookup, { ...ask, date: '2025-12-31' })).body).toMatchObject({ code: '101', message: '该产品在此门店、房型、天数下没有 2025-12-31 生效的财务定价' });
    await expect(lookupPrice(app.db, app.companyId, { ...ask, days: 35, date: '2026-07-01' })).rejects.toThrow('没有 2026-07-01 生效的财务定价');
  });

  it('filters by product, store, room type and the date in force; exports the filtered rows', async () => {
    const { product, roomTypeId, price } = await setUp();
    await resultOf(post(routes.add, price({ effectiveFrom: '2026-01-01', effectiveTo: '2026-06-30' })));
    await resultOf(post(routes.add, price({ effectiveFrom: '2026-07-01', effectiveTo: null, referencePrice: '42800' })));
    const on = async (date: string) => (await resultOf(post<PageResult<FinancePrice>>(routes.list, { productId: product.id, roomTypeId, effectiveOn: date }))).records.map((r) => r.referencePrice);
    expect(await on('2026-03-01')).toEqual(['39800.00']);
    expect(await on('2027-03-01')).toEqual(['42800.00']);
    expect(await on('2025-03-01')).toEqual([]);
    expect((await post(routes.list, { effectiveOn: '2026-13-01' })).body.message).toContain('生效于日期不正确');
    const file = await exportXlsx(app.t, routes.exportXls, { productId: product.id, effectiveOn: '2026-03-01' }, app.admin);
    expect(file.rows[0]).toEqual(['产品编码', '产品', '门店', '房型', '天数', '参考价', '底价', '生效日期', '失效日期', '备注']);
    expect(file.rows.slice(1)).toEqual([[product.code, product.name, '南山店', '定价豪华房', '28', '39800.00', '36000.00', '2026-01-01', '2026-06-30', '']]);
  });

  it('answers 403 to a user without the action, route by route', async () => {
    const token = await tokenWith(app.t, 'price_nobody', [Permission.productList]);
    const calls: RouteCall<typeof routes>[] = [
      ['list', Permission.financePriceList, {}],
      ['queryById', Permission.financePriceList, { id: MISSING_ID }],
      ['add', Permission.financePriceAdd, {}],
      ['edit', Permission.financePriceEdit, { id: MISSING_ID, version: 1 }],
      ['delete', Permission.financePriceDelete, { id: MISSING_ID }],
      ['exportXls', Permission.financePriceExport, {}],
      ['lookup', Permission.financePriceLookup, { productId: MISSING_ID, storeId: MISSING_ID, days: 28, date: '2026-01-01' }],
    ];
    await expectEachForbidden(app.t, routes, calls, token);
    const seller = await tokenWith(app.t, 'price_seller', [Permission.financePriceLookup]);
    expect((await post(routes.lookup, { productId: MISSING_ID, storeId: MISSING_ID, days: 28, date: '2026-01-01' }, seller)).body.code).toBe('101');
    expect((await post(routes.list, {}, seller)).status).toBe(403);
  });
});
