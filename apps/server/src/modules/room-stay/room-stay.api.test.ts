import { describe, expect, it } from 'vitest';
import { addDays, ErrorText, formatDateTime, Permission, roomStayContract as c, type PageResult, type RoomStay } from '@care/shared';
import { createReceivables } from '../receivable/receivable.service.js';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { listStays, roomStayCrud } from './room-stay.actions.js';
import { orderFor, storeWithRooms, type StoreWorld } from './room-stay.test-data.js';

const today = () => formatDateTime(new Date(), 'YYYY-MM-DD');

describe('住房安排: 排房, 入住, 退房, 结账', () => {
  const ctx = useAdminApp();
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const actor = () => ({ companyId: ctx.companyId, userId: ctx.adminId });
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const ok = <T = RoomStay>(url: string, body: Record<string, unknown>, token = ctx.admin) => resultOf(post<T>(url, body, token));
  const refusal = async (url: string, body: Record<string, unknown>, token = ctx.admin) => (await post(url, body, token)).body.message;
  const statusOf = async (table: 'customer' | 'sales_order' | 'room' | 'room_stay', id: string) => (await ctx.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  /** Money of the order: `beforeCheckIn` due before check-in, `rest` after; `paid` received on each. The deal price is the plan's (docs/ledger.md). */
  const plan = (s: StoreWorld, o: { orderId: string; customerId: string }, beforeCheckIn: string, rest: string) =>
    ctx.db.transaction().execute(async (trx) => {
      await trx.updateTable('sales_order').set({ deal_price: (Number(beforeCheckIn) + Number(rest)).toFixed(2) }).where('id', '=', o.orderId).execute();
      return createReceivables(trx, actor(), { id: o.orderId, customerId: o.customerId, storeId: s.storeId }, [
        { item: '首付款', dueDate: today(), amount: beforeCheckIn, dueBeforeCheckIn: true },
        { item: '尾款', dueDate: addDays(today(), 20), amount: rest },
      ]);
    });
  const pay = (orderId: string) => ctx.db.updateTable('receivable').set((eb) => ({ received: eb.ref('amount'), status: 'paid' })).where('order_id', '=', orderId).execute();

  /** A store whose order checks in today for 28 nights, assigned to room 101. */
  async function assigned(roomNos = ['101', '102']) {
    const s = await storeWithRooms(world(), roomNos);
    const o = await orderFor(world(), s, { checkIn: today(), days: 28, name: '李女士' });
    const stay = await ok(c.assign.path, { orderId: o.orderId, roomId: s.rooms['101'] });
    return { s, o, stay };
  }

  it('排房 puts a confirmed order in a room for its planned nights; the customer becomes 已订房; 取消排房 undoes it', async () => {
    const { s, o, stay } = await assigned();
    expect(stay).toMatchObject({ storeId: s.storeId, roomId: s.rooms['101'], roomNo: '101', orderId: o.orderId, orderNo: o.orderNo, customerName: '李女士', startDate: today(), endDate: addDays(today(), 28), status: 'booked' });
    expect(await statusOf('customer', o.customerId)).toBe('room_booked');
    expect(await refusal(c.assign.path, { orderId: o.orderId, roomId: s.rooms['102'] })).toBe('该订单已排房（房间「101」），请使用换房');

    // Another order for overlapping nights is refused naming this one; pendingOrders offers it until assigned.
    const other = await orderFor(world(), s, { checkIn: addDays(today(), 27), days: 10 });
    expect((await ok<{ orderNo: string }[]>(c.pendingOrders.path, { storeId: s.storeId })).map((p) => p.orderNo)).toEqual([other.orderNo]);
    expect(await refusal(c.assign.path, { orderId: other.orderId, roomId: s.rooms['101'] })).toBe(`该房间在所选日期已被「${o.orderNo}」占用`);
    const draft = await orderFor(world(), s, { checkIn: today(), days: 5, status: 'draft' });
    expect(await refusal(c.assign.path, { orderId: draft.orderId, roomId: s.rooms['102'] })).toBe('订单当前状态为「草稿」，只有已确认的订单可以排房');
    await ctx.db.updateTable('room').set({ status: 'repair' }).where('id', '=', s.rooms['102']!).execute();
    expect(await refusal(c.assign.path, { orderId: other.orderId, roomId: s.rooms['102'] })).toBe('房间「102」当前为「维修」，不能排房');
    const elsewhere = await storeWithRooms(world(), ['901']);
    expect(await refusal(c.assign.path, { orderId: other.orderId, roomId: elsewhere.rooms['901'] })).toBe('所选房间不属于该订单的门店');

    expect(await refusal(c.unassign.path, { id: stay.id, version: stay.version + 1 })).toBe(ErrorText.staleVersion);
    expect(await ok(c.unassign.path, { id: stay.id, version: stay.version })).toMatchObject({ status: 'cancelled' });
    expect(await statusOf('customer', o.customerId)).toBe('contract_audited');
    expect(await ok(c.assign.path, { orderId: other.orderId, roomId: s.rooms['101'] })).toMatchObject({ status: 'booked' });
  });

  it('入住 is refused unless the customer is 已订房, the money due before check-in is paid or authorised, the day has come and the room is ready', async () => {
    const { s, o, stay } = await assigned();
    await ctx.db.updateTable('customer').set({ status: 'contract_unaudited' }).where('id', '=', o.customerId).execute();
    expect(await refusal(c.checkIn.path, { id: stay.id })).toBe('客户当前状态为「已签合同未审核」，不能入住');
    // Audited with the room already hers (a hold with a room, converted): she counts as 已订房.
    await ctx.db.updateTable('customer').set({ status: 'contract_audited' }).where('id', '=', o.customerId).execute();

    await plan(s, o, '3000.50', '20000');
    expect(await refusal(c.checkIn.path, { id: stay.id })).toBe('入住前应收未结清（尚欠 ¥3000.50），请先收款或办理欠款授权');
    await ctx.db.insertInto('debt_authorization').values({ company_id: ctx.companyId, order_id: o.orderId, amount: '3000.50', reason: '老客户', authorized_by: ctx.adminId }).execute();

    await ctx.db.updateTable('room').set({ status: 'dirty' }).where('id', '=', s.rooms['101']!).execute();
    expect(await refusal(c.checkIn.path, { id: stay.id })).toBe('房间当前状态为「脏房」，不能入住');
    await ctx.db.updateTable('room').set({ status: 'free' }).where('id', '=', s.rooms['101']!).execute();
    // Nothing moved while refused.
    expect([await statusOf('sales_order', o.orderId), await statusOf('customer', o.customerId), await statusOf('room_stay', stay.id)]).toEqual(['confirmed', 'contract_audited', 'booked']);

    expect(await ok(c.checkIn.path, { id: stay.id, version: stay.version })).toMatchObject({ status: 'in_house', checkedInAt: expect.any(String) });
    expect([await statusOf('sales_order', o.orderId), await statusOf('customer', o.customerId), await statusOf('room', s.rooms['101']!)]).toEqual(['checked_in', 'checked_in', 'occupied']);
    expect(await refusal(c.checkIn.path, { id: stay.id })).toBe('住房安排当前状态为「在住」，不能入住');

    const later = await orderFor(world(), s, { checkIn: addDays(today(), 3), days: 5, customerStatus: 'room_booked' });
    const laterStay = await ok(c.assign.path, { orderId: later.orderId, roomId: s.rooms['102'] });
    expect(await refusal(c.checkIn.path, { id: laterStay.id })).toBe(`计划入住日期为 ${addDays(today(), 3)}，未到入住日期`);
  });

  it('退房 and 结账 are refused while money is owed; a 欠款授权 lets the guest leave first (已退房未结账) and 结账 waits for the money', async () => {
    const { s, o, stay } = await assigned();
    await plan(s, o, '5000', '25000');
    await ctx.db.updateTable('receivable').set({ received: '5000', status: 'paid' }).where('order_id', '=', o.orderId).where('due_before_check_in', '=', true).execute();
    expect(await refusal(c.checkOut.path, { id: stay.id })).toBe('住房安排当前状态为「已排房」，不能退房');
    await ok(c.checkIn.path, { id: stay.id });
    expect(await refusal(c.settle.path, { id: stay.id })).toBe('订单当前状态为「已入住」，不能结账');
    expect(await refusal(c.checkOut.path, { id: stay.id })).toBe('合同仍有余款');
    expect([await statusOf('sales_order', o.orderId), await statusOf('room_stay', stay.id), await statusOf('room', s.rooms['101']!)]).toEqual(['checked_in', 'in_house', 'occupied']);
    await ctx.db.insertInto('debt_authorization').values({ company_id: ctx.companyId, order_id: o.orderId, amount: '25000', reason: '月底对公转账', authorized_by: ctx.adminId }).execute();

    const out = await ok(c.checkOut.path, { id: stay.id });
    // Early: the check-out day is the day after the only night spent.
    expect(out).toMatchObject({ status: 'ended', startDate: today(), endDate: addDays(today(), 1), checkedOutAt: expect.any(String) });
    expect([await statusOf('sales_order', o.orderId), await statusOf('customer', o.customerId), await statusOf('room', s.rooms['101']!)]).toEqual(['checked_out', 'checked_out_unsettled', 'dirty']);

    // 结账 names what is owed by the plan rule (docs/ledger.md).
    expect(await refusal(c.settle.path, { id: stay.id })).toBe('订单尚欠 25000.00 元，不能结账');
    await pay(o.orderId);
    await ok(c.settle.path, { id: stay.id });
    expect([await statusOf('sales_order', o.orderId), await statusOf('customer', o.customerId)]).toEqual(['settled', 'checked_out_settled']);
    expect(await refusal(c.settle.path, { id: stay.id })).toBe('订单当前状态为「已结账」，不能结账');
  });

  it('换房 moves the nights from today into another room, refusing a double booking by name; a guest in the room moves with them', async () => {
    const { s, stay } = await assigned(['101', '102', '103']);
    const blocker = await orderFor(world(), s, { checkIn: addDays(today(), 10), days: 5 });
    await ok(c.assign.path, { orderId: blocker.orderId, roomId: s.rooms['103'] });
    expect(await refusal(c.move.path, { id: stay.id, toRoomId: s.rooms['103'] })).toBe(`该房间在所选日期已被「${blocker.orderNo}」占用`);
    const moved = await ok(c.move.path, { id: stay.id, version: stay.version, toRoomId: s.rooms['102'] });
    expect(moved).toMatchObject({ roomNo: '102', startDate: today(), endDate: addDays(today(), 28), status: 'booked' });

    await ok(c.checkIn.path, { id: moved.id });
    const tomorrow = addDays(today(), 1);
    const again = await ok(c.move.path, { id: moved.id, toRoomId: s.rooms['101'], fromDate: tomorrow });
    expect(again).toMatchObject({ roomNo: '101', startDate: tomorrow, status: 'in_house' });
    // The nights before the move are over in the old room.
    expect(await ok(c.queryById.path, { id: moved.id })).toMatchObject({ roomNo: '102', endDate: tomorrow, status: 'ended' });
    expect([await statusOf('room', s.rooms['102']!), await statusOf('room', s.rooms['101']!)]).toEqual(['dirty', 'occupied']);
  });

  it('lists by store, status and period, and exports', async () => {
    const { s, o } = await assigned();
    const later = await orderFor(world(), s, { checkIn: addDays(today(), 40), days: 5 });
    await ok(c.assign.path, { orderId: later.orderId, roomId: s.rooms['102'] });
    const list = (q: Record<string, unknown>) => ok<PageResult<RoomStay>>(c.list.path, { pageNo: 1, pageSize: 10, storeId: s.storeId, ...q });
    expect((await list({})).records.map((r) => r.orderNo).sort()).toEqual([o.orderNo, later.orderNo].sort());
    expect((await list({ from: addDays(today(), 30), to: addDays(today(), 50) })).records.map((r) => r.orderNo)).toEqual([later.orderNo]);
    expect((await list({ status: 'in_house' })).total).toBe(0);
    expect((await list({ status: 'booked' })).records.map((r) => r.status)).toEqual(['booked', 'booked']);
    expect((await post(c.list.path, { pageNo: 1, pageSize: 10, from: '2026-13-01' })).body.message).toContain('开始日期不正确');
    const { status, rows } = await exportXlsx(ctx.t, c.exportXls.path, { storeId: s.storeId, from: addDays(today(), 30) }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['门店', '房间号', '订单号', '客户', '入住日期', '退房日期', '住房状态', '入住时间', '退房时间']);
    expect(rows.slice(1).map((r) => [r[1], r[2], r[6]])).toEqual([['102', later.orderNo, '已排房']]);
  });

  it('answers a list page with the room no, store, customer and order no in one statement', async () => {
    const { s, o } = await assigned();
    const session = { sessionId: 'test', userId: ctx.adminId, username: 'admin', companyId: ctx.companyId, departmentId: null };
    const q = { pageNo: 1, pageSize: 10, storeId: s.storeId };
    const crud = roomStayCrud(ctx.db);
    await listStays(ctx.db, crud, session, q); // the caller's data rules are loaded once and kept
    let statements = 0;
    // A nested builder passes transformQuery too: the executed statements are counted by their results.
    const counted = ctx.db.withPlugin({ transformQuery: (args) => args.node, transformResult: async (args) => (statements++, args.result) });
    const page = await listStays(counted, crud, session, q);
    expect(statements).toBe(1);
    expect(page.records).toEqual([expect.objectContaining({ roomNo: '101', orderNo: o.orderNo, customerName: '李女士', storeName: expect.any(String), settleable: false })]);
    expect(page.records[0]!.storeName).not.toBe('');
  });

  it('keeps a 店长 with a store rule to her store\'s stays, by list and by id', async () => {
    const mine = await assigned();
    const theirs = await assigned();
    const all = Object.values(Permission).filter((a) => a.startsWith('room:stay:'));
    const { token, userId } = await signedInUser(ctx.t, 'rs_manager', { actions: all, paths: ['/room/stay'] });
    // Her store (本人门店), as the demo's 店长 rule on 住房安排 reads it.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.s.storeId }).execute();
    await withDataRule(ctx.t, ctx.admin, '/room/stay', { resource: 'room_stay', name: '本门店住房', columnKey: 'storeId', condition: '=', value: mine.s.storeId }, async () => {
      const page = await ok<PageResult<RoomStay>>(c.list.path, { pageNo: 1, pageSize: 50 }, token);
      expect(page.records.map((r) => r.id)).toContain(mine.stay.id);
      expect(page.records.map((r) => r.id)).not.toContain(theirs.stay.id);
      for (const [path, body] of [
        [c.queryById.path, { id: theirs.stay.id }],
        [c.checkIn.path, { id: theirs.stay.id }],
        [c.checkOut.path, { id: theirs.stay.id }],
        [c.settle.path, { id: theirs.stay.id }],
        [c.unassign.path, { id: theirs.stay.id }],
        [c.move.path, { id: theirs.stay.id, toRoomId: theirs.s.rooms['102'] }],
      ] as const) {
        expect((await post(path, body, token)).body.code, path).toBe('404');
      }
      expect(await statusOf('room_stay', theirs.stay.id)).toBe('booked');
      // An order of the other store cannot be put into a stay she would not see.
      const o = await orderFor(world(), theirs.s, { checkIn: addDays(today(), 60), days: 3 });
      expect((await post(c.assign.path, { orderId: o.orderId, roomId: theirs.s.rooms['102'] }, token)).body.code).toBe('404');
      expect(await ctx.db.selectFrom('room_stay').select('id').where('order_id', '=', o.orderId).execute()).toEqual([]);
    });
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'rs_nobody', { actions: [Permission.roomList] });
    const id = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';
    await expectEachForbidden(
      ctx.t,
      { list: c.list.path, byId: c.queryById.path, exportXls: c.exportXls.path, assign: c.assign.path, unassign: c.unassign.path, move: c.move.path, checkIn: c.checkIn.path, checkOut: c.checkOut.path, settle: c.settle.path, pending: c.pendingOrders.path },
      [
        ['list', '', { pageNo: 1, pageSize: 10 }],
        ['byId', '', { id }],
        ['exportXls', '', {}],
        ['assign', '', { orderId: id, roomId: id }],
        ['unassign', '', { id }],
        ['move', '', { id, toRoomId: id }],
        ['checkIn', '', { id }],
        ['checkOut', '', { id }],
        ['settle', '', { id }],
        ['pending', '', { storeId: id }],
      ],
      token,
    );
  });
});
