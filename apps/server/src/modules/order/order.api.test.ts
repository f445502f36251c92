import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, OrderText, orderContract, Permission, type Customer, type Order, type OrderDetail, type PageResult, type Product, type Store } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { roomTypeFor } from '../product/product.test-fixtures.js';
import { changeOrderTerms, createOrder, listOrders, moveOrder, ordersOfCustomer } from './order.service.js';

const R = { ...Object.fromEntries(Object.entries(orderContract).map(([name, c]) => [name, c.path])) } as Record<keyof typeof orderContract, string>;
const ORDER_ACTIONS = Object.values(Permission).filter((a) => a.startsWith('trade:order:') && a !== 'trade:order:cancel');

// 订单: priced from 财务定价, 提交 → 已确认 or 折扣审批, the default receivable plan on 已确认, data rules by store.
describe('orders', () => {
  const app = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(app.db));
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  let n = 0;
  let phone = 13700000000;

  /** A package sold in 南山店 and 福田店, priced in both for 28 days from 2026-01-01 (参考价 39800, 底价 36000), and a customer of each store. */
  const setUp = async () => {
    const stores = (await resultOf(post<PageResult<Store>>('/online/store/list', {}))).records;
    const [ns, ft] = [stores.find((s) => s.code === 'NS')!, stores.find((s) => s.code === 'FT')!];
    n++;
    const roomTypeId = await roomTypeFor(app.db, app.companyId, ns.id, 'OD-DLX', '订单豪华房');
    const ftRoomTypeId = await roomTypeFor(app.db, app.companyId, ft.id, 'OD-DLX', '订单豪华房');
    const product = await resultOf(
      post<Product>('/online/product/add', {
        code: `OD-${n}`, name: `订单套餐${n}`, kind: 'confinement_package', storeIds: [ns.id, ft.id], days: 28, roomTypeId, listPrice: '40000',
        items: [{ serviceItem: 'baby_swim', quantity: 8, validDays: 28 }],
      }),
    );
    for (const [storeId, rt] of [[ns.id, roomTypeId], [ft.id, ftRoomTypeId]] as const) {
      await resultOf(post('/online/financePrice/add', { productId: product.id, storeId, roomTypeId: rt, days: 28, referencePrice: '39800', floorPrice: '36000', effectiveFrom: '2026-01-01', effectiveTo: null }));
    }
    const customer = (storeId: string) => resultOf(post<Customer>('/online/customer/add', { name: `订单客户${n}`, phone: String(++phone), storeId }));
    const [nsCustomer, ftCustomer] = [await customer(ns.id), await customer(ft.id)];
    const order = (extra: Record<string, unknown> = {}) => ({
      customerId: nsCustomer.id, storeId: ns.id, productId: product.id, roomTypeId, days: 28, plannedCheckIn: '2026-12-10', dealPrice: '38000', ...extra,
    });
    const ftOrder = (extra: Record<string, unknown> = {}) => order({ customerId: ftCustomer.id, storeId: ft.id, roomTypeId: ftRoomTypeId, ...extra });
    return { ns, ft, product, roomTypeId, ftRoomTypeId, nsCustomer, ftCustomer, order, ftOrder };
  };
  const add = async (body: Record<string, unknown>, token = app.admin) => resultOf(post<Order>(R.add, body, token));
  const stored = (id: string) => app.db.selectFrom('sales_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const plan = (id: string) => app.db.selectFrom('receivable').select(['item', 'amount', 'due_date', 'due_before_check_in']).where('order_id', '=', id).orderBy('due_date').orderBy('item').execute();
  const changes = (id: string) => app.db.selectFrom('state_change').select(['event', 'from_state', 'to_state', 'reason']).where('record_id', '=', id).orderBy('changed_at').orderBy('id').execute();
  const session = async () => ({ sessionId: 'test', userId: app.adminId, username: 'admin', companyId: app.companyId, departmentId: null });

  it('adds a draft priced from 财务定价 with the product snapshotted, the check-out and the discount derived, the consultant the customer owner', async () => {
    const { ns, product, nsCustomer, order } = await setUp();
    const added = await post<Order>(R.add, order({ remark: '老客户介绍' }));
    expect(added.body).toMatchObject({
      code: '0',
      message: '添加成功！',
      result: {
        status: 'draft', customerName: nsCustomer.name, storeName: ns.name, productName: product.name, roomTypeName: '订单豪华房', days: 28,
        plannedCheckIn: '2026-12-10', plannedCheckOut: '2027-01-07', referencePrice: '39800.00', floorPrice: '36000.00', dealPrice: '38000.00', discount: '1800.00',
        consultantId: nsCustomer.ownerId, depositApplied: '0.00', remark: '老客户介绍', version: 1,
      },
    });
    expect(added.body.result.orderNo).toMatch(/\d/);
    expect(added.body.result.productVersionId).toBe(product.currentVersionId);
    // Later product edits never change the order's snapshot.
    await resultOf(post('/online/product/edit', { ...product, name: '改名套餐', listPrice: '50000' }));
    const detail = await resultOf(post<OrderDetail>(R.detail, { id: added.body.result.id }));
    expect(detail.snapshot).toMatchObject({ name: product.name, listPrice: '40000.00', items: [{ serviceItem: 'baby_swim', quantity: 8, validDays: 28 }] });
    expect(detail.versionNo).toBe(1);
    expect(detail.money).toEqual({ amount: '0.00', received: '0.00', outstanding: '0.00', outstandingBeforeCheckIn: '0.00', paidIn: '0.00' });
  });

  it('refuses what it cannot price or reference, naming the field or the reason', async () => {
    const { ft, roomTypeId, order } = await setUp();
    const refused = async (body: Record<string, unknown>, message: string) => expect((await post(R.add, body)).body).toMatchObject({ code: expect.not.stringMatching(/^0$/), message: expect.stringContaining(message) });
    await refused(order({ customerId: undefined }), '请选择客户!');
    await refused(order({ storeId: undefined }), '请选择门店!');
    await refused(order({ productId: undefined }), '请选择产品!');
    await refused(order({ days: undefined }), '请输入天数!');
    await refused(order({ days: 0 }), '天数不能小于1');
    await refused(order({ plannedCheckIn: null }), OrderText.checkInRequired);
    await refused(order({ plannedCheckIn: '2026-02-30' }), '预计入住日期不正确');
    await refused(order({ dealPrice: '1.005' }), '成交价必须是最多两位小数的金额');
    await refused(order({ customerId: MISSING_ID }), OrderText.customerMissing);
    await refused(order({ storeId: MISSING_ID }), OrderText.storeMissing);
    await refused(order({ productId: MISSING_ID }), OrderText.productMissing);
    await refused(order({ storeId: ft.id, roomTypeId }), OrderText.roomTypeStore);
    await refused(order({ consultantId: MISSING_ID }), OrderText.consultantMissing);
    await refused(order({ channelId: MISSING_ID }), OrderText.channelMissing);
    // No price in force on the planned check-in (before the price's period, or another number of days).
    await refused(order({ plannedCheckIn: '2025-12-31' }), '没有 2025-12-31 生效的财务定价');
    await refused(order({ days: 35 }), '没有 2026-12-10 生效的财务定价');
    const other = await resultOf(post<Store>('/online/store/add', { code: `OX${n}`, name: `不售门店${n}`, modes: ['hospital'] }));
    await refused(order({ storeId: other.id, roomTypeId: null }), OrderText.notSoldInStore);
    expect(await app.db.selectFrom('sales_order').select('id').where('product_id', '=', order().productId).execute()).toEqual([]);
  });

  it('quotes the reference and floor price for the form, or says none is in force', async () => {
    const { order } = await setUp();
    const { productId, storeId, roomTypeId } = order();
    expect(await resultOf(post(R.quote, { productId, storeId, roomTypeId, days: 28, plannedCheckIn: '2026-03-01' }))).toEqual({ referencePrice: '39800.00', floorPrice: '36000.00', plannedCheckOut: '2026-03-29', missing: null });
    expect(await resultOf(post(R.quote, { productId, storeId, roomTypeId, days: 28, plannedCheckIn: '2025-03-01' }))).toEqual({
      referencePrice: null, floorPrice: null, plannedCheckOut: '2025-03-29', missing: '该产品在此门店、房型、天数下没有 2025-03-01 生效的财务定价',
    });
    expect((await post(R.quote, { productId, storeId, roomTypeId, days: 0, plannedCheckIn: '2026-03-01' })).body.message).toContain('天数不能小于1');
  });

  it('edits a draft only, at the version read, pricing again', async () => {
    const { order } = await setUp();
    const draft = await add(order());
    const edited = await resultOf(post<Order>(R.edit, { ...order(), id: draft.id, version: 1, dealPrice: '39000', plannedCheckIn: '2026-11-01' }));
    expect(edited).toMatchObject({ version: 2, dealPrice: '39000.00', discount: '800.00', plannedCheckOut: '2026-11-29' });
    expect((await post(R.edit, { ...order(), id: draft.id, version: 1 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await post(R.edit, { ...order(), id: MISSING_ID, version: 1 })).status).toBe(404);
    expect((await post(R.edit, { ...order(), id: draft.id, version: 2, plannedCheckIn: '2025-01-01' })).body.message).toContain('生效的财务定价');
    expect(await stored(draft.id)).toMatchObject({ version: 2, deal_price: '39000.00' });
    await resultOf(post(R.submit, { id: draft.id, version: 2 }));
    expect((await post(R.edit, { ...order(), id: draft.id, version: 3 })).body).toMatchObject({ code: '101', message: OrderText.notEditable('已确认') });
  });

  it('提交 at or above the floor confirms and writes the default plan (首付 before check-in, 尾款 on check-out)', async () => {
    const { order } = await setUp();
    const draft = await add(order({ dealPrice: '36000.50' }));
    expect((await post(R.submit, { id: draft.id, version: 9 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const confirmed = await resultOf(post<Order>(R.submit, { id: draft.id, version: 1 }));
    expect(confirmed).toMatchObject({ status: 'confirmed', version: 2, approvedBy: null, createdBy: app.adminId });
    expect(await plan(draft.id)).toEqual([
      { item: 'first_payment', amount: '18000.00', due_date: '2026-12-10', due_before_check_in: true },
      { item: 'final_payment', amount: '18000.50', due_date: '2027-01-07', due_before_check_in: false },
    ]);
    expect(await changes(draft.id)).toEqual([{ event: 'confirm', from_state: 'draft', to_state: 'confirmed', reason: '' }]);
    const detail = await resultOf(post<OrderDetail>(R.detail, { id: draft.id }));
    expect(detail.money).toMatchObject({ amount: '36000.50', received: '0.00', outstanding: '36000.50', outstandingBeforeCheckIn: '18000.00' });
    expect(detail.log).toEqual([expect.objectContaining({ event: 'confirm', fromState: 'draft', toState: 'confirmed', changedBy: expect.any(String) })]);
    // Submitted once only: the second is refused naming the status, and the plan is not doubled.
    expect((await post(R.submit, { id: draft.id })).body).toMatchObject({ code: '101', message: '订单当前状态为「已确认」，不能确认' });
    expect(await plan(draft.id)).toHaveLength(2);
  });

  it('below the floor goes to 折扣审批: 驳回 needs a reason and returns to 草稿; 审批通过 records who and when and confirms', async () => {
    const { order } = await setUp();
    const draft = await add(order({ dealPrice: '35000' }));
    expect((await post(R.approve, { id: draft.id })).body).toMatchObject({ code: '101', message: '订单当前状态为「草稿」，不能审批通过' });
    const pending = await resultOf(post<Order>(R.submit, { id: draft.id, version: 1 }));
    expect(pending).toMatchObject({ status: 'pending_audit', version: 2 });
    expect(await plan(draft.id)).toEqual([]);
    expect((await post(R.reject, { id: draft.id, version: 2 })).body.message).toContain(OrderText.remarkRequired);
    expect((await post(R.reject, { id: draft.id, version: 1, remark: '折扣过大' })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const rejected = await resultOf(post<Order>(R.reject, { id: draft.id, version: 2, remark: '折扣过大' }));
    expect(rejected).toMatchObject({ status: 'draft', approvalRemark: '折扣过大', approvedBy: null });
    // Edited and submitted again, then approved.
    await resultOf(post(R.edit, { ...order(), id: draft.id, version: 3, dealPrice: '35500' }));
    await resultOf(post(R.submit, { id: draft.id, version: 4 }));
    const approved = await resultOf(post<Order>(R.approve, { id: draft.id, version: 5, remark: '老客户' }));
    expect(approved).toMatchObject({ status: 'confirmed', approvedBy: app.adminId, approvalRemark: '老客户' });
    expect(approved.approvedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect((await plan(draft.id)).map((p) => [p.item, p.amount])).toEqual([['first_payment', '17750.00'], ['final_payment', '17750.00']]);
    expect((await changes(draft.id)).map((c) => `${c.event}:${c.reason}`)).toEqual(['submitForApproval:', 'reject:折扣过大', 'submitForApproval:', 'approve:老客户']);
  });

  it('a deal below the floor is never confirmed without an approval record, whoever moves it', async () => {
    const { order } = await setUp();
    const draft = await add(order({ dealPrice: '30000' }));
    const actor = { companyId: app.companyId, userId: app.adminId };
    await expect(app.db.transaction().execute((trx) => moveOrder(trx, actor, draft.id, 'confirm'))).rejects.toThrow(OrderText.needsApproval);
    const fair = await add(order({ dealPrice: '36000' }));
    await expect(app.db.transaction().execute((trx) => moveOrder(trx, actor, fair.id, 'submitForApproval'))).rejects.toThrow(OrderText.noApprovalNeeded);
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', approved_by: null, approved_at: null });
    expect(await changes(draft.id)).toEqual([]);
  });

  it('a room hold converts through createOrder with its deposit, which becomes the plan\'s 定金', async () => {
    const { order } = await setUp();
    const s = await session();
    const { id, orderNo } = await app.db.transaction().execute((trx) => createOrder(trx, s, { ...order(), dealPrice: '38000', depositApplied: '5000', remark: '' }));
    expect(orderNo).toBeTruthy();
    await resultOf(post(R.submit, { id }));
    const lines = await plan(id);
    expect(lines.map((l) => [l.item, l.amount, l.due_before_check_in])).toEqual(
      expect.arrayContaining([['deposit', '5000.00', true], ['first_payment', '16500.00', true], ['final_payment', '16500.00', false]]),
    );
    expect(lines).toHaveLength(3);
  });

  it('changeOrderTerms adds days, changes the deal by a delta and takes another product version, on confirmed orders only', async () => {
    const { order, product } = await setUp();
    const draft = await add(order());
    const actor = { companyId: app.companyId, userId: app.adminId };
    await expect(app.db.transaction().execute((trx) => changeOrderTerms(trx, actor, draft.id, { addDays: 7 }))).rejects.toThrow(OrderText.notChangeable('草稿'));
    await resultOf(post(R.submit, { id: draft.id }));
    const v2 = await resultOf(post<Product>('/online/product/edit', { ...(await resultOf(post<Product>('/online/product/queryById', { id: product.id }))), name: '升级套餐' }));
    await app.db.transaction().execute((trx) => changeOrderTerms(trx, actor, draft.id, { addDays: 7, dealPriceDelta: '9500.50', productVersionId: v2.currentVersionId! }));
    const row = await stored(draft.id);
    // With a new product the reference moves with the deal (39800 × 47500.50 ÷ 38000), so the order keeps its own discount ratio.
    expect(row).toMatchObject({ days: 35, planned_check_out: '2027-01-14', deal_price: '47500.50', reference_price: '49750.52', discount: '2250.02', product_version_id: v2.currentVersionId, version: 3 });
    expect((row.product_snapshot as { name: string }).name).toBe('升级套餐');
    await expect(app.db.transaction().execute((trx) => changeOrderTerms(trx, actor, draft.id, { dealPriceDelta: '-50000' }))).rejects.toThrow(OrderText.negativeDeal);
    await expect(app.db.transaction().execute((trx) => changeOrderTerms(trx, actor, draft.id, { addDays: -35 }))).rejects.toThrow(OrderText.badDays);
    await expect(app.db.transaction().execute((trx) => changeOrderTerms(trx, actor, MISSING_ID, { addDays: 1 }))).rejects.toThrow(ErrorText.notFound);
    expect(await stored(draft.id)).toMatchObject({ days: 35, deal_price: '47500.50', version: 3 });
  });

  it('lists with filters by store, status, consultant, customer, created and check-in periods; exports them; ordersOfCustomer for 客户360', async () => {
    const { ns, ft, nsCustomer, order, ftOrder } = await setUp();
    const a = await add(order({ plannedCheckIn: '2026-06-01' }));
    const b = await add(order({ plannedCheckIn: '2026-08-01', dealPrice: '30000' }));
    const c = await add(ftOrder({ plannedCheckIn: '2026-06-15' }));
    await resultOf(post(R.submit, { id: b.id }));
    const ids = async (q: Record<string, unknown>) => (await resultOf(post<PageResult<Order>>(R.list, { pageSize: 100, productId: order().productId, ...q }))).records.map((r) => r.id).sort();
    expect(await ids({})).toEqual([a.id, b.id, c.id].sort());
    expect(await ids({ storeId: ns.id })).toEqual([a.id, b.id].sort());
    expect(await ids({ storeId: ft.id })).toEqual([c.id]);
    expect(await ids({ status: 'pending_audit' })).toEqual([b.id]);
    expect(await ids({ customerId: nsCustomer.id })).toEqual([a.id, b.id].sort());
    expect(await ids({ consultantId: nsCustomer.ownerId })).toContain(a.id);
    expect(await ids({ checkInFrom: '2026-06-01', checkInTo: '2026-06-30' })).toEqual([a.id, c.id].sort());
    const today = new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10);
    expect(await ids({ createdFrom: today, createdTo: today })).toHaveLength(3);
    expect(await ids({ createdTo: '2020-01-01' })).toEqual([]);
    expect((await post(R.list, { checkInFrom: '2026-13-01' })).body.message).toContain('入住开始日期不正确');
    expect((await post(R.list, { status: 'nope' })).body.code).not.toBe('0');
    const sheet = await exportXlsx(app.t, R.exportXls, { productId: order().productId, storeId: ns.id }, app.admin);
    expect(sheet.rows[0]).toEqual(expect.arrayContaining(['订单编号', '客户', '门店', '成交价', '订单状态']));
    expect(sheet.rows.slice(1).map((r) => r[0]).sort()).toEqual([a.orderNo, b.orderNo].sort());
    expect(sheet.rows.slice(1).map((r) => r[15])).toContain('待审核');
    const s = await session();
    expect((await ordersOfCustomer(app.db, s, nsCustomer.id)).map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
    expect((await resultOf(post<PageResult<Order>>(R.ofCustomer, { customerId: nsCustomer.id }))).records.map((o) => o.id).sort()).toEqual([a.id, b.id].sort());
  });

  it('answers a list page, the names of what each order references and the capped count in one statement', async () => {
    const { ns, product, nsCustomer, order } = await setUp();
    const placed = await add(order({ plannedCheckIn: '2026-07-01' }));
    const s = await session();
    await listOrders(app.db, s, { pageNo: 1, pageSize: 20, productId: product.id }); // the caller's data rules are loaded once and kept
    let statements = 0;
    // A nested builder passes transformQuery too: the executed statements are counted by their results.
    const counted = app.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => (statements++, args.result) });
    const page = await listOrders(counted, s, { pageNo: 1, pageSize: 20, productId: product.id, checkInFrom: '2026-07-01', checkInTo: '2026-07-01' });
    expect(statements).toBe(1);
    expect(page).toMatchObject({ total: 1, capped: false });
    const consultant = await app.db.selectFrom('app_user').select(['first_name', 'username']).where('id', '=', nsCustomer.ownerId!).executeTakeFirstOrThrow();
    expect(page.rows).toEqual([
      expect.objectContaining({
        id: placed.id, customerName: nsCustomer.name, storeName: ns.name, productName: product.name, roomTypeName: '订单豪华房', consultantName: consultant.first_name || consultant.username, channelName: null,
      }),
    ]);
    // Past the first page the page's ids are picked first: the same statement count, the same names.
    const newer = await add(order({ plannedCheckIn: '2026-07-02' }));
    statements = 0;
    const second = await listOrders(counted, s, { pageNo: 2, pageSize: 1, productId: product.id });
    expect(statements).toBe(1);
    expect(second).toMatchObject({ total: 2, capped: false });
    expect(second.rows.map((r) => [r.id, r.customerName, r.storeName, r.productName])).toEqual([[placed.id, nsCustomer.name, ns.name, product.name]]);
    expect((await listOrders(app.db, s, { pageNo: 1, pageSize: 1, productId: product.id })).rows.map((r) => r.id)).toEqual([newer.id]);
    expect(await listOrders(app.db, s, { pageNo: 3, pageSize: 1, productId: product.id })).toMatchObject({ rows: [], total: 2 });
  });

  it('answers 403 to a user without the action on every route', async () => {
    const { order } = await setUp();
    const draft = await add(order());
    const { token } = await signedInUser(app.t, 'od_nobody', {});
    const calls: RouteCall<typeof R>[] = [
      ['list', Permission.orderList, {}],
      ['queryById', Permission.orderList, { id: draft.id }],
      ['add', Permission.orderAdd, order()],
      ['edit', Permission.orderEdit, { ...order(), id: draft.id, version: 1 }],
      ['exportXls', Permission.orderExport, {}],
      ['submit', Permission.orderSubmit, { id: draft.id }],
      ['approve', Permission.orderApprove, { id: draft.id }],
      ['reject', Permission.orderApprove, { id: draft.id, remark: '不' }],
      ['quote', Permission.orderList, { productId: order().productId, storeId: order().storeId, days: 28, plannedCheckIn: '2026-12-10' }],
      ['detail', Permission.orderList, { id: draft.id }],
      ['ofCustomer', Permission.orderList, { customerId: order().customerId }],
    ];
    await expectEachForbidden(app.t, R, calls, token);
    // Listing does not let one submit or approve.
    const viewer = await signedInUser(app.t, 'od_viewer', { actions: [Permission.orderList] });
    await expectEachForbidden(app.t, R, calls.filter(([name]) => ['add', 'edit', 'submit', 'approve', 'reject', 'exportXls'].includes(name)), viewer.token);
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', version: 1 });
  });

  it("keeps a 店长 to her store's orders: list, export, by id, edit, submit, approve, detail; she cannot place one in another store", async () => {
    const { ns, nsCustomer, order, ftOrder } = await setUp();
    const own = await add(order({ dealPrice: '30000' }));
    const theirs = await add(ftOrder({ dealPrice: '30000' }));
    const manager = await signedInUser(app.t, 'od_manager', { actions: ORDER_ACTIONS, paths: ['/trade/order'] });
    const token = manager.token;
    // She works in 南山店 and owns its customer (the customer rules let a user see her own customers).
    await app.db.insertInto('user_store').values({ user_id: manager.userId, store_id: ns.id }).execute();
    await app.db.updateTable('customer').set({ owner_id: manager.userId }).where('id', '=', nsCustomer.id).execute();
    await withDataRule(app.t, app.admin, '/trade/order', { resource: 'order', name: '本门店的订单', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' }, async () => {
      const listed = (await resultOf(post<PageResult<Order>>(R.list, { pageSize: 100, productId: order().productId }, token))).records.map((r) => r.id);
      expect(listed).toEqual([own.id]);
      const sheet = await exportXlsx(app.t, R.exportXls, { productId: order().productId }, token);
      expect(sheet.rows.slice(1).map((r) => r[0])).toEqual([own.orderNo]);
      for (const [name, body] of [
        ['queryById', { id: theirs.id }],
        ['detail', { id: theirs.id }],
        ['edit', { ...ftOrder(), id: theirs.id, version: 1 }],
        ['submit', { id: theirs.id }],
        ['approve', { id: theirs.id }],
        ['reject', { id: theirs.id, remark: '不行' }],
      ] as const) {
        expect((await post(R[name], body, token)).status, name).toBe(404);
      }
      // Her customer ordered into 福田店: refused, nothing written.
      const intoOther = { ...ftOrder(), customerId: nsCustomer.id };
      expect((await post(R.add, intoOther, token)).body).toMatchObject({ code: '101', message: OrderText.outOfScope });
      expect((await post(R.edit, { ...intoOther, id: own.id, version: 1 }, token)).body).toMatchObject({ code: '101', message: OrderText.outOfScope });
      expect((await post(R.edit, { ...order({ dealPrice: '30000' }), id: own.id, version: 1 }, token)).body.code).toBe('0');
      await resultOf(post(R.submit, { id: own.id }, token));
      await resultOf(post(R.approve, { id: own.id }, token));
    });
    expect(await stored(theirs.id)).toMatchObject({ status: 'draft', version: 1 });
    expect(await stored(own.id)).toMatchObject({ status: 'confirmed', store_id: ns.id, approved_by: manager.userId });
    expect(await app.db.selectFrom('sales_order').select('id').where('product_id', '=', order().productId).execute()).toHaveLength(2);
  });

  it('200 concurrent adds get 200 distinct numbers; 200 concurrent submits and approvals confirm each order once with one plan', async () => {
    const { order } = await setUp();
    const added = await Promise.all(Array.from({ length: 200 }, (_, i) => post<Order>(R.add, order({ dealPrice: i % 2 ? '30000' : '38000' }))));
    expect(added.every((r) => r.body.code === '0')).toBe(true);
    const rows = await app.db.selectFrom('sales_order').select(['id', 'order_no']).where('product_id', '=', order().productId).execute();
    expect(rows).toHaveLength(200);
    expect(new Set(rows.map((r) => r.order_no)).size).toBe(200);
    // Four orders, each submitted 50 times at once: one move each.
    const four = added.slice(0, 4).map((r) => r.body.result);
    const submits = await Promise.all(four.flatMap((o) => Array.from({ length: 50 }, () => post(R.submit, { id: o.id }))));
    expect(submits.filter((r) => r.body.code === '0')).toHaveLength(4);
    // The two below the floor, each approved 100 times at once.
    const pending = four.filter((o) => o.dealPrice === '30000.00');
    const approvals = await Promise.all(pending.flatMap((o) => Array.from({ length: 100 }, () => post(R.approve, { id: o.id }))));
    expect(approvals.filter((r) => r.body.code === '0')).toHaveLength(2);
    for (const o of four) {
      expect(await stored(o.id)).toMatchObject({ status: 'confirmed' });
      expect(await plan(o.id)).toHaveLength(2);
      expect((await changes(o.id)).filter((c) => c.to_state === 'confirmed')).toHaveLength(1);
    }
  });
});
