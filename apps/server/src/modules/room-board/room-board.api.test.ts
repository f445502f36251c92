import { describe, expect, it } from 'vitest';
import { addDays, Permission, roomBoardContract, roomStayContract, type Room, type RoomBoard, type RoomStay, type RoomType, type Store } from '@care/shared';
import { orderFor, storeWithRooms } from '../room-stay/room-stay.test-data.js';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';

const DATA = roomBoardContract.data.path;

describe('房态图', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const addStore = (code: string) => resultOf(post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] }));
  const addType = (storeId: string, code: string, name = code) => resultOf(post<RoomType>('/online/roomType/add', { storeId, code, name, dailyPrice: '1000' }));
  const addRoom = (storeId: string, roomNo: string, floor: number, roomTypeId: string) => resultOf(post<Room>('/online/room/add', { storeId, roomNo, floor, roomTypeId, dailyPrice: '1280' }));
  const setStatus = (id: string, status: string) => ctx.db.updateTable('room').set({ status }).where('id', '=', id).execute();
  const board = (q: Record<string, unknown>, token = ctx.admin) => resultOf(post<RoomBoard>(DATA, q, token));

  /** A store with floors 1–3, two types and rooms in every status (set straight in the table: stays come with the transactions). */
  async function prepared(code: string) {
    const store = await addStore(code);
    const [std, ste] = [await addType(store.id, 'STD', '标准间'), await addType(store.id, 'STE', '套房')];
    const plan: [string, number, RoomType, string][] = [
      ['101', 1, std, 'free'],
      ['102', 1, std, 'occupied'],
      ['103', 1, ste, 'checking_out'],
      ['201', 2, std, 'occupied'],
      ['202', 2, ste, 'reserved'],
      ['203', 2, std, 'dirty'],
      ['301', 3, ste, 'repair'],
      ['302', 3, std, 'disabled'],
    ];
    const rooms: Record<string, Room> = {};
    for (const [no, floor, type, status] of plan) {
      rooms[no] = await addRoom(store.id, no, floor, type.id);
      await setStatus(rooms[no].id, status);
    }
    return { store, std, ste, rooms };
  }

  it('answers the rooms, today\'s counts and occupancy the rooms say, and the 30-day window', async () => {
    const { store, std, ste, rooms } = await prepared('RBA');
    const b = await board({ storeId: store.id });
    expect(b.rooms.map((r) => r.roomNo)).toEqual(['101', '102', '103', '201', '202', '203', '301', '302']);
    expect(b.rooms[1]).toEqual({ id: rooms['102']!.id, roomNo: '102', floor: 1, roomTypeId: std.id, roomTypeName: '标准间', status: 'occupied', dailyPrice: '1280.00', stays: [], segments: [{ status: 'occupied', from: b.today, to: b.today }] });
    expect(b.counts).toEqual({ free: 1, reserved: 1, occupied: 2, checking_out: 1, dirty: 1, repair: 1, disabled: 1 });
    // 入住率 = (在住 + 预退房) / rooms not 维修 or 停用 = 3 / 6.
    expect(b).toMatchObject({ total: 8, inService: 6, occupied: 3, occupancyRate: 50 });
    expect(b.timeline.from).toBe(b.today);
    expect(b.timeline.days).toHaveLength(30);
    expect(b.timeline.days.slice(0, 2)).toEqual([b.today, expect.any(String)]);
    const last = b.timeline.days[29];
    expect(b.rooms.find((r) => r.roomNo === '301')?.segments).toEqual([{ status: 'repair', from: b.today, to: last }]);
    expect(b.rooms.find((r) => r.roomNo === '302')?.segments).toEqual([{ status: 'disabled', from: b.today, to: last }]);
    expect(b.rooms.find((r) => r.roomNo === '101')?.segments).toEqual([]);
    expect(b.floors).toEqual([1, 2, 3]);
    expect(b.roomTypes).toEqual([{ id: std.id, name: '标准间' }, { id: ste.id, name: '套房' }]);
  });

  it('fills each room\'s stays in the window: customer, holder\'s number, nights, status', async () => {
    const s = await storeWithRooms({ db: ctx.db, companyId: ctx.companyId }, ['101', '102']);
    const today = (await board({ storeId: s.storeId })).today;
    const o = await orderFor({ db: ctx.db, companyId: ctx.companyId }, s, { checkIn: addDays(today, 2), days: 28, name: '周女士' });
    const far = await orderFor({ db: ctx.db, companyId: ctx.companyId }, s, { checkIn: addDays(today, 40), days: 5 });
    const stay = await resultOf(post<RoomStay>(roomStayContract.assign.path, { orderId: o.orderId, roomId: s.rooms['101'] }));
    await resultOf(post<RoomStay>(roomStayContract.assign.path, { orderId: far.orderId, roomId: s.rooms['102'] }));
    const b = await board({ storeId: s.storeId });
    expect(b.rooms[0]!.stays).toEqual([
      { id: stay.id, orderId: o.orderId, reservationId: null, holderNo: o.orderNo, customerName: '周女士', checkIn: addDays(today, 2), plannedCheckOut: addDays(today, 30), contractDays: 28, status: 'booked', version: 1 },
    ]);
    // Beyond the 30 days: not on the board.
    expect(b.rooms[1]!.stays).toEqual([]);
  });

  it('filters by floor and by room type; counts and occupancy follow the filter', async () => {
    const { store, ste } = await prepared('RBB');
    const floor2 = await board({ storeId: store.id, floor: 2 });
    expect(floor2.rooms.map((r) => r.roomNo)).toEqual(['201', '202', '203']);
    expect(floor2).toMatchObject({ total: 3, inService: 3, occupied: 1, occupancyRate: 33.3 });
    // The filters' choices stay the store's.
    expect(floor2.floors).toEqual([1, 2, 3]);
    const suites = await board({ storeId: store.id, roomTypeId: ste.id });
    expect(suites.rooms.map((r) => r.roomNo)).toEqual(['103', '202', '301']);
    expect(suites).toMatchObject({ total: 3, inService: 2, occupied: 1, occupancyRate: 50 });
    expect((await board({ storeId: store.id, floor: 3, roomTypeId: ste.id })).rooms.map((r) => r.roomNo)).toEqual(['301']);
    expect((await post(DATA, {})).body.code).toBe('101');
  });

  it('never shows another store\'s or another company\'s rooms', async () => {
    const { store } = await prepared('RBC');
    const other = await addStore('RBD');
    const elsewhere = await addRoom(other.id, '101', 1, (await addType(other.id, 'STD')).id);
    const own = await board({ storeId: store.id });
    expect(own.total).toBe(8);
    expect(own.rooms.map((r) => r.id)).not.toContain(elsewhere.id);
    expect((await board({ storeId: other.id })).rooms.map((r) => r.id)).toEqual([elsewhere.id]);

    const company = await ctx.db.insertInto('company').values({ code: 'RB_OTHER', name: '他司' }).returning('id').executeTakeFirstOrThrow();
    const theirStore = await ctx.db.insertInto('store').values({ company_id: company.id, code: 'T1', name: '他司门店', parent_id: null, manager_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    const theirType = await ctx.db.insertInto('room_type').values({ company_id: company.id, store_id: theirStore.id, code: 'STD', name: '他司房型', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    await ctx.db.insertInto('room').values({ company_id: company.id, store_id: theirStore.id, room_type_id: theirType.id, room_no: '888', floor: 8, created_by: null, updated_by: null }).execute();
    expect(await board({ storeId: theirStore.id })).toMatchObject({ rooms: [], total: 0, floors: [], roomTypes: [], occupancyRate: 0 });
  });

  it('keeps a user with a store rule on 房间 to that store', async () => {
    const [{ store: mine }, { store: theirs }] = [await prepared('RBE'), await prepared('RBF')];
    const { token, userId } = await signedInUser(ctx.t, 'rb_scoped', { actions: [Permission.roomBoardView], paths: ['/room/board', '/room/room'] });
    // Her store (本人门店), as the demo's store rule on 房间 reads it.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.id }).execute();
    await withDataRule(ctx.t, ctx.admin, '/room/room', { resource: 'room', name: '本门店房间', columnKey: 'storeId', condition: '=', value: mine.id }, async () => {
      expect((await board({ storeId: mine.id }, token)).total).toBe(8);
      expect(await board({ storeId: theirs.id }, token)).toMatchObject({ rooms: [], total: 0, floors: [] });
    });
  });

  it('answers 403 to a user without 查看房态图', async () => {
    const { token } = await signedInUser(ctx.t, 'rb_nobody', { actions: [Permission.roomList] });
    await expectEachForbidden(ctx.t, { data: DATA }, [['data', '', { storeId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' }]], token);
  });
});
