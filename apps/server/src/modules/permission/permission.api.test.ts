import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, permissionResultSchema, type MenuItem, type PermissionResult } from '@care/shared';
import { type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { CUSTOMER_DETAIL_PATH, syncProductPermissions, type MenuSeed, assembleProductMenu } from './permission.seed.js';
import { modules } from '../index.js';
import { signedInUser, useTestApp, resultOf } from '../../test/fixtures.js';

const productMenu = assembleProductMenu(modules);

const PERMS = '/online/api/getUserPermissionByToken';
const GUARDED = '/online/test/guarded';
const CONFIG_EDIT = 'system:config:edit';

const fetchPermissions = async (t: TestApp, token: string): Promise<PermissionResult> => {
  return resultOf(t.post<PermissionResult>(PERMS, {}, { token }));
};
const flatten = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...flatten(i.children ?? [])]);
// Every entry below the top-level folders that is a screen (a page or an address), hidden sub-pages included.
const seedLeaves = (nodes: MenuSeed[]): MenuSeed[] => nodes.flatMap((n) => [...(n.children && !n.component ? [] : [n]), ...seedLeaves(n.children ?? [])]);
const hiddenPaths = new Set(seedLeaves(productMenu).filter((l) => l.hidden).map((l) => l.path));
const seedButtons = productMenu.flatMap(function walk(n: MenuSeed): string[] {
  return [...(n.buttons ?? []).map((b) => b.action), ...(n.children ?? []).flatMap(walk)];
});
const titles = (items: MenuItem[]) => items.map((i) => i.meta.title);
// Screens the seed opens to every signed-in user (我的消息); the tests below are about what a grant adds,
// so they compare menus without these (and without a folder left empty by their removal).
const openPaths = new Set(seedLeaves(productMenu).filter((l) => l.open).map((l) => l.path));
const granted = (items: MenuItem[]): MenuItem[] =>
  items
    .filter((i) => !openPaths.has(i.path))
    .map((i) => (i.children ? { ...i, children: granted(i.children) } : i))
    .filter((i) => !i.children || i.children.length > 0);

describe('permission fetch', () => {
  const ctx = useTestApp();
  let admin: PermissionResult;
  beforeAll(async () => {
    admin = await fetchPermissions(ctx.t, await ctx.t.login());
  });

  it('gives the admin every folder of the product menu and every screen under it', () => {
    expect(permissionResultSchema.safeParse(admin).success).toBe(true);
    expect(titles(admin.menu)).toEqual(productMenu.map((f) => f.title));
    for (const folder of productMenu) {
      const got = admin.menu.find((m) => m.path === folder.path)!;
      expect(titles(got.children ?? []), folder.title).toEqual(folder.children!.map((c) => c.title));
    }
    expect(flatten(admin.menu).map((m) => m.path).sort()).toEqual([...productMenu.map((f) => f.path), ...seedLeaves(productMenu).map((l) => l.path)].sort());
  });

  it('carries every spec §2 field on every item', () => {
    for (const item of flatten(admin.menu)) {
      expect(item, item.path).toEqual(
        expect.objectContaining({
          id: expect.any(String),
          path: expect.stringMatching(/^\//),
          name: expect.any(String),
          component: expect.any(String),
          hidden: hiddenPaths.has(item.path),
          alwaysShow: expect.any(Boolean),
          route: expect.stringMatching(/^[01]$/),
          meta: expect.objectContaining({ title: expect.any(String), keepAlive: expect.any(Boolean), internalOrExternal: expect.any(Boolean) }),
        }),
      );
    }
    for (const folder of admin.menu) {
      expect(folder).toMatchObject({ component: 'layouts/RouteView', redirect: folder.children![0]!.path, route: '1', meta: { icon: expect.any(String) } });
      expect(folder.children!.length).toBeGreaterThan(0);
    }
    const leaves = flatten(admin.menu).filter((i) => !i.children);
    const config = leaves.find((l) => l.path === '/system/config')!;
    expect(config).toMatchObject({ name: 'system-config', component: 'system/SystemConfig', route: '1', meta: { title: '系统配置', internalOrExternal: false } });
    expect(flatten(admin.menu).find((m) => m.path === '/food/messageRecord')?.name).toBe('food-messageRecord');
    expect(new Set(flatten(admin.menu).map((m) => m.id)).size).toBe(flatten(admin.menu).length);
  });

  it('marks the items the seed keeps out of the routes with route "0", their url and a new window', () => {
    const notRouted = seedLeaves(productMenu).filter((l) => l.route === false);
    expect(notRouted.map((l) => l.path)).toEqual(expect.arrayContaining(['/screen/bigscreen1', '/screen/bigscreen2', '/screen/bigscreen3']));
    const items = flatten(admin.menu);
    for (const seed of notRouted) {
      expect(items.find((i) => i.path === seed.path), seed.path).toMatchObject({ route: '0', meta: { title: seed.title, url: seed.url, internalOrExternal: true } });
    }
    expect(items.filter((i) => i.route === '0').map((i) => i.path).sort()).toEqual(notRouted.map((l) => l.path).sort());
  });

  it('lists every button in allAuth, and the admin holds them all', () => {
    expect(seedButtons).toContain(CONFIG_EDIT);
    expect(admin.allAuth.map((a) => a.action).sort()).toEqual([...seedButtons].sort());
    for (const entry of admin.allAuth) expect(entry).toMatchObject({ type: '1', status: '1' });
    expect(admin.auth.map((a) => a.action).sort()).toEqual([...seedButtons].sort());
  });

  it('shows a user holding one screen only that screen and its folder', async () => {
    await createUserWith(ctx.db, { username: 'lead_only', paths: ['/crm/lead'] });
    const result = await fetchPermissions(ctx.t, await ctx.t.login('lead_only', TEST_PASSWORD));
    expect(permissionResultSchema.safeParse(result).success).toBe(true);
    const menu = granted(result.menu);
    expect(menu).toHaveLength(1);
    expect(menu[0]).toMatchObject({ path: '/crm', component: 'layouts/RouteView', meta: { title: '客户管理' } });
    expect(menu[0]!.children!.map((c) => [c.path, c.meta.title])).toEqual([['/crm/lead', '线索']]);
    expect(result.auth).toEqual([]);
    expect(result.allAuth.map((a) => a.action).sort()).toEqual([...seedButtons].sort());
    expect(result.allAuth.find((a) => a.action === CONFIG_EDIT)).toMatchObject({ type: '1', status: '1' });
  });

  // BUG: a folder's redirect is the seed's first screen whatever the user holds, so for this user 客户管理
  // redirects to /crm/lead, a route their menu never registers (the browser lands on 404).
  it("points a folder's redirect at a screen the user can see", async () => {
    await createUserWith(ctx.db, { username: 'customer_only', paths: ['/crm/customer'] });
    const result = await fetchPermissions(ctx.t, await ctx.t.login('customer_only', TEST_PASSWORD));
    expect(result.menu[0]!.children!.map((c) => c.path)).toEqual(['/crm/customer']);
    expect(result.menu[0]!.redirect ?? '/crm/customer').toBe('/crm/customer');
  });

  it('gives a held button in auth', async () => {
    await createUserWith(ctx.db, { username: 'config_editor', paths: ['/system/config'], actions: [CONFIG_EDIT] });
    const result = await fetchPermissions(ctx.t, await ctx.t.login('config_editor', TEST_PASSWORD));
    expect(result.auth).toEqual([expect.objectContaining({ action: CONFIG_EDIT, type: '1', status: '1' })]);
    expect(flatten(granted(result.menu)).map((m) => m.path)).toEqual(['/system', '/system/config']);
  });

  it('opens 我的消息 to every signed-in user, and nothing else without a grant', async () => {
    await createUserWith(ctx.db, { username: 'no_grants' });
    const result = await fetchPermissions(ctx.t, await ctx.t.login('no_grants', TEST_PASSWORD));
    expect(flatten(result.menu).map((m) => m.path)).toEqual(['/message', '/food/messageRecord']);
    expect(result.auth).toEqual([]);
  });

  it('treats a permission with status "0" as held by everybody', async () => {
    const db = ctx.db;
    const { token } = await signedInUser(ctx.t, 'nobody_special');
    const before = await fetchPermissions(ctx.t, token);
    expect([granted(before.menu), before.auth]).toEqual([[], []]);
    await db.updateTable('sys_permission').set({ status: '0' }).where((eb) => eb.or([eb('action', '=', CONFIG_EDIT), eb('path', '=', '/report/finance')])).execute();
    try {
      const result = await fetchPermissions(ctx.t, token);
      expect(result.auth).toEqual([expect.objectContaining({ action: CONFIG_EDIT, status: '0' })]);
      expect(result.allAuth.find((a) => a.action === CONFIG_EDIT)?.status).toBe('0');
      expect(flatten(granted(result.menu)).map((m) => m.path)).toEqual(['/report', '/report/finance']);
    } finally {
      await db.updateTable('sys_permission').set({ status: '1' }).where((eb) => eb.or([eb('action', '=', CONFIG_EDIT), eb('path', '=', '/report/finance')])).execute();
    }
    const after = await fetchPermissions(ctx.t, token);
    expect([granted(after.menu), after.auth]).toEqual([[], []]);
  });

  it('answers 401 with code 302 without a token', async () => {
    const res = await ctx.t.post(PERMS);
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: '302' });
  });
});

describe('server enforcement of actions', () => {
  const ctx = useTestApp({
    extraRoutes: (app) => app.post(GUARDED, { config: { access: CONFIG_EDIT } }, async () => ({ success: true, message: 'ok', result: 1, code: '0' })),
  });
  const callGuarded = (token: string) => ctx.t.post(GUARDED, {}, { token });
  const expectForbidden = async (token: string) => {
    const res = await callGuarded(token);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: '403', message: ErrorText.forbidden });
  };
  const groupRow = (groupId: string) =>
    ctx.db
      .selectFrom('security_group_permission as gp')
      .innerJoin('sys_permission as p', 'p.id', 'gp.permission_id')
      .select(['gp.group_id', 'gp.permission_id'])
      .where('gp.group_id', '=', groupId)
      .where('p.action', '=', CONFIG_EDIT);

  it('refuses a user without the action with 403 拒绝访问', async () => {
    await createUserWith(ctx.db, { username: 'plain', paths: ['/system/config'] });
    await expectForbidden(await ctx.t.login('plain', TEST_PASSWORD));
  });

  it('accepts the user holding it, and the admin', async () => {
    await createUserWith(ctx.db, { username: 'holder', actions: [CONFIG_EDIT] });
    expect((await callGuarded(await ctx.t.login('holder', TEST_PASSWORD))).body).toMatchObject({ code: '0', result: 1 });
    expect((await callGuarded(await ctx.t.login())).body).toMatchObject({ code: '0', result: 1 });
  });

  it('refuses the same token on its next request once the group loses the permission', async () => {
    const db = ctx.db;
    const { token, groupId } = await signedInUser(ctx.t, 'revoked', { actions: [CONFIG_EDIT] });
    expect((await callGuarded(token)).body.code).toBe('0');
    const row = await groupRow(groupId).executeTakeFirstOrThrow();
    await db.deleteFrom('security_group_permission').where('group_id', '=', row.group_id).where('permission_id', '=', row.permission_id).execute();
    await expectForbidden(token);
    // The menu fetch agrees with the server: the button is gone from auth.
    expect((await fetchPermissions(ctx.t, token)).auth).toEqual([]);
  });

  it('refuses once the group is disabled', async () => {
    const db = ctx.db;
    const { token, groupId } = await signedInUser(ctx.t, 'group_off', { actions: [CONFIG_EDIT] });
    expect((await callGuarded(token)).body.code).toBe('0');
    await db.updateTable('security_group').set({ enabled: false }).where('id', '=', groupId).execute();
    await expectForbidden(token);
    expect((await fetchPermissions(ctx.t, token)).auth).toEqual([]);
  });

  it('lets everybody through an action whose status is "0"', async () => {
    const db = ctx.db;
    const { token } = await signedInUser(ctx.t, 'open_door');
    await expectForbidden(token);
    await db.updateTable('sys_permission').set({ status: '0' }).where('action', '=', CONFIG_EDIT).execute();
    try {
      expect((await callGuarded(token)).body.code).toBe('0');
    } finally {
      await db.updateTable('sys_permission').set({ status: '1' }).where('action', '=', CONFIG_EDIT).execute();
    }
    await expectForbidden(token);
  });

  it('answers 401 with code 302 without a token', async () => {
    const res = await ctx.t.post(GUARDED);
    expect(res.status).toBe(401);
    expect(res.body.code).toBe('302');
  });
});

describe('product menu seeding', () => {
  const ctx = useTestApp();

  it('inserts nothing on a second run', async () => {
    const db = ctx.db;
    const before = await db.selectFrom('sys_permission').select('id').execute();
    expect(before.length).toBe(productMenu.length + seedLeaves(productMenu).length + seedButtons.length);
    expect(await syncProductPermissions(db, productMenu)).toBe(0);
    expect((await db.selectFrom('sys_permission').select('id').execute()).length).toBe(before.length);
  });

  it('grants a hidden sub-page added by a later release to the groups that hold its menu', async () => {
    const db = ctx.db;
    await createUserWith(db, { username: 'customer_holder', paths: ['/crm/customer'] });
    await createUserWith(db, { username: 'lead_holder', paths: ['/crm/lead'] });
    // As if the release before did not have the 360 page yet.
    await db.deleteFrom('sys_permission').where('path', '=', CUSTOMER_DETAIL_PATH).execute();
    await db.deleteFrom('seed_record').where('key', '=', `menu:${CUSTOMER_DETAIL_PATH}`).execute();

    expect(await syncProductPermissions(db, productMenu)).toBe(1);
    const detail = flatten((await fetchPermissions(ctx.t, await ctx.t.login('customer_holder', TEST_PASSWORD))).menu).find((m) => m.path === CUSTOMER_DETAIL_PATH);
    expect(detail).toMatchObject({ hidden: true, component: 'customer/CustomerDetail', name: 'crm-customer-detail-id', meta: { title: '客户详情' } });
    // The list keeps its own page: a hidden sub-page does not make it a folder that redirects.
    const list = (await fetchPermissions(ctx.t, await ctx.t.login('customer_holder', TEST_PASSWORD))).menu[0]!.children!.find((m) => m.path === '/crm/customer');
    expect(list).toMatchObject({ component: 'customer/CustomerList', children: [expect.objectContaining({ path: CUSTOMER_DETAIL_PATH })] });
    expect(list).not.toHaveProperty('redirect');
    const other = flatten((await fetchPermissions(ctx.t, await ctx.t.login('lead_holder', TEST_PASSWORD))).menu).map((m) => m.path);
    expect(other).not.toContain(CUSTOMER_DETAIL_PATH);
    expect(other).not.toContain('/crm/customer');
  });

  it("keeps an administrator's deletion of a menu, its screens and its buttons", async () => {
    const db = ctx.db;
    const system = await db.selectFrom('sys_permission').select('id').where('path', '=', '/system').executeTakeFirstOrThrow();
    const screens = await db.selectFrom('sys_permission').select('id').where('parent_id', '=', system.id).execute();
    // Children first: buttons, then screens, then the folder.
    await db.deleteFrom('sys_permission').where('parent_id', 'in', screens.map((s) => s.id)).execute();
    await db.deleteFrom('sys_permission').where('parent_id', '=', system.id).execute();
    await db.deleteFrom('sys_permission').where('id', '=', system.id).execute();
    // A single screen elsewhere too, its buttons first.
    const room = await db.selectFrom('sys_permission').select('id').where('path', '=', '/bi/room').executeTakeFirstOrThrow();
    await db.deleteFrom('sys_permission').where('parent_id', '=', room.id).execute();
    await db.deleteFrom('sys_permission').where('id', '=', room.id).execute();

    expect(await syncProductPermissions(db, productMenu)).toBe(0);
    const paths = (await db.selectFrom('sys_permission').select('path').execute()).map((r) => r.path);
    expect(paths).not.toContain('/system');
    expect(paths).not.toContain('/system/config');
    expect(paths).not.toContain('/bi/room');
    expect(paths).toContain('/bi/order');

    const result = await fetchPermissions(ctx.t, await ctx.t.login());
    expect(titles(result.menu)).toEqual(productMenu.filter((f) => f.path !== '/system').map((f) => f.title));
    expect(result.allAuth.map((a) => a.action)).not.toContain(CONFIG_EDIT);
    expect(titles(result.menu.find((m) => m.path === '/bi')!.children!)).toEqual(['客户分析', '月嫂分析', '订单分析']);
  });
});
