import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorText, Permission, roomHoldContract, type Customer, type PageResult, type RoomHold } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { holdsOfCustomer } from './room-hold.service.js';

const R = { ...Object.fromEntries(Object.entries(roomHoldContract).map(([name, c]) => [name, c.path])), exportXls: '/online/roomHold/exportXls' } as Record<keyof typeof roomHoldContract | 'exportXls', string>;
const DAY = 86_400_000;
// A Shanghai calendar date `days` from now.
const dateIn = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
const ALL_ACTIONS = Object.values(Permission).filter((a) => a.startsWith('crm:roomHold:'));

describe('订房预约 room holds', () => {
  const app = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(app.db));
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  let phone = 13600000000;
  let week = 0;

  const storeId = async (code: 'NS' | 'FT') => (await app.db.selectFrom('store').select('id').where('company_id', '=', app.companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
  const addCustomer = async (store: string) => resultOf(post<Customer>('/online/customer/add', { name: '郑欣然', phone: String(++phone), storeId: store }));
  /** A store's package priced for a room type (the demo's 财务定价) and two of its free rooms. */
  const priced = async (code: 'NS' | 'FT') => {
    const store = await storeId(code);
    // product and finance_price are kit tables (no Kysely types).
    const { rows } = await sql<{ product_id: string; room_type_id: string; days: number; reference_price: string }>`
      select fp.product_id, fp.room_type_id, fp.days, fp.reference_price from finance_price fp join product p on p.id = fp.product_id
      where fp.company_id = ${app.companyId} and fp.store_id = ${store} and fp.room_type_id is not null and p.code like 'PKG-%' order by p.code limit 1`.execute(app.db);
    const price = rows[0]!;
    const rooms = await app.db.selectFrom('room').select(['id', 'room_no']).where('room_type_id', '=', price.room_type_id).where('status', '=', 'free').orderBy('room_no').execute();
    return { store, productId: price.product_id, roomTypeId: price.room_type_id, days: price.days, referencePrice: price.reference_price, rooms };
  };
  // Each hold of a test takes its own weeks of the calendar, so rooms never clash by accident.
  const nextCheckIn = () => dateIn(40 + 30 * ++week);
  const add = (body: Record<string, unknown>, token = app.admin) => post<RoomHold>(R.add, body, token);
  const stays = (holdId: string) => app.db.selectFrom('room_stay').select(['room_id', 'order_id', 'status', 'start_date', 'end_date']).where('reservation_id', '=', holdId).execute();
  const stored = (id: string) => app.db.selectFrom('reservation').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const deposit = { depositAmount: '5000', depositMethod: 'wechat', depositPaidAt: `${dateIn(0)} 09:30`, depositPayer: '郑欣然' };

  it('holds a room type (待排房) with a deposit recorded as a payment, then 排房 holds the room on the board', async () => {
    const ns = await priced('NS');
    const customer = await addCustomer(ns.store);
    const checkIn = nextCheckIn();
    const res = await add({ customerId: customer.id, storeId: ns.store, roomTypeId: ns.roomTypeId, plannedCheckIn: checkIn, days: 28, ...deposit, remark: '想要朝南' });
    expect(res.body).toMatchObject({ code: '0', message: '订房预约成功！' });
    const hold = res.body.result;
    expect(hold).toMatchObject({
      status: 'pending', customerId: customer.id, customerName: '郑欣然', storeId: ns.store, storeName: '南山店', plannedCheckIn: checkIn, days: 28,
      roomTypeId: ns.roomTypeId, roomId: null, depositAmount: '5000.00', orderId: null, remark: '想要朝南', version: 1,
    });
    expect(hold.reservationNo).toMatch(/^YY\d{8}\d{4}$/);
    const payment = await app.db.selectFrom('payment').selectAll().where('id', '=', hold.depositPaymentId!).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ reservation_id: hold.id, customer_id: customer.id, store_id: ns.store, order_id: null, amount: '5000.00', unapplied: '5000.00', method: 'wechat', status: 'pending_audit', payer: '郑欣然' });
    expect(await stays(hold.id)).toEqual([]);

    const room = ns.rooms[0]!;
    expect((await post(R.assign, { id: hold.id, version: hold.version + 1, roomId: room.id })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await post(R.assign, { id: MISSING_ID, version: 1, roomId: room.id })).body.code).toBe('404');
    const assigned = await post<RoomHold>(R.assign, { id: hold.id, version: hold.version, roomId: room.id });
    expect(assigned.body).toMatchObject({ code: '0', message: '排房成功', result: { status: 'booked', roomId: room.id, roomNo: room.room_no, version: 2 } });
    expect(await stays(hold.id)).toEqual([{ room_id: room.id, order_id: null, status: 'held', start_date: checkIn, end_date: dateIn(40 + 30 * week + 28) }]);
    expect((await post(R.assign, { id: hold.id, version: 2, roomId: ns.rooms[1]!.id })).body).toMatchObject({ code: '101', message: '订房预约当前状态为「已预订」，不能排房' });
    const moves = await app.db.selectFrom('state_change').select(['event', 'from_state', 'to_state']).where('record_id', '=', hold.id).execute();
    expect(moves).toEqual([{ event: 'assign', from_state: 'pending', to_state: 'booked' }]);

    // Read back by id, listed with the filters, and on the customer's 360 page.
    expect(await resultOf(post<RoomHold>(R.queryById, { id: hold.id }))).toMatchObject({ id: hold.id, status: 'booked' });
    const page = await resultOf(post<PageResult<RoomHold>>(R.list, { customerPhone: customer.phone, status: 'booked', storeId: ns.store, checkInFrom: checkIn, checkInTo: checkIn }));
    expect(page.records.map((r) => r.id)).toEqual([hold.id]);
    expect((await resultOf(post<PageResult<RoomHold>>(R.list, { customerPhone: customer.phone, status: 'pending' }))).total).toBe(0);
    const session = { sessionId: 'test', userId: app.adminId, username: 'admin', companyId: app.companyId, departmentId: null };
    expect((await holdsOfCustomer(app.db, session, customer.id)).map((h) => h.id)).toEqual([hold.id]);
    // Visits' routes neither list nor move a hold.
    expect((await post('/online/reservation/cancel', { id: hold.id, version: 2 })).body.code).toBe('404');
    expect((await post('/online/reservation/queryById', { id: hold.id })).body.code).toBe('404');
  });

  it('a room held directly is 已预订; a second hold of its nights is refused naming the holder, with nothing written', async () => {
    const ns = await priced('NS');
    const [first, second] = [await addCustomer(ns.store), await addCustomer(ns.store)];
    const checkIn = nextCheckIn();
    const room = ns.rooms[0]!;
    const hold = await resultOf(add({ customerId: first.id, storeId: ns.store, roomId: room.id, plannedCheckIn: checkIn, days: 10 }));
    expect(hold).toMatchObject({ status: 'booked', roomId: room.id, roomTypeId: ns.roomTypeId, depositAmount: '0.00', depositPaymentId: null });
    expect((await stays(hold.id)).map((s) => s.status)).toEqual(['held']);

    const clash = await add({ customerId: second.id, storeId: ns.store, roomId: room.id, plannedCheckIn: dateIn(40 + 30 * week + 9), days: 5, ...deposit });
    expect(clash.body).toMatchObject({ code: '101', message: `该房间在所选日期已被「${hold.reservationNo}」占用` });
    expect(await app.db.selectFrom('reservation').select('id').where('customer_id', '=', second.id).execute()).toEqual([]);
    expect(await app.db.selectFrom('payment').select('id').where('customer_id', '=', second.id).execute()).toEqual([]);
    // The night after the first hold's last is free.
    await resultOf(add({ customerId: second.id, storeId: ns.store, roomId: room.id, plannedCheckIn: dateIn(40 + 30 * week + 10), days: 5 }));
    // 排房 into taken nights is refused the same way and leaves the hold 待排房.
    const waiting = await resultOf(add({ customerId: second.id, storeId: ns.store, roomTypeId: ns.roomTypeId, plannedCheckIn: checkIn, days: 3 }));
    expect((await post(R.assign, { id: waiting.id, version: 1, roomId: room.id })).body).toMatchObject({ code: '101', message: `该房间在所选日期已被「${hold.reservationNo}」占用` });
    expect(await stored(waiting.id)).toMatchObject({ status: 'pending', room_id: null, version: 1 });
  });

  it('refuses what the form and the rooms do not allow', async () => {
    const ns = await priced('NS');
    const ft = await priced('FT');
    const customer = await addCustomer(ns.store);
    const base = { customerId: customer.id, storeId: ns.store, roomTypeId: ns.roomTypeId, plannedCheckIn: nextCheckIn(), days: 28 };
    const refusal = async (body: Record<string, unknown>) => (await add({ ...base, ...body })).body;
    expect((await refusal({ roomTypeId: null })).message).toContain('请选择房型或房间');
    expect((await refusal({ depositAmount: '100' })).message).toContain('请选择定金支付方式!');
    expect((await refusal({ depositAmount: '100', depositMethod: 'cash' })).message).toContain('请选择定金支付时间!');
    expect((await refusal({ depositAmount: '1.234' })).message).toContain('定金必须是最多两位小数的金额');
    expect((await refusal({ days: 0 })).message).toContain('入住天数必须是1到365之间的整数');
    expect(await refusal({ plannedCheckIn: dateIn(-1) })).toMatchObject({ code: '101', message: '预计入住日期不能早于今天' });
    expect(await refusal({ storeId: MISSING_ID })).toMatchObject({ code: '101', message: '门店不存在或已停用' });
    expect(await refusal({ roomTypeId: ft.roomTypeId })).toMatchObject({ code: '101', message: '所选房型不属于所选门店或已停用' });
    expect(await refusal({ roomTypeId: null, roomId: ft.rooms[0]!.id })).toMatchObject({ code: '101', message: '所选房间不属于所选门店' });
    const otherType = await app.db.selectFrom('room').select('id').where('store_id', '=', ns.store).where('room_type_id', '!=', ns.roomTypeId).executeTakeFirstOrThrow();
    expect(await refusal({ roomId: otherType.id })).toMatchObject({ code: '101', message: '所选房间不是所选房型' });
    const repair = ns.rooms[1]!;
    await app.db.updateTable('room').set({ status: 'repair' }).where('id', '=', repair.id).execute();
    expect(await refusal({ roomId: repair.id })).toMatchObject({ code: '101', message: `房间「${repair.room_no}」当前为「维修」，不能预订` });
    await app.db.updateTable('room').set({ status: 'free' }).where('id', '=', repair.id).execute();
    expect((await refusal({ customerId: MISSING_ID })).code).toBe('404');
    expect(await app.db.selectFrom('reservation').select('id').where('customer_id', '=', customer.id).execute()).toEqual([]);
  });

  it('转订单 places the order, moves the deposit and the held room onto it, in one transaction', async () => {
    const ns = await priced('NS');
    const customer = await addCustomer(ns.store);
    const checkIn = nextCheckIn();
    const hold = await resultOf(add({ customerId: customer.id, storeId: ns.store, roomId: ns.rooms[0]!.id, plannedCheckIn: checkIn, days: ns.days, ...deposit }));
    const order = { id: hold.id, version: hold.version, productId: ns.productId, dealPrice: ns.referencePrice, remark: '转自订房' };
    expect((await post(R.convert, { ...order, version: hold.version + 1 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    // A failing order (a product not sold in the store) leaves the hold, its deposit and its room as they were.
    const ftProduct = await resultOf(post<{ id: string }>('/online/product/add', { code: `RH-FT-${week}`, name: '福田专享套餐', kind: 'confinement_package', storeIds: [await storeId('FT')], days: 28, listPrice: '40000' }));
    expect((await post(R.convert, { ...order, productId: ftProduct.id })).body).toMatchObject({ code: '101', message: '该产品不在所选门店销售' });
    expect(await stored(hold.id)).toMatchObject({ status: 'booked', order_id: null, version: 1 });

    const res = await post<{ hold: RoomHold; orderId: string; orderNo: string }>(R.convert, order);
    expect(res.body).toMatchObject({ code: '0', message: '已转为订单', result: { hold: { status: 'converted', version: 2 } } });
    const { orderId, orderNo } = res.body.result;
    expect(res.body.result.hold.orderId).toBe(orderId);
    expect(res.body.result.hold.closedAt).not.toBeNull();
    const placed = await app.db.selectFrom('sales_order').selectAll().where('id', '=', orderId).executeTakeFirstOrThrow();
    expect(placed).toMatchObject({
      order_no: orderNo, reservation_id: hold.id, customer_id: customer.id, store_id: ns.store, product_id: ns.productId, room_type_id: ns.roomTypeId,
      days: ns.days, planned_check_in: checkIn, deal_price: ns.referencePrice, deposit_applied: '5000.00', status: 'draft', remark: '转自订房',
    });
    expect(await app.db.selectFrom('payment').select(['order_id', 'reservation_id']).where('id', '=', hold.depositPaymentId!).executeTakeFirstOrThrow()).toEqual({ order_id: orderId, reservation_id: hold.id });
    expect(await stays(hold.id)).toMatchObject([{ room_id: ns.rooms[0]!.id, order_id: orderId, status: 'booked' }]);
    expect((await post(R.cancel, { id: hold.id, version: 2, reason: '客户改期' })).body).toMatchObject({ code: '101', message: '订房预约当前状态为「已转订单」，不能取消' });
    expect((await post(R.convert, { ...order, version: 2 })).body).toMatchObject({ code: '101', message: '订房预约当前状态为「已转订单」，不能转订单' });

    // Submitted, the order's plan has its 定金 paid by the hold's deposit: counted once finance audits it.
    expect((await post('/online/order/submit', { id: orderId })).body.code).toBe('0');
    const depositLine = () =>
      app.db.selectFrom('receivable').select(['amount', 'received', 'status']).where('order_id', '=', orderId).where('item', '=', 'deposit').executeTakeFirstOrThrow();
    expect(await depositLine()).toEqual({ amount: '5000.00', received: '0.00', status: 'unpaid' });
    expect(await app.db.selectFrom('payment').select('unapplied').where('id', '=', hold.depositPaymentId!).executeTakeFirstOrThrow()).toEqual({ unapplied: '0.00' });
    const { version } = await app.db.selectFrom('payment').select('version').where('id', '=', hold.depositPaymentId!).executeTakeFirstOrThrow();
    expect((await post('/online/payment/audit', { id: hold.depositPaymentId, version })).body).toMatchObject({ code: '0' });
    expect(await depositLine()).toEqual({ amount: '5000.00', received: '5000.00', status: 'paid' });
  });

  it('取消 releases the held room and turns a deposit into a refund change order; a hold without a deposit has none', async () => {
    const ns = await priced('NS');
    const customer = await addCustomer(ns.store);
    const checkIn = nextCheckIn();
    const hold = await resultOf(add({ customerId: customer.id, storeId: ns.store, roomId: ns.rooms[0]!.id, plannedCheckIn: checkIn, days: 14, ...deposit }));
    expect((await post(R.cancel, { id: hold.id, version: 1, reason: '' })).body.message).toContain('请输入取消原因!');
    expect((await post(R.cancel, { id: hold.id, version: 2, reason: '客户改期' })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const res = await post<RoomHold>(R.cancel, { id: hold.id, version: 1, reason: '客户改期' });
    expect(res.body).toMatchObject({ code: '0', message: '订房预约已取消', result: { status: 'cancelled', cancelReason: '客户改期', version: 2 } });
    expect((await stays(hold.id)).map((s) => s.status)).toEqual(['cancelled']);
    const refunds = await app.db.selectFrom('change_order').select(['kind', 'amount_delta', 'status', 'customer_id', 'store_id', 'reason']).where('reservation_id', '=', hold.id).execute();
    expect(refunds).toEqual([{ kind: 'refund', amount_delta: '-5000.00', status: 'pending_audit', customer_id: customer.id, store_id: ns.store, reason: '客户改期' }]);
    // The room is free again for those nights.
    await resultOf(add({ customerId: customer.id, storeId: ns.store, roomId: ns.rooms[0]!.id, plannedCheckIn: checkIn, days: 14 }));
    expect((await post(R.cancel, { id: hold.id, version: 2, reason: '再取消' })).body).toMatchObject({ code: '101', message: '订房预约当前状态为「已取消」，不能取消' });
    expect((await post(R.assign, { id: hold.id, version: 2, roomId: ns.rooms[1]!.id })).body).toMatchObject({ code: '101', message: '订房预约当前状态为「已取消」，不能排房' });

    const plain = await resultOf(add({ customerId: customer.id, storeId: ns.store, roomTypeId: ns.roomTypeId, plannedCheckIn: checkIn, days: 3 }));
    await resultOf(post(R.cancel, { id: plain.id, version: 1, reason: '不需要了' }));
    expect(await app.db.selectFrom('change_order').select('id').where('reservation_id', '=', plain.id).execute()).toEqual([]);
  });

  it('answers 403 without the action', async () => {
    const { token } = await signedInUser(app.t, 'rh_nobody', { paths: ['/crm/reservation'] });
    const body = { id: MISSING_ID, version: 1 };
    const calls: RouteCall<typeof R>[] = [
      ['list', Permission.roomHoldList, {}],
      ['queryById', Permission.roomHoldList, { id: MISSING_ID }],
      ['add', Permission.roomHoldAdd, {}],
      ['assign', Permission.roomHoldAssign, { ...body, roomId: MISSING_ID }],
      ['convert', Permission.roomHoldConvert, body],
      ['cancel', Permission.roomHoldCancel, { ...body, reason: '不要了' }],
      ['exportXls', Permission.roomHoldExport, {}],
    ];
    await expectEachForbidden(app.t, R, calls, token);
  });

  it('a 店长 limited to her store neither sees nor acts on another store’s holds, by list, export or id', async () => {
    const [ns, ft] = [await priced('NS'), await priced('FT')];
    const checkIn = nextCheckIn();
    const theirs = await resultOf(add({ customerId: (await addCustomer(ns.store)).id, storeId: ns.store, roomId: ns.rooms[0]!.id, plannedCheckIn: checkIn, days: 7, ...deposit }));
    const ftCustomer = await addCustomer(ft.store);
    const own = await resultOf(add({ customerId: ftCustomer.id, storeId: ft.store, roomTypeId: ft.roomTypeId, plannedCheckIn: checkIn, days: 7 }));
    // A 店长 as the demo makes her: the 门店范围预约 button, whose seeded rule is 门店 in 本人门店, and 福田店 as her store.
    const manager = await signedInUser(app.t, 'rh_ft_manager', { actions: [...ALL_ACTIONS, Permission.reservationStoreScope, Permission.customerStoreScope], paths: ['/crm/reservation', '/crm/customer'] });
    await app.db.insertInto('user_store').values({ user_id: manager.userId, store_id: ft.store }).execute();
    const token = manager.token;
    {
      const page = await resultOf(post<PageResult<RoomHold>>(R.list, { pageSize: 500 }, token));
      expect(page.records.map((r) => r.storeId).every((s) => s === ft.store)).toBe(true);
      expect(page.records.map((r) => r.id)).toContain(own.id);
      const exported = await exportXlsx(app.t, R.exportXls, {}, token);
      expect(exported.rows[0]).toEqual(['预约编号', '客户', '手机号', '门店', '预计入住日期', '入住天数', '房型', '房间', '定金', '状态', '顾问', '取消原因', '结束时间', '备注', '创建时间']);
      expect(exported.rows.slice(1).map((r) => r[3]).every((s) => s === '福田店')).toBe(true);
      expect(exported.rows.slice(1).map((r) => r[0])).toContain(own.reservationNo);
      expect((await post(R.queryById, { id: theirs.id }, token)).body.code).toBe('404');
      expect((await post(R.assign, { id: theirs.id, version: 1, roomId: ns.rooms[1]!.id }, token)).body.code).toBe('404');
      expect((await post(R.convert, { id: theirs.id, version: 1, productId: ns.productId, dealPrice: ns.referencePrice }, token)).body.code).toBe('404');
      expect((await post(R.cancel, { id: theirs.id, version: 1, reason: '越权' }, token)).body.code).toBe('404');
      const session = { sessionId: 'test', userId: manager.userId, username: 'rh_ft_manager', companyId: app.companyId, departmentId: null };
      expect(await holdsOfCustomer(app.db, session, theirs.customerId!)).toEqual([]);
      // A hold she books must be one she may see.
      expect((await add({ customerId: ftCustomer.id, storeId: ns.store, roomTypeId: ns.roomTypeId, plannedCheckIn: checkIn, days: 7 }, token)).body).toMatchObject({
        code: '101', message: '所选门店不在您的数据权限范围内',
      });
      await resultOf(post(R.cancel, { id: own.id, version: 1, reason: '客户放弃' }, token));
    }
    expect(await stored(theirs.id)).toMatchObject({ status: 'booked', version: 1 });
    expect((await stays(theirs.id)).map((s) => s.status)).toEqual(['held']);
  });

  it('200 concurrent holds of the same room and nights: exactly one wins, the others are refused naming it', async () => {
    const ns = await priced('NS');
    const customer = await addCustomer(ns.store);
    const checkIn = nextCheckIn();
    const room = ns.rooms[1]!;
    // Five check-in days a day apart, seven nights each: every pair of them overlaps.
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => add({ customerId: customer.id, storeId: ns.store, roomId: room.id, plannedCheckIn: addDays(checkIn, i % 5), days: 7, ...deposit })),
    );
    const won = results.filter((r) => r.body.code === '0');
    expect(won).toHaveLength(1);
    const winner = won[0]!.body.result;
    for (const r of results.filter((x) => x.body.code !== '0')) expect(r.body).toMatchObject({ code: '101', message: `该房间在所选日期已被「${winner.reservationNo}」占用` });
    const held = await app.db.selectFrom('room_stay').select(['reservation_id', 'status']).where('room_id', '=', room.id).where('status', 'in', ['held', 'booked', 'in_house']).execute();
    expect(held).toEqual([{ reservation_id: winner.id, status: 'held' }]);
    expect((await app.db.selectFrom('reservation').select('id').where('customer_id', '=', customer.id).execute()).map((r) => r.id)).toEqual([winner.id]);
    expect((await app.db.selectFrom('payment').select('reservation_id').where('customer_id', '=', customer.id).execute()).map((p) => p.reservation_id)).toEqual([winner.id]);
  });

  it('200 concurrent 转订单 and 取消 of one hold: exactly one move happens', async () => {
    const ns = await priced('NS');
    const customer = await addCustomer(ns.store);
    const hold = await resultOf(add({ customerId: customer.id, storeId: ns.store, roomId: ns.rooms[0]!.id, plannedCheckIn: nextCheckIn(), days: ns.days, ...deposit }));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        i % 2 ? post(R.convert, { id: hold.id, version: 1, productId: ns.productId, dealPrice: ns.referencePrice }) : post(R.cancel, { id: hold.id, version: 1, reason: '并发取消' }),
      ),
    );
    expect(results.filter((r) => r.body.code === '0')).toHaveLength(1);
    for (const r of results.filter((x) => x.body.code !== '0')) expect(r.body.code).toBe('101');
    const after = await stored(hold.id);
    expect(after.version).toBe(2);
    const orders = await app.db.selectFrom('sales_order').select('id').where('reservation_id', '=', hold.id).execute();
    const refunds = await app.db.selectFrom('change_order').select('id').where('reservation_id', '=', hold.id).execute();
    if (after.status === 'converted') {
      expect([orders.length, refunds.length]).toEqual([1, 0]);
      expect((await stays(hold.id)).map((s) => s.status)).toEqual(['booked']);
    } else {
      expect(after.status).toBe('cancelled');
      expect([orders.length, refunds.length]).toEqual([0, 1]);
      expect((await stays(hold.id)).map((s) => s.status)).toEqual(['cancelled']);
    }
  });
});
