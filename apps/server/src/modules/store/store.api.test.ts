import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, Permission, type Channel, type CrmOption, type LeadChannel, type PageResult, type Store } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { storeIdsOf } from '../../platform/data-rules/variables.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';

// Stores (and #{sys_store_ids}), lead channels and partner channels: master data of the CRM.
describe('stores, lead channels and channels', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let admin: string;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    admin = await t.login();
  }, 120_000);
  afterAll(() => t?.close());

  const userIdOf = async (username: string) => (await db.selectFrom('app_user').select('id').where('username', '=', username).executeTakeFirstOrThrow()).id;

  it('the demo seeds 南山店 and 福田店 with their managers and staff', async () => {
    const page = (await t.post<PageResult<Store>>('/online/store/list', {}, { token: admin })).body.result;
    expect(page.records.map((s) => [s.code, s.name, s.managerName])).toEqual([
      ['NS', '南山店', '王丽娟'],
      ['FT', '福田店', '陈秀英'],
    ]);
    const staff = (await t.post<{ username: string }[]>('/online/store/users', { storeId: page.records[0]!.id }, { token: admin })).body.result.map((u) => u.username);
    expect(staff).toEqual(expect.arrayContaining(['nanshan.sales1', 'nanshan.sales2', 'nanshan.nursing']));
    expect(staff).not.toContain('futian.sales1');
  });

  it('creates, edits with the version lock, enables/disables; codes are unique; a parent cannot be its own descendant', async () => {
    const added = await t.post<Store>('/online/store/add', { code: 'BA', name: '宝安店', phone: '0755-1234', modes: ['hospital'], region: '深圳' }, { token: admin });
    expect(added.body).toMatchObject({ code: '0', message: '添加成功！', result: { code: 'BA', name: '宝安店', enabled: true, modes: ['hospital'], version: 1 } });
    const store = added.body.result;
    expect((await t.post('/online/store/add', { code: 'ba', name: '重复' }, { token: admin })).body).toMatchObject({ code: '101', message: '门店编码已存在' });
    const child = (await t.post<Store>('/online/store/add', { code: 'BA2', name: '宝安二店', parentId: store.id }, { token: admin })).body.result;
    expect(child.parentName).toBe('宝安店');
    const cycle = await t.post('/online/store/edit', { ...store, parentId: child.id }, { token: admin });
    expect(cycle.body).toMatchObject({ code: '101', message: '上级门店不能是本门店或其下级门店' });
    const edited = await t.post<Store>('/online/store/edit', { ...store, name: '宝安旗舰店', modes: ['hospital', 'home'] }, { token: admin });
    expect(edited.body.result).toMatchObject({ name: '宝安旗舰店', modes: ['hospital', 'home'], version: 2 });
    expect((await t.post('/online/store/edit', { ...store, name: '旧' }, { token: admin })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    const disabled = await t.post<Store>('/online/store/updateStatus', { id: store.id, enabled: false }, { token: admin });
    expect(disabled.body.result.enabled).toBe(false);
    const options = (await t.post<CrmOption[]>('/online/store/options', {}, { token: admin })).body.result.map((o) => o.id);
    expect(options).not.toContain(store.id);
    expect((await t.post('/online/store/add', { code: 'X1', name: '无模式', modes: [] }, { token: admin })).body.message).toContain('请选择经营模式!');
    expect((await t.post('/online/store/queryById', { id: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' }, { token: admin })).body.code).toBe('404');
  });

  it('#{sys_store_ids}: the stores a user works in plus those they manage', async () => {
    const stores = (await t.post<PageResult<Store>>('/online/store/list', { code: 'NS' }, { token: admin })).body.result.records;
    const ns = stores[0]!;
    const { userId, companyId } = await createUserWith(db, { username: 'store_probe' });
    const session = { sessionId: 'x', userId, username: 'store_probe', companyId, departmentId: null };
    expect(await storeIdsOf(db, session)).toEqual([]);
    expect((await t.post('/online/store/saveUsers', { storeId: ns.id, userIds: [userId] }, { token: admin })).body.code).toBe('0');
    expect(await storeIdsOf(db, session)).toEqual([ns.id]);
    const managed = (await t.post<Store>('/online/store/add', { code: 'LH', name: '龙华店', managerId: userId }, { token: admin })).body.result;
    expect((await storeIdsOf(db, session)).sort()).toEqual([ns.id, managed.id].sort());
    // Saving the staff again replaces it; the managed store stays.
    await t.post('/online/store/saveUsers', { storeId: ns.id, userIds: [] }, { token: admin });
    expect(await storeIdsOf(db, session)).toEqual([managed.id]);
    expect(await storeIdsOf(db, { ...session, userId: await userIdOf('nanshan.manager') })).toEqual([ns.id]);
    expect((await t.post('/online/store/saveUsers', { storeId: ns.id, userIds: ['5d1f7a3e-9b2c-4d6e-8f10-123456789abc'] }, { token: admin })).body.code).toBe('101');
  });

  it('lead channels: CRUD, unique code, money with two decimals, enable/disable', async () => {
    const added = await t.post<LeadChannel>('/online/leadChannel/add', { code: 'XHS', name: '小红书', type: 'online', costPerMonth: '12000.5' }, { token: admin });
    expect(added.body.result).toMatchObject({ code: 'XHS', name: '小红书', type: 'online', costPerMonth: '12000.50', enabled: true });
    expect((await t.post('/online/leadChannel/add', { code: 'XHS', name: '又一个', type: 'online' }, { token: admin })).body).toMatchObject({ code: '101', message: '线索渠道编码已存在' });
    expect((await t.post('/online/leadChannel/add', { code: 'DY', name: '抖音', type: 'online', costPerMonth: '1.234' }, { token: admin })).body.message).toContain('每月费用必须是最多两位小数的金额');
    const ch = added.body.result;
    const edited = await t.post<LeadChannel>('/online/leadChannel/edit', { ...ch, name: '小红书笔记' }, { token: admin });
    expect(edited.body.result).toMatchObject({ name: '小红书笔记', version: 2 });
    expect((await t.post('/online/leadChannel/edit', { ...ch, name: 'x' }, { token: admin })).body.code).toBe('101');
    await t.post('/online/leadChannel/updateStatus', { id: ch.id, enabled: false }, { token: admin });
    const page = (await t.post<PageResult<LeadChannel>>('/online/leadChannel/list', { enabled: false }, { token: admin })).body.result;
    expect(page.records.map((r) => r.id)).toEqual([ch.id]);
    // A disabled channel cannot be the source of a new lead.
    const lead = await t.post('/online/lead/add', { name: '渠道测试', phone: '13700000001', leadChannelId: ch.id }, { token: admin });
    expect(lead.body).toMatchObject({ code: '101', message: '线索渠道不存在或已停用' });
  });

  it('channels: CRUD, commission 0–100, contract period, unique name', async () => {
    const added = await t.post<Channel>(
      '/online/channel/add',
      { name: '深圳市妇幼保健院', kind: 'hospital', contact: '赵医生', phone: '13800138000', commissionRate: 5.5, contractStart: '2026-01-01', contractEnd: '2026-12-31' },
      { token: admin },
    );
    expect(added.body.result).toMatchObject({ name: '深圳市妇幼保健院', commissionRate: '5.50', contractStart: '2026-01-01', contractEnd: '2026-12-31' });
    expect((await t.post('/online/channel/add', { name: '深圳市妇幼保健院', kind: 'hospital' }, { token: admin })).body).toMatchObject({ code: '101', message: '渠道名称已存在' });
    expect((await t.post('/online/channel/add', { name: 'A', kind: 'peer', commissionRate: 120 }, { token: admin })).body.message).toContain('佣金比例必须在0到100之间');
    expect((await t.post('/online/channel/add', { name: 'B', kind: 'peer', contractStart: '2026-05-01', contractEnd: '2026-04-01' }, { token: admin })).body.message).toContain('合作结束日期不能早于开始日期');
    const list = (await t.post<PageResult<Channel>>('/online/channel/list', { name: "妇幼' or 1=1 --" }, { token: admin })).body;
    expect(list).toMatchObject({ code: '0', result: { total: 0 } });
    expect((await t.post('/online/channel/list', { column: 'name desc, (select 1)' }, { token: admin })).body.message).toContain('不支持的排序字段');
    const lead = await t.post<{ channelName: string }>('/online/lead/add', { name: '渠道客户', phone: '13700000002', channelId: added.body.result.id }, { token: admin });
    expect(lead.body.result.channelName).toBe('深圳市妇幼保健院');
  });

  it('answers 403 for every route without its action', async () => {
    await createUserWith(db, { username: 'crm_nobody' });
    const nobody = await t.login('crm_nobody', TEST_PASSWORD);
    const routes: [string, string][] = [
      ['/online/store/list', Permission.storeList], ['/online/store/queryById', Permission.storeList], ['/online/store/add', Permission.storeAdd],
      ['/online/store/edit', Permission.storeEdit], ['/online/store/updateStatus', Permission.storeStatus], ['/online/store/users', Permission.storeList],
      ['/online/store/saveUsers', Permission.storeEdit],
      ['/online/leadChannel/list', Permission.leadChannelList], ['/online/leadChannel/queryById', Permission.leadChannelList], ['/online/leadChannel/add', Permission.leadChannelAdd],
      ['/online/leadChannel/edit', Permission.leadChannelEdit], ['/online/leadChannel/updateStatus', Permission.leadChannelStatus],
      ['/online/channel/list', Permission.channelList], ['/online/channel/queryById', Permission.channelList], ['/online/channel/add', Permission.channelAdd],
      ['/online/channel/edit', Permission.channelEdit], ['/online/channel/updateStatus', Permission.channelStatus],
    ];
    for (const [url] of routes) expect((await t.post(url, {}, { token: nobody })).body.code, url).toBe('403');
    // Options for selects are open to every signed-in user.
    for (const url of ['/online/store/options', '/online/leadChannel/options', '/online/channel/options']) expect((await t.post(url, {}, { token: nobody })).body.code, url).toBe('0');
    await createUserWith(db, { username: 'store_lister', actions: [Permission.storeList] });
    const lister = await t.login('store_lister', TEST_PASSWORD);
    expect((await t.post('/online/store/list', {}, { token: lister })).body.code).toBe('0');
    expect((await t.post('/online/store/add', { code: 'Z', name: 'Z' }, { token: lister })).body.code).toBe('403');
  });
});
