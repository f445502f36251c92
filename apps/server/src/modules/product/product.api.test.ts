import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { ErrorText, Permission, type PageResult, type Product, type ProductVersion, type RoomTypeChoice, type Store } from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, tokenWith, useAdminApp, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { roomTypeFor } from './product.test-fixtures.js';
import { productSnapshot, productVersionById } from './product.service.js';

const routes = {
  list: '/online/product/list',
  queryById: '/online/product/queryById',
  add: '/online/product/add',
  edit: '/online/product/edit',
  updateStatus: '/online/product/updateStatus',
  exportXls: '/online/product/exportXls',
  versions: '/online/product/versions',
} as const;

// 产品: CRUD on the kit, the stores and room type checked, a new version per change of what is sold.
describe('products', () => {
  const app = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  const stores = async () => (await resultOf(post<PageResult<Store>>('/online/store/list', {}))).records;
  const basic = (storeIds: string[], extra: Record<string, unknown> = {}) => ({
    code: 'T-28',
    name: '测试套餐28天',
    kind: 'confinement_package',
    storeIds,
    days: 28,
    listPrice: '39800',
    items: [
      { serviceItem: 'maternal_care', onDemand: true },
      { serviceItem: 'baby_swim', quantity: 8, validDays: 28 },
    ],
    ...extra,
  });

  it('the demo seeds the package ladder, each product at version 1', async () => {
    const page = await resultOf(post<PageResult<Product>>(routes.list, { pageSize: 100 }));
    const codes = page.records.map((p) => p.code);
    for (const code of ['PKG-BASIC-28', 'PKG-DLX-35', 'PKG-SUITE-42', 'SHORT-14', 'NURSE-GOLD-26', 'SVC-SWIM-10']) expect(codes).toContain(code);
    const suite = page.records.find((p) => p.code === 'PKG-SUITE-42')!;
    expect(suite).toMatchObject({ kind: 'confinement_package', days: 42, versionNo: 1, storeNames: ['南山店', '福田店'], enabled: true });
    expect(suite.currentVersionId).toBeTruthy();
  });

  it('adds, checks the rules, edits under the version lock; the code is unique', async () => {
    const [ns] = await stores();
    const added = await post<Product>(routes.add, basic([ns!.id]));
    expect(added.body).toMatchObject({ code: '0', message: '添加成功！', result: { code: 'T-28', listPrice: '39800.00', versionNo: 1, storeNames: ['南山店'] } });
    expect(added.body.result.items).toEqual([
      { serviceItem: 'maternal_care', onDemand: true, quantity: null, validDays: null },
      { serviceItem: 'baby_swim', onDemand: false, quantity: 8, validDays: 28 },
    ]);
    expect((await post(routes.add, basic([ns!.id], { name: '重复' }))).body).toMatchObject({ code: '101', message: '产品编码已存在' });
    const refused = async (body: Record<string, unknown>, message: string) => expect((await post(routes.add, body)).body.message).toContain(message);
    await refused(basic([], { code: 'X1' }), '请选择销售门店!');
    await refused(basic([MISSING_ID], { code: 'X1' }), '所选门店不是本公司的门店');
    await refused(basic([ns!.id], { code: 'X1', days: 0 }), '月子套餐和小月子的天数必须大于0');
    await refused(basic([ns!.id], { code: 'X1', listPrice: '1.234' }), '标价必须是最多两位小数的金额');
    await refused(basic([ns!.id], { code: 'X1', items: [{ serviceItem: 'baby_swim' }] }), '请输入次数，或选择按需');
    await refused(basic([ns!.id], { code: 'X1', items: [{ serviceItem: 'baby_swim', quantity: 1 }, { serviceItem: 'baby_swim', quantity: 2 }] }), '服务项目不能重复');
    await refused(basic([ns!.id], { code: 'X1', roomTypeId: MISSING_ID }), '所选房型不是本公司的房型');
    await refused({ ...basic([ns!.id]), code: undefined }, '请输入产品编码!');

    const p = added.body.result;
    expect((await post<Product>(routes.edit, { ...p, name: '测试套餐（新）' })).body.result).toMatchObject({ version: 2, versionNo: 2 });
    expect((await post(routes.edit, { ...p, name: '旧' })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await post(routes.queryById, { id: MISSING_ID })).body.code).toBe('404');
  });

  it('a room type must be one of the stores that sell the product', async () => {
    const [ns, ft] = await stores();
    const id = await roomTypeFor(app.db, app.companyId, ns!.id, 'T-DLX', '测试豪华房');
    const nsType = (await resultOf(post<RoomTypeChoice[]>('/online/product/roomTypes', {}))).find((c) => c.id === id)!;
    expect(nsType).toMatchObject({ storeId: ns!.id, storeName: '南山店', name: '测试豪华房' });
    expect((await post(routes.add, basic([ft!.id], { code: 'RT1', roomTypeId: nsType.id }))).body.message).toBe('所选房型不属于产品的销售门店');
    expect((await post<Product>(routes.add, basic([ns!.id], { code: 'RT2', roomTypeId: nsType.id }))).body.result.roomTypeName).toBe(nsType.name);
  });

  it('versions: an edit of what is sold writes a new version; the old row stays as it was; enabling or a remark does not', async () => {
    const [ns] = await stores();
    const p = await resultOf(post<Product>(routes.add, basic([ns!.id], { code: 'V-1', name: '版本套餐' })));
    const first = await productSnapshot(app.db, app.companyId, p.id);
    expect(first).toMatchObject({ versionNo: 1, snapshot: { code: 'V-1', name: '版本套餐', days: 28, listPrice: '39800.00', roomTypeId: null } });
    const frozen = (await resultOf(post<ProductVersion[]>(routes.versions, { productId: p.id })))[0]!;

    const remarked = await resultOf(post<Product>(routes.edit, { ...p, remark: '只改备注' }));
    expect(remarked.versionNo).toBe(1);
    const disabled = await resultOf(post<Product>(routes.updateStatus, { id: p.id, enabled: false }));
    expect(disabled.versionNo).toBe(1);
    const priced = await resultOf(post<Product>(routes.edit, { ...disabled, listPrice: '42800', items: [{ serviceItem: 'baby_swim', quantity: 10 }] }));
    expect(priced).toMatchObject({ versionNo: 2, enabled: false });
    expect(priced.currentVersionId).not.toBe(first.versionId);

    const versions = await resultOf(post<ProductVersion[]>(routes.versions, { productId: p.id }));
    expect(versions.map((v) => [v.versionNo, v.snapshot.listPrice])).toEqual([
      [2, '42800.00'],
      [1, '39800.00'],
    ]);
    expect(versions[1]).toEqual(frozen);
    expect(versions[0]!.createdBy).toBeTruthy();
    expect(await productVersionById(app.db, app.companyId, first.versionId)).toEqual(first);
    expect((await productSnapshot(app.db, app.companyId, p.id)).versionNo).toBe(2);
    expect((await post(routes.versions, { productId: MISSING_ID })).body.code).toBe('404');
  });

  it('the database refuses any update or delete of a version row', async () => {
    const [ns] = await stores();
    const p = await resultOf(post<Product>(routes.add, basic([ns!.id], { code: 'V-2' })));
    await expect(sql`update product_version set snapshot = '{}'::jsonb where product_id = ${p.id}`.execute(app.db)).rejects.toThrow(/frozen/);
    await expect(sql`delete from product_version where product_id = ${p.id}`.execute(app.db)).rejects.toThrow(/frozen/);
    expect((await productSnapshot(app.db, app.companyId, p.id)).snapshot.code).toBe('V-2');
  });

  it('filters, sorts and exports', async () => {
    const page = await resultOf(post<PageResult<Product>>(routes.list, { kind: 'single_service', column: 'listPrice', order: 'desc' }));
    expect(page.records.length).toBeGreaterThan(0);
    expect(page.records.every((p) => p.kind === 'single_service')).toBe(true);
    const prices = page.records.map((p) => Number(p.listPrice));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    const file = await exportXlsx(app.t, routes.exportXls, { kind: 'single_service' }, app.admin);
    expect(file.rows[0]).toEqual(expect.arrayContaining(['产品编码', '产品名称', '产品类型', '天数', '标价', '版本号']));
    expect(file.rows.slice(1).map((r) => r[0]).sort()).toEqual(page.records.map((p) => p.code).sort());
  });

  it('answers 403 to a user without the action, route by route', async () => {
    const token = await tokenWith(app.t, 'product_nobody', [Permission.storeList]);
    const calls: RouteCall<typeof routes>[] = [
      ['list', Permission.productList, {}],
      ['queryById', Permission.productList, { id: MISSING_ID }],
      ['add', Permission.productAdd, basic([MISSING_ID])],
      ['edit', Permission.productEdit, { ...basic([MISSING_ID]), id: MISSING_ID, version: 1 }],
      ['updateStatus', Permission.productStatus, { id: MISSING_ID, enabled: false }],
      ['exportXls', Permission.productExport, {}],
      ['versions', Permission.productList, { productId: MISSING_ID }],
    ];
    await expectEachForbidden(app.t, routes, calls, token);
    const lister = await tokenWith(app.t, 'product_lister', [Permission.productList]);
    expect((await post(routes.list, {}, lister)).status).toBe(200);
    expect((await post(routes.add, basic([MISSING_ID]), lister)).status).toBe(403);
  });
});
