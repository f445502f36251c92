import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { addDays, RoomHoldText, type Customer, type PageResult, type Room, type RoomBoard, type RoomStay, type RoomType, type RoomTypeOption } from '@care/shared';
import { orderFor } from '../modules/room-stay/room-stay.test-data.js';
import { resultOf, useAdminApp } from '../test/fixtures.js';
import { demoRoomRules, seedDemoTradeRolesIfEmpty } from './demo-trade-roles.js';

// Issue 26 item 1: rooms, room types, stays and the board carry the store rule of the demo roles, as orders do.
describe('demo roles and rooms: the store rule', () => {
  const app = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  const storeId = async (code: 'NS' | 'FT') => (await app.db.selectFrom('store').select('id').where('company_id', '=', app.companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
  const room = (code: 'NS' | 'FT', roomNo: string) =>
    app.db.selectFrom('room as r').innerJoin('store as s', 's.id', 'r.store_id').selectAll('r').where('s.code', '=', code).where('r.room_no', '=', roomNo).executeTakeFirstOrThrow();
  const changes = (id: string) => app.db.selectFrom('state_change').select('event').where('record_id', '=', id).execute();

  it('a 南山店 店长 neither reads nor moves a 福田店 room (维修, 停用, 脏房, 清洁 → 404, nothing changed); her own rooms move', async () => {
    const token = await app.t.login('nanshan.manager');
    const theirs = await room('FT', '301');
    const dirty = await room('FT', '607');
    const before = await changes(theirs.id);
    for (const move of [
      { id: theirs.id, event: 'repair', reason: '空调漏水' },
      { id: theirs.id, event: 'disable', reason: '装修' },
      { id: theirs.id, event: 'markDirty' },
      { id: dirty.id, event: 'clean' },
    ]) {
      expect((await post('/online/room/changeStatus', move, token)).body, move.event).toMatchObject({ success: false, code: '404' });
    }
    expect(await room('FT', '301')).toMatchObject({ status: 'free', version: theirs.version });
    expect(await room('FT', '607')).toMatchObject({ status: 'dirty', version: dirty.version });
    expect(await changes(theirs.id)).toEqual(before);
    expect((await post('/online/room/queryById', { id: theirs.id }, token)).body.code).toBe('404');
    expect((await post('/online/room/statusLog', { id: dirty.id }, token)).body.code).toBe('404');
    const list = await resultOf(post<PageResult<Room>>('/online/room/list', { pageSize: 200 }, token));
    expect(new Set(list.records.map((r) => r.storeId))).toEqual(new Set([await storeId('NS')]));
    expect(list.total).toBe(30);

    // In her store the moves still work: 维修 → 维修完成, 脏房 → 清洁.
    const own = await room('NS', '201');
    const repaired = await resultOf(post<Room>('/online/room/changeStatus', { id: own.id, event: 'repair', reason: '门锁损坏' }, token));
    expect(repaired.status).toBe('repair');
    expect((await resultOf(post<Room>('/online/room/changeStatus', { id: own.id, event: 'repaired' }, token))).status).toBe('free');
    await resultOf(post('/online/room/changeStatus', { id: own.id, event: 'markDirty' }, token));
    expect((await resultOf(post<Room>('/online/room/changeStatus', { id: own.id, event: 'clean' }, token))).status).toBe('free');
  });

  it('a 南山店 店长 sees her store\'s room types only, by list, by id and in the options', async () => {
    const token = await app.t.login('nanshan.manager');
    const [ns, ft] = [await storeId('NS'), await storeId('FT')];
    const theirs = await app.db.selectFrom('room_type').select('id').where('store_id', '=', ft).where('code', '=', 'FAM').executeTakeFirstOrThrow();
    const list = await resultOf(post<PageResult<RoomType>>('/online/roomType/list', { pageSize: 100 }, token));
    expect(new Set(list.records.map((t) => t.storeId))).toEqual(new Set([ns]));
    expect((await post('/online/roomType/queryById', { id: theirs.id }, token)).body.code).toBe('404');
    for (const who of ['nanshan.manager', 'nanshan.sales1']) {
      const options = await resultOf(post<RoomTypeOption[]>('/online/roomType/options', {}, await app.t.login(who)));
      expect(options.length, who).toBeGreaterThan(0);
      expect(new Set(options.map((o) => o.storeId)), who).toEqual(new Set([ns]));
      expect(await resultOf(post<RoomTypeOption[]>('/online/roomType/options', { storeId: ft }, await app.t.login(who))), who).toEqual([]);
    }
  });

  it('a 南山店 销售顾问 reads neither 福田店\'s board (guests, order numbers) nor its rooms by id; her own board answers', async () => {
    const [ns, ft] = [await storeId('NS'), await storeId('FT')];
    // A 福田店 guest booked into 302 by the administrator.
    const { rows: [product] } = await sql<{ id: string; version_id: string }>`
      select p.id, v.id as version_id from product p join product_version v on v.product_id = p.id where p.company_id = ${app.companyId} order by p.code limit 1`.execute(app.db);
    const ftRoom = await room('FT', '302');
    const guest = await orderFor({ db: app.db, companyId: app.companyId }, { storeId: ft, roomTypeId: ftRoom.room_type_id, rooms: {}, productId: product!.id, productVersionId: product!.version_id }, { checkIn: addDays(new Date().toISOString().slice(0, 10), 3), days: 28, name: '福田客人' });
    const stay = await resultOf(post<RoomStay>('/online/roomStay/assign', { orderId: guest.orderId, roomId: ftRoom.id }));
    const adminBoard = await resultOf(post<RoomBoard>('/online/roomBoard/data', { storeId: ft }));
    expect(adminBoard.rooms.find((r) => r.id === ftRoom.id)?.stays).toEqual([expect.objectContaining({ customerName: '福田客人', holderNo: guest.orderNo })]);

    const token = await app.t.login('nanshan.sales1');
    const theirBoard = await post<RoomBoard>('/online/roomBoard/data', { storeId: ft }, token);
    expect(theirBoard.body.result).toMatchObject({ rooms: [], total: 0, floors: [], roomTypes: [] });
    expect(JSON.stringify(theirBoard.body)).not.toContain('福田客人');
    expect(JSON.stringify(theirBoard.body)).not.toContain(guest.orderNo);
    expect((await post('/online/order/queryById', { id: guest.orderId }, token)).body.code).toBe('404');
    expect((await post('/online/room/queryById', { id: ftRoom.id }, token)).body.code).toBe('404');
    const rooms = await resultOf(post<PageResult<Room>>('/online/room/list', { pageSize: 200 }, token));
    expect(new Set(rooms.records.map((r) => r.storeId))).toEqual(new Set([ns]));
    const own = await resultOf(post<RoomBoard>('/online/roomBoard/data', { storeId: ns }, token));
    expect(own.total).toBe(30);
    expect(own.roomTypes.length).toBeGreaterThan(0);

    // Stays: the 南山店 店长 neither reads nor moves the 福田店 guest's stay.
    const manager = await app.t.login('nanshan.manager');
    expect((await post('/online/roomStay/queryById', { id: stay.id }, manager)).body.code).toBe('404');
    expect((await post('/online/roomStay/unassign', { id: stay.id, version: stay.version }, manager)).body.code).toBe('404');
    expect((await post('/online/roomStay/move', { id: stay.id, version: stay.version, toRoomId: (await room('FT', '303')).id }, manager)).body.code).toBe('404');
    expect(await app.db.selectFrom('room_stay').select(['status', 'room_id', 'version']).where('id', '=', stay.id).executeTakeFirstOrThrow()).toEqual({ status: 'booked', room_id: ftRoom.id, version: stay.version });
    const stays = await resultOf(post<PageResult<RoomStay>>('/online/roomStay/list', { pageSize: 200 }, manager));
    expect(stays.records.map((s) => s.id)).not.toContain(stay.id);
  });

  it('a 南山店 销售顾问 cannot hold a 福田店 room for her customer; nothing is written', async () => {
    const token = await app.t.login('nanshan.sales1');
    const [ns, ft] = [await storeId('NS'), await storeId('FT')];
    const customer = await resultOf(post<Customer>('/online/customer/add', { name: '郑欣然', phone: '13600000901', storeId: ns }, token));
    const ftRoom = await room('FT', '304');
    const count = async () => Number((await sql<{ n: string }>`select (select count(*) from reservation) + (select count(*) from room_stay) as n`.execute(app.db)).rows[0]!.n);
    const before = await count();
    const checkIn = addDays(new Date().toISOString().slice(0, 10), 60);
    const res = await post('/online/roomHold/add', { customerId: customer.id, storeId: ft, roomId: ftRoom.id, plannedCheckIn: checkIn, days: 28 }, token);
    expect(res.body).toMatchObject({ success: false, code: '101' });
    // Nor a 福田店 room type alone (待排房, no room).
    const typeOnly = await post('/online/roomHold/add', { customerId: customer.id, storeId: ft, roomTypeId: ftRoom.room_type_id, plannedCheckIn: checkIn, days: 28 }, token);
    expect(typeOnly.body).toMatchObject({ success: false, code: '101', message: RoomHoldText.outOfScope });
    expect(await count()).toBe(before);
    // Her own store's room she holds.
    const nsRoom = await room('NS', '202');
    expect((await post('/online/roomHold/add', { customerId: customer.id, storeId: ns, roomId: nsRoom.id, plannedCheckIn: checkIn, days: 28 }, token)).body.code).toBe('0');
  });

  it('seeds the store rule on 房间 and 房型 once, also into a demo company seeded before it', async () => {
    const rules = () =>
      app.db
        .selectFrom('data_rule as r')
        .innerJoin('sys_permission as p', 'p.id', 'r.permission_id')
        .select(['p.path', 'r.resource', 'r.column_key', 'r.condition', 'r.value'])
        .where('r.company_id', '=', app.companyId)
        .where('r.resource', 'in', ['room', 'room_type'])
        .orderBy('r.resource')
        .execute();
    const expected = [
      { path: '/room/room', resource: 'room', column_key: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
      { path: '/room/roomType', resource: 'room_type', column_key: 'storeId', condition: 'IN', value: '#{sys_store_ids}' },
    ];
    expect(demoRoomRules).toHaveLength(2);
    expect(await rules()).toEqual(expected);
    // A database seeded before the rules came: the next start adds them, once.
    await app.db.deleteFrom('data_rule').where('company_id', '=', app.companyId).where('resource', 'in', ['room', 'room_type']).execute();
    await app.db.deleteFrom('seed_record').where('key', '=', 'demo:room:rules').execute();
    expect(await seedDemoTradeRolesIfEmpty(app.db, app.t.config)).toBe(true);
    expect(await rules()).toEqual(expected);
    expect(await seedDemoTradeRolesIfEmpty(app.db, app.t.config)).toBe(false);
    expect(await rules()).toEqual(expected);
  });
});
