import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, ModuleSwitchText, Permission, type MenuItem, type ModuleSwitchState, type PermissionResult, type SystemConfigDetail } from '@care/shared';
import { MISSING_ID, signedInUser, useAdminApp } from '../../test/fixtures.js';

const routes = {
  list: '/online/moduleSwitch/list',
  save: '/online/moduleSwitch/save',
  permissions: '/online/api/getUserPermissionByToken',
  channels: '/online/channel/list',
  rooms: '/online/room/list',
  configQuery: '/online/systemConfig/query',
  configEdit: '/online/systemConfig/edit',
};

const menuPaths = (items: MenuItem[]): string[] => items.flatMap((item) => [item.path, ...menuPaths(item.children ?? [])]);

describe('一级模块: module switches', () => {
  const ctx = useAdminApp();
  let storeA: string;
  let storeB: string;

  const save = (body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<null>(routes.save, body, { token });
  const menuOf = async (token: string) => menuPaths((await ctx.t.post<PermissionResult>(routes.permissions, {}, { token })).body.result.menu);
  const channels = (token: string) => ctx.t.post(routes.channels, { pageNo: 1, pageSize: 10 }, { token });
  const newStore = async (code: string) =>
    (await ctx.db.insertInto('store').values({ company_id: ctx.companyId, code, name: `门店${code}` }).returning('id').executeTakeFirstOrThrow()).id;
  const worker = async (username: string, stores: string[]) => {
    const user = await signedInUser(ctx.t, username, { actions: [Permission.channelList], paths: ['/crm/channel'] });
    await ctx.db.insertInto('user_store').values(stores.map((store_id) => ({ user_id: user.userId, store_id }))).execute();
    return user.token;
  };

  beforeAll(async () => {
    storeA = await newStore('MS-A');
    storeB = await newStore('MS-B');
  });

  it('lists the first-level modules an administrator can switch, the stores and what is off', async () => {
    const state = (await ctx.t.post<ModuleSwitchState>(routes.list, {}, { token: ctx.admin })).body.result;
    expect(state.modules).toEqual(expect.arrayContaining([{ path: '/crm', title: '客户管理' }, { path: '/room', title: '房间管理' }]));
    // 首页 and 系统管理 cannot be switched off: the way back to this page must stay.
    expect(state.modules.map((m) => m.path)).not.toContain('/system');
    expect(state.modules.map((m) => m.path)).not.toContain('/dashboard');
    expect(state.stores.map((s) => s.id)).toEqual(expect.arrayContaining([storeA, storeB]));
    expect(state).toMatchObject({ switches: [], homeMode: false });
  });

  it('a module off for the company: its menus are not served and its routes answer 403, until switched on', async () => {
    expect(await menuOf(ctx.admin)).toContain('/crm/channel');
    expect((await save({ storeId: null, path: '/crm', enabled: false })).body).toMatchObject({ success: true, message: ModuleSwitchText.saved });
    const menu = await menuOf(ctx.admin);
    expect(menu).not.toContain('/crm');
    expect(menu).not.toContain('/crm/channel');
    expect(menu).toContain('/base/store');
    const refused = await channels(ctx.admin);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, code: '403', message: ModuleSwitchText.off });
    expect((await ctx.t.post<ModuleSwitchState>(routes.list, {}, { token: ctx.admin })).body.result.switches).toEqual([{ storeId: null, path: '/crm', enabled: false }]);

    await save({ storeId: null, path: '/crm', enabled: true });
    expect(await menuOf(ctx.admin)).toContain('/crm/channel');
    expect((await channels(ctx.admin)).body.code).toBe('0');
  });

  it('a module off for a store: off for those who work only in stores that switched it off', async () => {
    const onlyA = await worker('ms_only_a', [storeA]);
    const both = await worker('ms_both', [storeA, storeB]);
    await save({ storeId: storeA, path: '/crm', enabled: false });
    try {
      expect((await channels(onlyA)).status).toBe(403);
      expect(await menuOf(onlyA)).not.toContain('/crm/channel');
      expect((await channels(both)).body.code).toBe('0');
      expect(await menuOf(both)).toContain('/crm/channel');
      // The administrator works in no store: the company's switch decides.
      expect((await channels(ctx.admin)).body.code).toBe('0');
      await save({ storeId: storeB, path: '/crm', enabled: false });
      expect((await channels(both)).status).toBe(403);
    } finally {
      await save({ storeId: storeA, path: '/crm', enabled: true });
      await save({ storeId: storeB, path: '/crm', enabled: true });
    }
    expect((await channels(onlyA)).body.code).toBe('0');
  });

  it('到家模式 hides the room menus and refuses room routes', async () => {
    const setMode = async (modeType: 'home' | 'hospital') => {
      const { version, ...current } = (await ctx.t.post<SystemConfigDetail>(routes.configQuery, {}, { token: ctx.admin })).body.result;
      expect((await ctx.t.post(routes.configEdit, { ...current, version, modeType }, { token: ctx.admin })).body.code).toBe('0');
    };
    expect(await menuOf(ctx.admin)).toContain('/room/room');
    await setMode('home');
    try {
      const menu = await menuOf(ctx.admin);
      expect(menu).not.toContain('/room');
      expect(menu).not.toContain('/room/room');
      expect(menu).not.toContain('/store/room');
      expect(menu).toContain('/crm/customer');
      const refused = await ctx.t.post(routes.rooms, { pageNo: 1, pageSize: 10 }, { token: ctx.admin });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe(ModuleSwitchText.off);
      expect((await ctx.t.post<ModuleSwitchState>(routes.list, {}, { token: ctx.admin })).body.result.homeMode).toBe(true);
    } finally {
      await setMode('hospital');
    }
    expect(await menuOf(ctx.admin)).toContain('/room/room');
    expect((await ctx.t.post(routes.rooms, { pageNo: 1, pageSize: 10 }, { token: ctx.admin })).body.code).toBe('0');
  });

  it('refuses what is not a first-level module, another company’s store, and callers without the action', async () => {
    for (const path of ['/crm/channel', '/system', '/nope']) {
      expect((await save({ storeId: null, path, enabled: false })).body).toMatchObject({ success: false, code: '101', message: ModuleSwitchText.unknownModule });
    }
    expect((await save({ storeId: MISSING_ID, path: '/crm', enabled: false })).body).toMatchObject({ success: false, message: ModuleSwitchText.storeMissing });
    const { token: viewer } = await signedInUser(ctx.t, 'ms_viewer', { actions: [Permission.moduleSwitchList], paths: ['/base/module'] });
    expect((await ctx.t.post(routes.list, {}, { token: viewer })).body.code).toBe('0');
    const refused = await save({ storeId: null, path: '/crm', enabled: false }, viewer);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(ErrorText.forbidden);
    expect((await ctx.t.post<ModuleSwitchState>(routes.list, {}, { token: ctx.admin })).body.result.switches).toEqual([]);
  });
});
