import { describe, expect, it } from 'vitest';
import { Permission, roomContract, RoomText, type PageResult, type Room, type RoomStatusLog, type RoomType, type Store } from '@care/shared';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { RoomTypeServiceText } from '../room-type/room-type.service.js';

const R = Object.fromEntries(Object.entries(roomContract).map(([name, c]) => [name, c.path])) as Record<keyof typeof roomContract, string>;

describe('房间', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const addStore = (code: string) => resultOf(post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] }));
  const addType = (storeId: string, code: string, name = code) => resultOf(post<RoomType>('/online/roomType/add', { storeId, code, name, dailyPrice: '1000' }));
  const addRoom = (values: Record<string, unknown>) => resultOf(post<Room>(R.add, { floor: 1, ...values }));
  const changes = (id: string) =>
    ctx.db.selectFrom('state_change').select(['resource', 'event', 'from_state', 'to_state', 'reason', 'changed_by']).where('record_id', '=', id).orderBy('changed_at').execute();
  const stored = (id: string) => ctx.db.selectFrom('room').select(['status', 'version', 'updated_at']).where('id', '=', id).executeTakeFirstOrThrow();

  it('adds free rooms, lists with filters and sorts, edits under the version lock; the room no is unique within a store', async () => {
    const [a, b] = [await addStore('RMA'), await addStore('RMB')];
    const [std, ste] = [await addType(a.id, 'STD', '标准间'), await addType(a.id, 'STE', '套房')];
    const room = await addRoom({ storeId: a.id, roomNo: '201', floor: 2, roomTypeId: std.id, facing: 'south', area: '30', dailyPrice: '1280' });
    expect(room).toMatchObject({ storeId: a.id, storeName: 'RMA门店', roomNo: '201', floor: 2, roomTypeId: std.id, roomTypeName: '标准间', facing: 'south', area: '30.00', dailyPrice: '1280.00', status: 'free', version: 1 });
    // Add never sets the status.
    expect(await addRoom({ storeId: a.id, roomNo: '301', floor: 3, roomTypeId: ste.id, status: 'repair' })).toMatchObject({ status: 'free' });
    await addRoom({ storeId: a.id, roomNo: '202', floor: 2, roomTypeId: ste.id });
    expect((await post(R.add, { storeId: a.id, roomNo: '201', floor: 2, roomTypeId: std.id })).body).toMatchObject({ code: '101', message: RoomText.roomNoTaken });
    // The same number in another store is another room.
    await addRoom({ storeId: b.id, roomNo: '201', floor: 2, roomTypeId: (await addType(b.id, 'STD')).id });

    const numbers = async (q: Record<string, unknown>) => (await resultOf(post<PageResult<Room>>(R.list, { storeId: a.id, ...q }))).records.map((r) => r.roomNo);
    expect(await numbers({})).toEqual(['201', '202', '301']);
    expect(await numbers({ floor: '2' })).toEqual(['201', '202']);
    expect(await numbers({ roomTypeId: ste.id })).toEqual(['202', '301']);
    expect(await numbers({ roomNo: '20' })).toEqual(['201', '202']);
    expect(await numbers({ column: 'floor', order: 'desc' })).toEqual(['301', expect.any(String), expect.any(String)]);
    expect((await post(R.list, { status: 'broken' })).body.code).toBe('101');

    const edited = await resultOf(post<Room>(R.edit, { ...room, roomTypeId: ste.id, remark: '靠近电梯' }));
    expect(edited).toMatchObject({ roomTypeName: '套房', remark: '靠近电梯', version: 2, status: 'free' });
    expect((await post(R.edit, { ...room, remark: '过期' })).body).toMatchObject({ code: '101' });
    expect((await post(R.edit, { ...edited, roomNo: '202' })).body).toMatchObject({ code: '101', message: RoomText.roomNoTaken });
    // Edit never sets the status either.
    expect(await resultOf(post<Room>(R.edit, { ...edited, status: 'repair' }))).toMatchObject({ status: 'free', version: 3 });
  });

  it('refuses a room type of another store or a disabled one', async () => {
    const [a, b] = [await addStore('RMC'), await addStore('RMD')];
    const other = await addType(b.id, 'STD');
    expect((await post(R.add, { storeId: a.id, roomNo: '101', floor: 1, roomTypeId: other.id })).body).toMatchObject({ code: '101', message: RoomText.roomTypeMissing });
    const own = await addType(a.id, 'STD');
    const room = await addRoom({ storeId: a.id, roomNo: '101', roomTypeId: own.id });
    expect((await post(R.edit, { ...room, roomTypeId: other.id })).body).toMatchObject({ code: '101', message: RoomText.roomTypeMissing });
    await resultOf(post('/online/roomType/updateStatus', { id: own.id, enabled: false }));
    expect((await post(R.add, { storeId: a.id, roomNo: '102', floor: 1, roomTypeId: own.id })).body).toMatchObject({ code: '101', message: RoomText.roomTypeMissing });
    expect(await ctx.db.selectFrom('room').select('room_no').where('store_id', '=', a.id).execute()).toEqual([{ room_no: '101' }]);
  });

  it('moves the status through roomMachine, recording each change; refused moves change nothing', async () => {
    const store = await addStore('RME');
    const room = await addRoom({ storeId: store.id, roomNo: '801', roomTypeId: (await addType(store.id, 'STD')).id });
    const move = (event: string, body: Record<string, unknown> = {}) => post<Room>(R.changeStatus, { id: room.id, event, ...body });

    // 维修 and 停用 need the reason; nothing moves without it.
    expect((await move('repair')).body).toMatchObject({ code: '101', message: `reason: ${RoomText.reasonRequired('维修')}` });
    expect((await move('disable', { reason: '  ' })).body).toMatchObject({ code: '101', message: `reason: ${RoomText.reasonRequired('停用')}` });
    expect(await changes(room.id)).toEqual([]);

    const repair = await resultOf(move('repair', { version: 1, reason: '空调漏水' }));
    expect(repair).toMatchObject({ status: 'repair', version: 2 });
    const row = { resource: 'room', changed_by: ctx.adminId };
    expect(await changes(room.id)).toEqual([{ ...row, event: 'repair', from_state: 'free', to_state: 'repair', reason: '空调漏水' }]);

    // Refused: a stale version, and moves the machine does not allow from 维修.
    const before = await stored(room.id);
    expect((await move('repaired', { version: 1 })).body.code).toBe('101');
    expect((await move('markDirty')).body).toMatchObject({ code: '101', message: '房间当前状态为「维修」，不能脏房' });
    expect((await move('disable', { reason: '装修' })).body).toMatchObject({ code: '101', message: '房间当前状态为「维修」，不能停用' });
    expect((await move('checkIn')).body.code).toBe('101');
    expect(await stored(room.id)).toEqual(before);
    expect(await changes(room.id)).toHaveLength(1);

    await resultOf(move('repaired', { version: 2 }));
    await resultOf(move('markDirty'));
    await resultOf(move('clean'));
    await resultOf(move('disable', { reason: '重新装修' }));
    expect((await move('clean')).body).toMatchObject({ code: '101', message: '房间当前状态为「停用」，不能清洁' });
    const enabled = await resultOf(move('enable'));
    expect(enabled).toMatchObject({ status: 'free', version: 7 });
    expect((await changes(room.id)).map((c) => `${c.event}:${c.from_state}→${c.to_state}`)).toEqual([
      'repair:free→repair', 'repaired:repair→free', 'markDirty:free→dirty', 'clean:dirty→free', 'disable:free→disabled', 'enable:disabled→free',
    ]);

    // 状态记录: newest first, with who and why.
    const log = await resultOf(post<PageResult<RoomStatusLog>>(R.statusLog, { id: room.id, pageSize: 2 }));
    expect(log.total).toBe(6);
    expect(log.records).toEqual([
      { id: expect.any(String), event: 'enable', fromState: 'disabled', toState: 'free', reason: '', changedBy: expect.any(String), changedAt: expect.stringMatching(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/) },
      expect.objectContaining({ event: 'disable', reason: '重新装修' }),
    ]);
    expect(log.records[0]!.changedBy).not.toBe('');
  });

  it('exports the filtered rooms', async () => {
    const store = await addStore('RMF');
    const type = await addType(store.id, 'DLX', '豪华间');
    await addRoom({ storeId: store.id, roomNo: '501', floor: 5, roomTypeId: type.id, facing: 'north', dailyPrice: '1680' });
    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { storeId: store.id }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['门店', '房间号', '楼层', '房型', '朝向', '面积（㎡）', '日房价（元）', '房态', '排序', '备注']);
    expect(rows.slice(1)).toEqual([['RMF门店', '501', '5', '豪华间', 'north', '0.00', '1680.00', 'free', '0', '']]);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'rm_nobody');
    const id = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';
    await expectEachForbidden(ctx.t, R, [
      ['list', '', {}],
      ['queryById', '', { id }],
      ['add', '', { storeId: id, roomNo: '1', floor: 1, roomTypeId: id }],
      ['edit', '', { id, version: 1, roomNo: '1', floor: 1, roomTypeId: id }],
      ['exportXls', '', {}],
      ['changeStatus', '', { id, event: 'markDirty' }],
      ['statusLog', '', { id }],
    ], token);
    // Viewing rooms does not let one move them.
    const viewer = await signedInUser(ctx.t, 'rm_viewer', { actions: [Permission.roomList] });
    await expectEachForbidden(ctx.t, R, [['changeStatus', '', { id, event: 'markDirty' }]], viewer.token);
  });

  it('keeps a user with a store rule to that store: lists, by id, writes, moves and history', async () => {
    const [mine, other] = [await addStore('RMG'), await addStore('RMH')];
    const theirs = await addRoom({ storeId: other.id, roomNo: '901', roomTypeId: (await addType(other.id, 'STD')).id });
    const own = await addRoom({ storeId: mine.id, roomNo: '101', roomTypeId: (await addType(mine.id, 'STD')).id });
    const actions = [Permission.roomList, Permission.roomAdd, Permission.roomEdit, Permission.roomStatus, Permission.roomExport];
    const { token, userId } = await signedInUser(ctx.t, 'rm_scoped', { actions, paths: ['/room/room'] });
    // Her store (本人门店), as the demo's store rule on 房间 reads it.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.id }).execute();
    await withDataRule(ctx.t, ctx.admin, '/room/room', { resource: 'room', name: '本门店房间', columnKey: 'storeId', condition: '=', value: mine.id }, async () => {
      expect((await resultOf(post<PageResult<Room>>(R.list, { pageSize: 200 }, token))).records.map((r) => r.id)).toEqual([own.id]);
      expect((await exportXlsx(ctx.t, R.exportXls, {}, token)).rows.slice(1).map((r) => r[1])).toEqual(['101']);
      expect((await post(R.queryById, { id: theirs.id }, token)).status).toBe(404);
      expect((await post(R.edit, { ...theirs, remark: '改' }, token)).status).toBe(404);
      expect((await post(R.changeStatus, { id: theirs.id, event: 'markDirty' }, token)).status).toBe(404);
      expect((await post(R.statusLog, { id: theirs.id }, token)).status).toBe(404);
      const typeOfOther = (await ctx.db.selectFrom('room_type').select('id').where('store_id', '=', other.id).executeTakeFirstOrThrow()).id;
      expect((await post(R.add, { storeId: other.id, roomNo: '902', floor: 9, roomTypeId: typeOfOther }, token)).body).toMatchObject({ code: '101', message: RoomTypeServiceText.outOfScope });
      await resultOf(post(R.changeStatus, { id: own.id, event: 'markDirty' }, token));
    });
    expect(await stored(theirs.id)).toMatchObject({ status: 'free', version: 1 });
    expect(await changes(theirs.id)).toEqual([]);
  });
});
