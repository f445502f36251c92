import { describe, expect, it } from 'vitest';
import { addDays } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';
import { assignStay, extendStay, moveStay, releaseStays, staysForBoard, transferHoldStay } from './room-stay.service.js';
import { orderFor, storeWithRooms, type StoreWorld } from './room-stay.test-data.js';

describe('住房安排: the cross-module functions', () => {
  const ctx = useAdminApp();
  const actor = () => ({ companyId: ctx.companyId, userId: ctx.adminId });
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const book = (s: StoreWorld, roomNo: string, o: { orderId: string; customerId: string }, startDate: string, endDate: string) =>
    ctx.db.transaction().execute((trx) => assignStay(trx, actor(), { roomId: s.rooms[roomNo]!, orderId: o.orderId, customerId: o.customerId, storeId: s.storeId, startDate, endDate, status: 'booked' }));
  const staysOf = (orderId: string) => ctx.db.selectFrom('room_stay').select(['room_id', 'start_date', 'end_date', 'status']).where('order_id', '=', orderId).orderBy('start_date').execute();

  it('refuses an overlapping night naming the order in the way; the nights next to it are free', async () => {
    const s = await storeWithRooms(world(), ['101']);
    const a = await orderFor(world(), s, { checkIn: '2030-03-01', days: 28 });
    const b = await orderFor(world(), s, { checkIn: '2030-03-20', days: 28 });
    await book(s, '101', a, '2030-03-01', '2030-03-29');
    await expect(book(s, '101', b, '2030-03-28', '2030-04-25')).rejects.toMatchObject({ message: `该房间在所选日期已被「${a.orderNo}」占用` });
    // The check-out day is the next guest's first night.
    await book(s, '101', b, '2030-03-29', '2030-04-26');
    expect(await staysOf(b.orderId)).toEqual([{ room_id: s.rooms['101'], start_date: '2030-03-29', end_date: '2030-04-26', status: 'booked' }]);
  });

  it('refuses a room of another store, and one in 维修 or 停用', async () => {
    const [s, other] = [await storeWithRooms(world(), ['101', '102']), await storeWithRooms(world(), ['901'])];
    const o = await orderFor(world(), s, { checkIn: '2030-05-01', days: 10 });
    await expect(ctx.db.transaction().execute((trx) => assignStay(trx, actor(), { roomId: other.rooms['901']!, orderId: o.orderId, customerId: o.customerId, storeId: s.storeId, startDate: '2030-05-01', endDate: '2030-05-11', status: 'booked' }))).rejects.toMatchObject({ message: '所选房间不属于该订单的门店' });
    await ctx.db.updateTable('room').set({ status: 'repair' }).where('id', '=', s.rooms['101']!).execute();
    await ctx.db.updateTable('room').set({ status: 'disabled' }).where('id', '=', s.rooms['102']!).execute();
    await expect(book(s, '101', o, '2030-05-01', '2030-05-11')).rejects.toMatchObject({ message: '房间「101」当前为「维修」，不能排房' });
    await expect(book(s, '102', o, '2030-05-01', '2030-05-11')).rejects.toMatchObject({ message: '房间「102」当前为「停用」，不能排房' });
    expect(await staysOf(o.orderId)).toEqual([]);
  });

  it('extends, moves (splitting at the date) and releases an order\'s stays; the board reads them', async () => {
    const s = await storeWithRooms(world(), ['101', '102', '103']);
    const o = await orderFor(world(), s, { checkIn: '2030-06-01', days: 10, name: '王女士' });
    const blocker = await orderFor(world(), s, { checkIn: '2030-06-13', days: 5 });
    await book(s, '101', o, '2030-06-01', '2030-06-11');
    await book(s, '103', blocker, '2030-06-13', '2030-06-18');
    await ctx.db.transaction().execute((trx) => extendStay(trx, actor(), o.orderId, 2));
    expect(await staysOf(o.orderId)).toEqual([{ room_id: s.rooms['101'], start_date: '2030-06-01', end_date: '2030-06-13', status: 'booked' }]);
    await expect(ctx.db.transaction().execute((trx) => moveStay(trx, actor(), o.orderId, s.rooms['101']!, '2030-06-05'))).rejects.toMatchObject({ message: '已在该房间，无需换房' });

    await ctx.db.transaction().execute((trx) => moveStay(trx, actor(), o.orderId, s.rooms['102']!, '2030-06-05'));
    expect(await staysOf(o.orderId)).toEqual([
      { room_id: s.rooms['101'], start_date: '2030-06-01', end_date: '2030-06-05', status: 'booked' },
      { room_id: s.rooms['102'], start_date: '2030-06-05', end_date: '2030-06-13', status: 'booked' },
    ]);
    // Extending into 103's next guest would be a double booking; moving the rest there too.
    await ctx.db.transaction().execute((trx) => moveStay(trx, actor(), o.orderId, s.rooms['103']!, '2030-06-01'));
    await expect(ctx.db.transaction().execute((trx) => extendStay(trx, actor(), o.orderId, 1))).rejects.toMatchObject({ message: `该房间在所选日期已被「${blocker.orderNo}」占用` });

    const board = await staysForBoard(ctx.db, ctx.companyId, s.storeId, '2030-06-01', '2030-06-30');
    expect(board.filter((b) => b.orderId === o.orderId).map((b) => [b.holderNo, b.customerName, b.startDate, b.endDate, b.contractDays])).toEqual([
      [o.orderNo, '王女士', '2030-06-01', '2030-06-05', 10],
      [o.orderNo, '王女士', '2030-06-05', '2030-06-13', 10],
    ]);
    expect(await ctx.db.transaction().execute((trx) => releaseStays(trx, actor(), { orderId: o.orderId }))).toBe(2);
    expect((await staysOf(o.orderId)).map((x) => x.status)).toEqual(['cancelled', 'cancelled']);
    // Released nights are free again.
    await book(s, '101', blocker, '2030-06-01', addDays('2030-06-01', 5));
  });

  it('a hold\'s stay becomes the order\'s booking', async () => {
    const s = await storeWithRooms(world(), ['101']);
    const o = await orderFor(world(), s, { checkIn: '2030-07-01', days: 7 });
    const hold = await ctx.db
      .insertInto('reservation')
      .values({ company_id: ctx.companyId, reservation_no: `YD${Date.now()}`, kind: 'room_hold', status: 'booked', customer_id: o.customerId, store_id: s.storeId, planned_check_in: '2030-07-01', days: 7, created_by: null, updated_by: null })
      .returning(['id', 'reservation_no'])
      .executeTakeFirstOrThrow();
    await ctx.db.transaction().execute((trx) => assignStay(trx, actor(), { roomId: s.rooms['101']!, reservationId: hold.id, customerId: o.customerId, storeId: s.storeId, startDate: '2030-07-01', endDate: '2030-07-08', status: 'held' }));
    const other = await orderFor(world(), s, { checkIn: '2030-07-03', days: 7 });
    await expect(book(s, '101', other, '2030-07-03', '2030-07-10')).rejects.toMatchObject({ message: `该房间在所选日期已被「${hold.reservation_no}」占用` });
    await ctx.db.transaction().execute((trx) => transferHoldStay(trx, actor(), hold.id, o.orderId));
    expect(await staysOf(o.orderId)).toEqual([{ room_id: s.rooms['101'], start_date: '2030-07-01', end_date: '2030-07-08', status: 'booked' }]);
    await expect(book(s, '101', other, '2030-07-03', '2030-07-10')).rejects.toMatchObject({ message: `该房间在所选日期已被「${o.orderNo}」占用` });
  });

  it('200 concurrent assignments of one room for overlapping nights: exactly one wins, the others name it', async () => {
    const s = await storeWithRooms(world(), ['101']);
    const orders: Awaited<ReturnType<typeof orderFor>>[] = [];
    for (let i = 0; i < 200; i++) orders.push(await orderFor(world(), s, { checkIn: addDays('2031-01-01', i % 20), days: 28 }));
    const results = await Promise.allSettled(orders.map((o, i) => book(s, '101', o, addDays('2031-01-01', i % 20), addDays('2031-01-29', i % 20))));
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [orders[i]!] : []));
    expect(won).toHaveLength(1);
    const refusals = results.flatMap((r) => (r.status === 'rejected' ? [(r.reason as Error).message] : []));
    expect(new Set(refusals)).toEqual(new Set([`该房间在所选日期已被「${won[0]!.orderNo}」占用`]));
    const active = await ctx.db.selectFrom('room_stay').select('order_id').where('room_id', '=', s.rooms['101']!).where('status', 'in', ['held', 'booked', 'in_house']).execute();
    expect(active).toEqual([{ order_id: won[0]!.orderId }]);
  });
});
