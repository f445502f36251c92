import { describe, expect, it } from 'vitest';
import { Permission, roomTypeContract, RoomTypeText, type PageResult, type RoomType, type RoomTypeOption, type Store } from '@care/shared';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { RoomTypeServiceText } from './room-type.service.js';

const R = Object.fromEntries(Object.entries(roomTypeContract).map(([name, c]) => [name, c.path])) as Record<keyof typeof roomTypeContract, string>;

describe('房型', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const addStore = (code: string) => resultOf(post<Store>('/online/store/add', { code, name: `${code}门店`, modes: ['hospital'] }));

  it('adds, lists with filters and sorts, edits under the version lock; the code is unique within a store only', async () => {
    const [a, b] = [await addStore('RTA'), await addStore('RTB')];
    const added = await resultOf(post<RoomType>(R.add, { storeId: a.id, code: 'STD', name: '标准间', beds: 1, area: '28.5', dailyPrice: '1280', sort: 2 }));
    expect(added).toMatchObject({ storeId: a.id, storeName: 'RTA门店', code: 'STD', name: '标准间', beds: 1, area: '28.50', dailyPrice: '1280.00', enabled: true, version: 1 });
    // The same code in another store is fine; in the same store it is refused.
    await resultOf(post(R.add, { storeId: b.id, code: 'STD', name: '标准间' }));
    expect((await post(R.add, { storeId: a.id, code: 'STD', name: '另一个' })).body).toMatchObject({ code: '101', message: RoomTypeText.codeTaken });
    await resultOf(post(R.add, { storeId: a.id, code: 'STE', name: '套房', beds: 2, dailyPrice: '2580', sort: 1 }));

    const list = await resultOf(post<PageResult<RoomType>>(R.list, { storeId: a.id }));
    expect(list.records.map((r) => r.code)).toEqual(['STE', 'STD']);
    const byPrice = await resultOf(post<PageResult<RoomType>>(R.list, { storeId: a.id, column: 'dailyPrice', order: 'desc' }));
    expect(byPrice.records.map((r) => r.dailyPrice)).toEqual(['2580.00', '1280.00']);
    expect((await resultOf(post<PageResult<RoomType>>(R.list, { storeId: a.id, name: '套' }))).records.map((r) => r.code)).toEqual(['STE']);
    expect((await post(R.list, { column: 'description' })).body).toMatchObject({ code: '101', message: 'column: 不支持的排序字段' });

    const edited = await resultOf(post<RoomType>(R.edit, { ...added, name: '标准大床间', dailyPrice: '1380' }));
    expect(edited).toMatchObject({ name: '标准大床间', dailyPrice: '1380.00', version: 2, storeId: a.id });
    expect((await post(R.edit, { ...added, name: '过期' })).body.code).toBe('101');
    // The store is fixed on add: an edit naming another store leaves it.
    expect(await resultOf(post<RoomType>(R.edit, { ...edited, storeId: b.id }))).toMatchObject({ storeId: a.id, version: 3 });
    expect((await post(R.edit, { ...edited, version: 3, code: 'STE' })).body).toMatchObject({ code: '101', message: RoomTypeText.codeTaken });

    // Disabled types leave the options.
    await resultOf(post(R.updateStatus, { id: added.id, enabled: false }));
    const options = await resultOf(post<RoomTypeOption[]>(R.options, { storeId: a.id }));
    expect(options.map((o) => o.code)).toEqual(['STE']);
  });

  it('refuses a missing or disabled store and bad values', async () => {
    const store = await addStore('RTC');
    await resultOf(post('/online/store/updateStatus', { id: store.id, enabled: false }));
    expect((await post(R.add, { storeId: store.id, code: 'X', name: '甲' })).body).toMatchObject({ code: '101', message: RoomTypeText.storeMissing });
    expect((await post(R.add, { code: 'X', name: '甲' })).body).toMatchObject({ code: '101', message: 'storeId: 请选择门店!' });
    expect((await post(R.add, { storeId: store.id, code: 'X', name: '甲', dailyPrice: '1.234' })).body.code).toBe('101');
  });

  it('exports the filtered list with the store name', async () => {
    const store = await addStore('RTD');
    await resultOf(post(R.add, { storeId: store.id, code: 'DLX', name: '豪华间', dailyPrice: '1680' }));
    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { storeId: store.id }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['门店', '房型编码', '房型名称', '床位数', '面积（㎡）', '日房价（元）', '描述', '状态', '排序']);
    expect(rows.slice(1)).toEqual([['RTD门店', 'DLX', '豪华间', '1', '0.00', '1680.00', '', '是', '0']]);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'rt_nobody');
    const store = await addStore('RTE');
    await expectEachForbidden(ctx.t, R, [
      ['list', '', {}],
      ['add', '', { storeId: store.id, code: 'A', name: '甲' }],
      ['edit', '', { id: store.id, version: 1, code: 'A', name: '甲' }],
      ['updateStatus', '', { id: store.id, enabled: false }],
      ['exportXls', '', {}],
    ], token);
  });

  it('keeps a user with a store rule to that store: lists, by id and writes', async () => {
    const [mine, other] = [await addStore('RTF'), await addStore('RTG')];
    const theirs = await resultOf(post<RoomType>(R.add, { storeId: other.id, code: 'T1', name: '他店房型' }));
    await resultOf(post(R.add, { storeId: mine.id, code: 'M1', name: '本店房型' }));
    const { token, userId } = await signedInUser(ctx.t, 'rt_scoped', { actions: [Permission.roomTypeList, Permission.roomTypeAdd, Permission.roomTypeEdit], paths: ['/room/roomType'] });
    // Her store (本人门店), as the demo's store rule on 房型 reads it.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.id }).execute();
    await withDataRule(ctx.t, ctx.admin, '/room/roomType', { resource: 'room_type', name: '本门店房型', columnKey: 'storeId', condition: '=', value: mine.id }, async () => {
      const seen = await resultOf(post<PageResult<RoomType>>(R.list, { pageSize: 100 }, token));
      expect(seen.records.map((r) => r.code)).toEqual(['M1']);
      expect((await post(R.queryById, { id: theirs.id }, token)).status).toBe(404);
      expect((await post(R.edit, { ...theirs, name: '改' }, token)).status).toBe(404);
      expect((await post(R.add, { storeId: other.id, code: 'T2', name: '越权' }, token)).body).toMatchObject({ code: '101', message: RoomTypeServiceText.outOfScope });
      expect(await ctx.db.selectFrom('room_type').select('id').where('code', '=', 'T2').execute()).toEqual([]);
    });
  });
});
