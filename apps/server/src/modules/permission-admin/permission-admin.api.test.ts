import { describe, expect, it } from 'vitest';
import {
  ErrorText,
  Permission,
  PermissionAdminText,
  permissionNodeSchema,
  type PermissionNode,
  type PermissionResult,
  type PermissionTreeNode,
  type PermissionTreeResult,
} from '@care/shared';
import { createUserWith } from '../../test/test-users.js';
import { MISSING_ID, signedInUser, useAdminApp, expectEachForbidden, type RouteCall, resultOf } from '../../test/fixtures.js';

const API = '/online/api';
const routes = {
  menus: `${API}/getSystemMenuList`,
  sub: `${API}/getSystemSubmenu`,
  batch: `${API}/getSystemSubmenuBatch`,
  all: `${API}/listSysAllSecurityPermission`,
  tree: `${API}/queryTreeList`,
  create: `${API}/createSysSecurityPermission`,
  update: '/online/special/api/updateSysSecurityPermission',
  delete: `${API}/deleteSysSecurityPermission`,
};
const PERMS = `${API}/getUserPermissionByToken`;

describe('permission tree editor', () => {
  const ctx = useAdminApp();
  let seq = 0;

  const node = (id: string) => ctx.db.selectFrom('sys_permission').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const idOf = async (where: { path?: string; action?: string }) =>
    (
      await ctx.db
        .selectFrom('sys_permission')
        .select('id')
        .where((eb) => (where.path ? eb('path', '=', where.path).and('menu_type', 'in', [0, 1]) : eb('action', '=', where.action!)))
        .executeTakeFirstOrThrow()
    ).id;
  const ok = async <T>(url: string, body: Record<string, unknown>, token = ctx.admin): Promise<T> => {
    return resultOf(ctx.t.post<T>(url, body, { token }));
  };
  const addMenu = async (extra: Record<string, unknown> = {}, token = ctx.admin) => {
    seq++;
    return ok<PermissionNode>(routes.create, { menuType: 0, name: `测试菜单${seq}`, path: `/probe${seq}`, ...extra }, token);
  };
  const addButton = async (parentId: string, extra: Record<string, unknown> = {}, token = ctx.admin) => {
    seq++;
    return ok<PermissionNode>(routes.create, { menuType: 2, parentId, name: `测试按钮${seq}`, action: `probe:button${seq}`, ...extra }, token);
  };
  const editBody = (n: PermissionNode, changes: Record<string, unknown>) => {
    const { hasChildren: _h, createdAt: _c, updatedAt: _u, ...rest } = n;
    return { ...rest, ...changes };
  };

  describe('access', () => {
    const calls = async (): Promise<RouteCall<typeof routes>[]> => {
      const menu = await addMenu();
      const leaf = await addButton(menu.id);
      const system = await idOf({ path: '/system' });
      return [
        ['menus', Permission.permissionList, {}],
        ['sub', Permission.permissionList, { parentId: system }],
        ['batch', Permission.permissionList, { parentIds: [system] }],
        ['all', Permission.permissionList, {}],
        ['tree', Permission.groupPermissions, {}],
        ['create', Permission.permissionAdd, { menuType: 2, parentId: menu.id, name: '新按钮', action: `probe:new${++seq}` }],
        ['update', Permission.permissionEdit, editBody(menu, { name: '改名了' })],
        ['delete', Permission.permissionDelete, { id: leaf.id }],
      ];
    };

    it('seeds the actions as buttons of 权限', async () => {
      const menu = await idOf({ path: '/system/permission' });
      const buttons = await ctx.db.selectFrom('sys_permission').select('action').where('parent_id', '=', menu).execute();
      expect(buttons.map((b) => b.action).sort()).toEqual(
        [Permission.permissionList, Permission.permissionAdd, Permission.permissionEdit, Permission.permissionDelete].sort(),
      );
    });

    it('refuses every route with 403 to a user holding the menu but none of the actions', async () => {
      const { token } = await signedInUser(ctx.t, 'perm_menu_only', { paths: ['/system/permission'] });
      const list = await calls();
      await expectEachForbidden(ctx.t, routes, list, token);
      // Nothing changed: the edited menu kept its name, the button to delete is still there.
      const edited = list.find(([n]) => n === 'update')![2];
      expect((await node(edited.id as string)).name).not.toBe('改名了');
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('id', '=', list.find(([n]) => n === 'delete')![2].id as string).executeTakeFirst()).toBeDefined();
    });

    it('accepts each route for a user holding just its action', async () => {
      for (const [name, action, body] of await calls()) {
        const username = `perm_${name}`;
        const { token } = await signedInUser(ctx.t, username, { actions: [action] });
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body.code, `${name}: ${res.body.message}`).toBe('0');
      }
    });
  });

  describe('reading the tree', () => {
    it('loads the top level and then children lazily, with hasChildren', async () => {
      const top = await ok<PermissionNode[]>(routes.menus, {});
      for (const n of top) expect(permissionNodeSchema.parse(n)).toEqual(n);
      expect(top.every((n) => n.parentId === null)).toBe(true);
      const system = top.find((n) => n.path === '/system')!;
      expect(system).toMatchObject({ menuType: 0, name: '系统管理', component: 'layouts/RouteView', hasChildren: true });

      const children = await ok<PermissionNode[]>(routes.sub, { parentId: system.id });
      const perm = children.find((n) => n.path === '/system/permission')!;
      expect(perm).toMatchObject({ menuType: 1, parentId: system.id, component: 'system/PermissionList', routeName: 'system-permission', hasChildren: true, route: true });
      // Menu order is the seeded sort.
      expect(children.map((n) => n.sort)).toEqual([...children.map((n) => n.sort)].sort((a, b) => a - b));

      const buttons = await ok<PermissionNode[]>(routes.sub, { parentId: perm.id });
      expect(buttons.map((b) => b.action)).toEqual([Permission.permissionList, Permission.permissionAdd, Permission.permissionEdit, Permission.permissionDelete]);
      expect(buttons[0]).toMatchObject({ menuType: 2, hasChildren: false, authType: '1', status: '1', path: null });
    });

    it('answers the children of several parents keyed by parent, empty for a leaf or an unknown id', async () => {
      const system = await idOf({ path: '/system' });
      const crm = await idOf({ path: '/crm' });
      const leaf = await idOf({ action: Permission.userList });
      const batch = await ok<Record<string, PermissionNode[]>>(routes.batch, { parentIds: [system, crm, leaf, MISSING_ID] });
      expect(Object.keys(batch).sort()).toEqual([system, crm, leaf, MISSING_ID].sort());
      expect(batch[system]!.some((n) => n.path === '/system/user')).toBe(true);
      expect(batch[crm]!.map((n) => n.path)).toContain('/crm/customer');
      expect(batch[leaf]).toEqual([]);
      expect(batch[MISSING_ID]).toEqual([]);
      expect(await ok<PermissionNode[]>(routes.sub, { parentId: MISSING_ID })).toEqual([]);
    });

    it('lists every node flat in tree order and filters by name, path, action and type', async () => {
      const all = await ok<PermissionNode[]>(routes.all, {});
      const total = Number((await ctx.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(all).toHaveLength(total);
      const position = new Map(all.map((n, i) => [n.id, i]));
      for (const n of all) if (n.parentId) expect(position.get(n.parentId)!, n.name).toBeLessThan(position.get(n.id)!);

      const byName = await ok<PermissionNode[]>(routes.all, { name: '权限' });
      expect(byName.map((n) => n.name)).toEqual(expect.arrayContaining(['权限', '查看权限', '分配权限']));
      expect(byName.every((n) => n.name.includes('权限'))).toBe(true);
      const buttons = await ok<PermissionNode[]>(routes.all, { action: 'system:user:', menuType: 2 });
      expect(buttons.map((n) => n.action)).toContain(Permission.userResetPassword);
      expect(buttons.every((n) => n.menuType === 2 && n.action!.startsWith('system:user:'))).toBe(true);
      expect((await ok<PermissionNode[]>(routes.all, { path: '/system/dataRule' })).map((n) => n.path)).toEqual(['/system/dataRule']);
      // Wildcards and quotes are text.
      expect(await ok<PermissionNode[]>(routes.all, { name: "%' or 1=1 --" })).toEqual([]);
      expect(await ok<PermissionNode[]>(routes.all, { name: '_' })).toEqual([]);
    });

    it('builds the checkbox tree with every id, and a menu-only tree for a parent picker', async () => {
      const { treeList, ids } = await ok<PermissionTreeResult>(routes.tree, {});
      const total = Number((await ctx.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
      expect(ids).toHaveLength(total);
      const flat = (nodes: PermissionTreeNode[]): PermissionTreeNode[] => nodes.flatMap((n) => [n, ...flat(n.children)]);
      expect(flat(treeList)).toHaveLength(total);
      const system = treeList.find((n) => n.title === '系统管理')!;
      expect(system).toMatchObject({ key: system.value, menuType: 0, isLeaf: false, action: null });
      const perm = system.children.find((n) => n.title === '权限')!;
      expect(perm.children.map((c) => c.action)).toContain(Permission.permissionDelete);
      expect(perm.children.every((c) => c.isLeaf && c.menuType === 2)).toBe(true);

      const menus = await ok<PermissionTreeResult>(routes.tree, { menuOnly: true });
      expect(flat(menus.treeList).every((n) => n.menuType !== 2)).toBe(true);
      expect(menus.ids.length).toBe(flat(menus.treeList).length);
      expect(menus.treeList.find((n) => n.title === '系统管理')!.children.find((n) => n.title === '权限')!.isLeaf).toBe(true);
    });
  });

  describe('creating', () => {
    it('creates a top-level menu with defaults, a sub menu and a button', async () => {
      const top = await ok<PermissionNode>(routes.create, { menuType: 0, name: '护理档案', path: '/care', icon: 'BookOutlined', sort: 30, parentId: MISSING_ID });
      expect(top).toMatchObject({ menuType: 0, parentId: null, path: '/care', routeName: 'care', component: 'layouts/RouteView', icon: 'BookOutlined', sort: 30, route: true, hidden: false, version: 1, status: '1', authType: '1', hasChildren: false });
      const res = await ctx.t.post<PermissionNode>(routes.create, {
        menuType: 1, parentId: top.id, name: '档案列表', path: '/care/records', component: 'care/RecordList', redirect: '/care/records/all',
        keepAlive: true, alwaysShow: true, hidden: true, route: false, internalOrExternal: false, action: 'care:records', sort: 2,
      }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: true, code: '0', message: PermissionAdminText.added });
      const sub = res.body.result;
      expect(sub).toMatchObject({ menuType: 1, parentId: top.id, routeName: 'care-records', component: 'care/RecordList', redirect: '/care/records/all', keepAlive: true, alwaysShow: true, hidden: true, route: false, action: 'care:records' });
      const button = await ok<PermissionNode>(routes.create, { menuType: 2, parentId: sub.id, name: '导出档案', action: 'care:records:export', authType: '2' });
      expect(button).toMatchObject({ menuType: 2, parentId: sub.id, action: 'care:records:export', authType: '2', path: null, component: null, routeName: null });
      expect((await ok<PermissionNode[]>(routes.sub, { parentId: top.id })).map((n) => n.id)).toEqual([sub.id]);
      const row = await node(button.id);
      expect(row.created_by).toBe(row.updated_by);
      // An iframe link without a page component opens in the shell's iframe view.
      const link = await ok<PermissionNode>(routes.create, { menuType: 1, parentId: top.id, name: '外部文档', path: '/care/doc', url: 'https://example.com/doc?a=1' });
      expect(link.component).toBe('IframePageView');
    });

    it.each([
      ['a menu without a path', { menuType: 0, name: '无路径' }, 'path', '请输入菜单路径!'],
      ['a path not starting with /', { menuType: 0, name: 'x', path: 'care' }, 'path', '菜单路径必须以 / 开头且不能含空格'],
      ['a sub menu without a parent', { menuType: 1, name: 'x', path: '/orphan' }, 'parentId', PermissionAdminText.parentRequired],
      ['a button without an action', { menuType: 2, name: 'x', parentId: MISSING_ID }, 'action', '请输入授权标识!'],
      ['an action with spaces', { menuType: 2, name: 'x', parentId: MISSING_ID, action: 'a b' }, 'action', '授权标识只能包含字母、数字和 : _ . -'],
      ['a javascript: link', { menuType: 0, name: 'x', path: '/js', url: 'javascript:alert(1)' }, 'url', '链接地址必须以 http://、https:// 或 / 开头'],
      ['an empty name', { menuType: 0, name: ' ', path: '/noname' }, 'name', '请输入名称!'],
      ['an unknown type', { menuType: 3, name: 'x', path: '/type3' }, 'menuType', '请选择菜单类型!'],
      ['a negative sort', { menuType: 0, name: 'x', path: '/neg', sort: -1 }, 'sort', '排序不能小于0'],
    ])('refuses %s by validation, naming the field', async (_name, body, field, message) => {
      const before = await ctx.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      const res = await ctx.t.post(routes.create, body, { token: ctx.admin });
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: '101', message: `${field}: ${message}` });
      const after = await ctx.db.selectFrom('sys_permission').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      expect(Number(after.n)).toBe(Number(before.n));
    });

    it('refuses a path taken by a menu and an action taken by any node, with 101', async () => {
      const menu = await addMenu();
      const taken = await ctx.t.post(routes.create, { menuType: 0, name: '重复', path: '/system/user' }, { token: ctx.admin });
      expect(taken.body).toMatchObject({ success: false, code: '101', message: PermissionAdminText.pathTaken });
      const takenAction = await ctx.t.post(routes.create, { menuType: 2, parentId: menu.id, name: '重复', action: Permission.userAdd }, { token: ctx.admin });
      expect(takenAction.body).toMatchObject({ code: '101', message: PermissionAdminText.actionTaken });
      // A button's path is not a menu path: no clash.
      await addButton(menu.id, { path: '/system/user' });
    });

    it('refuses a missing parent and a button as parent', async () => {
      const menu = await addMenu();
      const button = await addButton(menu.id);
      const missing = await ctx.t.post(routes.create, { menuType: 1, parentId: MISSING_ID, name: 'x', path: '/missing-parent' }, { token: ctx.admin });
      expect(missing.body).toMatchObject({ code: '101', message: PermissionAdminText.parentMissing });
      const underButton = await ctx.t.post(routes.create, { menuType: 2, parentId: button.id, name: 'x', action: 'probe:under-button' }, { token: ctx.admin });
      expect(underButton.body).toMatchObject({ code: '101', message: PermissionAdminText.parentIsButton });
    });
  });

  describe('editing', () => {
    it('saves every field and bumps the version; a stale version answers 101 and changes nothing', async () => {
      const menu = await addMenu();
      const res = await ctx.t.post<PermissionNode>(
        routes.update,
        editBody(menu, { name: '改过的菜单', path: '/probe-edited', icon: 'StarOutlined', hidden: true, keepAlive: true, sort: 99, internalOrExternal: true, url: 'https://example.com' }),
        { token: ctx.admin },
      );
      expect(res.body).toMatchObject({ code: '0', message: PermissionAdminText.edited });
      expect(res.body.result).toMatchObject({ name: '改过的菜单', path: '/probe-edited', icon: 'StarOutlined', hidden: true, keepAlive: true, sort: 99, internalOrExternal: true, url: 'https://example.com', version: 2 });
      const stale = await ctx.t.post(routes.update, editBody(menu, { name: '旧版本' }), { token: ctx.admin });
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect((await node(menu.id)).name).toBe('改过的菜单');
      const missing = await ctx.t.post(routes.update, editBody(menu, { id: MISSING_ID, version: 2 }), { token: ctx.admin });
      expect(missing.body.code).toBe('404');
    });

    it('moves a node under another menu but never under itself, its descendants or a button', async () => {
      const a = await addMenu();
      const b = await ok<PermissionNode>(routes.create, { menuType: 1, parentId: a.id, name: '子', path: `/probe-child${++seq}` });
      const c = await ok<PermissionNode>(routes.create, { menuType: 1, parentId: b.id, name: '孙', path: `/probe-grandchild${++seq}` });
      const button = await addButton(a.id);
      const aNow = await ok<PermissionNode[]>(routes.all, { path: a.path! });
      for (const parentId of [a.id, c.id]) {
        const res = await ctx.t.post(routes.update, editBody(aNow[0]!, { menuType: 1, parentId }), { token: ctx.admin });
        expect(res.body).toMatchObject({ code: '101', message: PermissionAdminText.parentIsDescendant });
      }
      const underButton = await ctx.t.post(routes.update, editBody(c, { parentId: button.id }), { token: ctx.admin });
      expect(underButton.body).toMatchObject({ code: '101', message: PermissionAdminText.parentIsButton });
      const other = await addMenu();
      const moved = await ok<PermissionNode>(routes.update, editBody(c, { parentId: other.id }));
      expect(moved.parentId).toBe(other.id);
      // A 一级菜单 is always top level.
      const promoted = await ok<PermissionNode>(routes.update, editBody(moved, { menuType: 0, parentId: other.id }));
      expect(promoted).toMatchObject({ menuType: 0, parentId: null });
    });

    it('refuses turning a menu with children into a button, a taken path or action', async () => {
      const menu = await addMenu();
      await addButton(menu.id);
      const res = await ctx.t.post(routes.update, editBody(menu, { menuType: 2, parentId: (await addMenu()).id, action: `probe:x${++seq}` }), { token: ctx.admin });
      expect(res.body).toMatchObject({ code: '101', message: PermissionAdminText.typeChangeWithChildren });
      const path = await ctx.t.post(routes.update, editBody(menu, { path: '/system/role' }), { token: ctx.admin });
      expect(path.body).toMatchObject({ code: '101', message: PermissionAdminText.pathTaken });
      const action = await ctx.t.post(routes.update, editBody(menu, { action: Permission.userAdd }), { token: ctx.admin });
      expect(action.body).toMatchObject({ code: '101', message: PermissionAdminText.actionTaken });
      expect((await node(menu.id)).version).toBe(1);
    });

    it('keeps the action codes the server checks: a built-in button may be renamed but its code not changed', async () => {
      const [visitExport] = await ok<PermissionNode[]>(routes.all, { action: Permission.visitLogExport });
      const renamed = await ok<PermissionNode>(routes.update, editBody(visitExport!, { name: '导出访问日志（Excel）' }));
      expect(renamed.name).toBe('导出访问日志（Excel）');
      const res = await ctx.t.post(routes.update, editBody(renamed, { action: 'visit:export' }), { token: ctx.admin });
      expect(res.body).toMatchObject({ code: '101', message: PermissionAdminText.builtinAction });
      expect((await node(renamed.id)).action).toBe(Permission.visitLogExport);
    });

    it('lets only a super group member open a built-in action to everyone or give it to an existing node', async () => {
      const { token: editor } = await signedInUser(ctx.t, 'perm_editor', { actions: [Permission.permissionEdit, Permission.permissionAdd, Permission.permissionDelete, Permission.permissionList] });
      const [reset] = await ok<PermissionNode[]>(routes.all, { action: Permission.userResetPassword });
      const open = await ctx.t.post(routes.update, editBody(reset!, { status: '0' }), { token: editor });
      expect(open.body).toMatchObject({ code: '403', message: PermissionAdminText.superGroupOnly });
      expect((await node(reset!.id)).status).toBe('1');
      // The editor's own custom button cannot take over a built-in code that is free (its button deleted).
      const menu = await addMenu({}, editor);
      const mine = await addButton(menu.id, {}, editor);
      const [loginExport] = await ok<PermissionNode[]>(routes.all, { action: Permission.loginLogExport });
      await ok(routes.delete, { id: loginExport!.id }, editor);
      const takeOver = await ctx.t.post(routes.update, editBody(mine, { action: Permission.loginLogExport }), { token: editor });
      expect(takeOver.body).toMatchObject({ code: '403', message: PermissionAdminText.superGroupOnly });
      const openNew = await ctx.t.post(routes.create, { menuType: 2, parentId: menu.id, name: '开放', action: Permission.loginLogExport, status: '0' }, { token: editor });
      expect(openNew.body).toMatchObject({ code: '403', message: PermissionAdminText.superGroupOnly });
      // A custom action may be opened by the editor; the super administrator may do all of it.
      expect(await ok<PermissionNode>(routes.update, editBody(mine, { status: '0' }), editor)).toMatchObject({ status: '0' });
      const restored = await ok<PermissionNode>(routes.create, { menuType: 2, parentId: menu.id, name: '导出登录记录', action: Permission.loginLogExport });
      expect(await ok<PermissionNode>(routes.update, editBody(restored, { status: '0' }))).toMatchObject({ status: '0' });
    });
  });

  describe('deleting', () => {
    it('refuses a node with children, deletes a leaf with its grants', async () => {
      const menu = await addMenu();
      const button = await addButton(menu.id);
      const { groupId } = await createUserWith(ctx.db, { username: 'perm_grant_holder', actions: [button.action!] });
      const refused = await ctx.t.post(routes.delete, { id: menu.id }, { token: ctx.admin });
      expect(refused.body).toMatchObject({ success: false, code: '101', message: PermissionAdminText.hasChildren });
      const res = await ctx.t.post(routes.delete, { id: button.id }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: true, code: '0', message: PermissionAdminText.deleted });
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('id', '=', button.id).executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('security_group_permission').select('permission_id').where('group_id', '=', groupId).execute()).toEqual([]);
      await ok(routes.delete, { id: menu.id });
      expect((await ctx.t.post(routes.delete, { id: menu.id }, { token: ctx.admin })).body.code).toBe('404');
    });
  });

  it('an edit reaches the next permission fetch of a signed-in user, and the next access check', async () => {
    const menu = await ok<PermissionNode>(routes.create, { menuType: 0, name: '新模块', path: '/fresh', component: 'fresh/FreshList' });
    const button = await addButton(menu.id, { name: '新按钮' });
    const { token: viewer } = await signedInUser(ctx.t, 'perm_viewer', { paths: ['/fresh'], actions: [button.action!] });
    const fetch = async () => {
      return resultOf(ctx.t.post<PermissionResult>(PERMS, {}, { token: viewer }));
    };
    // Menus open to everyone (status '0', e.g. 我的消息) show too; the rest is what the group holds.
    const mine = (menu: PermissionResult['menu']) => menu.filter((m) => m.path === '/fresh');
    const first = await fetch();
    expect(mine(first.menu).map((m) => m.meta.title)).toEqual(['新模块']);
    expect(first.auth.map((a) => a.action)).toContain(button.action);

    await ok(routes.update, editBody(menu, { name: '改名的模块', icon: 'StarOutlined' }));
    await ok(routes.update, editBody(button, { authType: '2' }));
    const second = await fetch();
    expect(mine(second.menu)[0]).toMatchObject({ path: '/fresh', meta: { title: '改名的模块', icon: 'StarOutlined' } });
    expect(second.auth.find((a) => a.action === button.action)).toMatchObject({ type: '2' });

    // A built-in action opened to everyone reaches the server's check on the viewer's next request.
    const audit = '/online/loginLog/list';
    expect((await ctx.t.post(audit, { pageNo: 1, pageSize: 1 }, { token: viewer })).status).toBe(403);
    const [loginList] = await ok<PermissionNode[]>(routes.all, { action: Permission.loginLogList });
    const opened = await ok<PermissionNode>(routes.update, editBody(loginList!, { status: '0' }));
    expect((await ctx.t.post(audit, { pageNo: 1, pageSize: 1 }, { token: viewer })).body.code).toBe('0');
    await ok(routes.update, editBody(opened, { status: '1' }));
    expect((await ctx.t.post(audit, { pageNo: 1, pageSize: 1 }, { token: viewer })).status).toBe(403);

    await ok(routes.delete, { id: button.id });
    const third = await fetch();
    expect(third.auth.map((a) => a.action)).not.toContain(button.action);
    expect(third.allAuth.map((a) => a.action)).not.toContain(button.action);
    expect(mine(third.menu)).toHaveLength(1);
    await ok(routes.delete, { id: menu.id });
    expect(mine((await fetch()).menu)).toEqual([]);
  });
});
