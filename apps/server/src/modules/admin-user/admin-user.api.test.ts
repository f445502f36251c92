import { describe, expect, it } from 'vitest';
import {
  AdminUserText,
  ErrorText,
  Permission,
  adminUserDetailSchema,
  type AdminUser,
  type AdminUserDetail,
  type PageResult,
  type UserOption,
  SecurityGroupText,
} from '@care/shared';
import { verifyPassword } from '../../platform/passwords.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { MISSING_ID, signedInUser, moveToDepartment, buttonActionsOf, withDataRule, useAdminApp, expectEachForbidden, type RouteCall, expectRevokedAtNextRequest, resultOf } from '../../test/fixtures.js';

const routes = {
  list: '/online/api/getUserList',
  search: '/online/api/searchBy',
  byDep: '/online/api/queryUserByDepId',
  byId: '/online/adminUser/queryById',
  add: '/online/adminUser/add',
  edit: '/online/adminUser/edit',
  status: '/online/api/setSysPartyStatus',
  reset: '/online/api/updatePasswordForPartyId',
};
const NEW_PASSWORD = 'Brand-new-456';

describe('user administration', () => {
  const ctx = useAdminApp();

  const dept = (code: string) => ctx.db.selectFrom('department').selectAll().where('company_id', '=', ctx.companyId).where('code', '=', code).executeTakeFirstOrThrow();
  const userRow = (id: string) => ctx.db.selectFrom('app_user').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const withRule = (body: Record<string, unknown>, fn: () => Promise<void>) => withDataRule(ctx.t, ctx.admin, '/system/user', { resource: 'user', name: '本部门用户', ...body }, fn);
  const newUser = async (username: string, extra: Record<string, unknown> = {}) => {
    const hq = await dept('A01');
    return resultOf(ctx.t.post<AdminUserDetail>(routes.add, { username, password: NEW_PASSWORD, firstName: `名${username}`, departmentIds: [hq.id], ...extra }, { token: ctx.admin }));
  };

  describe('permissions', () => {
    const calls = (target: AdminUserDetail): RouteCall<typeof routes>[] => [
      ['list', Permission.userList, { pageNo: 1, pageSize: 10 }],
      ['search', Permission.userList, { keyword: 'perm' }],
      ['byDep', Permission.userList, { departmentId: target.departmentId }],
      ['byId', Permission.userList, { id: target.id }],
      ['add', Permission.userAdd, { username: `perm_new_${Math.random().toString(36).slice(2, 8)}`, password: NEW_PASSWORD, firstName: '新人', departmentIds: target.departmentIds }],
      ['edit', Permission.userEdit, { id: target.id, version: target.version, firstName: '改名', departmentIds: target.departmentIds }],
      ['status', Permission.userStatus, { partyId: target.id, status: 'enabled' }],
      ['reset', Permission.userResetPassword, { partyId: target.id, password: NEW_PASSWORD }],
    ];

    it('seeds the actions as buttons of 用户', async () => {
      expect(await buttonActionsOf(ctx.db, '/system/user')).toEqual(
        [Permission.userList, Permission.userAdd, Permission.userEdit, Permission.userStatus, Permission.userResetPassword, Permission.userExport].sort(),
      );
    });

    it('refuses every route with 403 to a user holding the menu but none of the actions', async () => {
      const target = await newUser('perm_target_a');
      const { token } = await signedInUser(ctx.t, 'user_menu_only', { paths: ['/system/user'] });
      await expectEachForbidden(ctx.t, routes, calls(target), token);
      expect((await userRow(target.id)).version).toBe(1);
    });

    it('accepts each route for a user holding just its action', async () => {
      const target = await newUser('perm_target_b');
      for (const [name, action, body] of calls({ ...target, version: (await userRow(target.id)).version })) {
        const username = `user_${name}`;
        const { token } = await signedInUser(ctx.t, username, { actions: [action] });
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body, name).toMatchObject({ success: true, code: '0' });
        const other = calls(target).find(([, a]) => a !== action)!;
        expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
      }
    });

    it('blocks a member on the next request once the action is taken from the group', async () => {
      await expectRevokedAtNextRequest(ctx.t, 'user_revoked', Permission.userList, routes.list);
    });
  });

  describe('list and search', () => {
    it('pages with filters and allowed sort columns, never the password hash', async () => {
      await newUser('list_zhang', { firstName: '张三', phone: '13800000001' });
      await newUser('list_li', { firstName: '李四', phone: '13800000002' });
      const res = await ctx.t.post<PageResult<AdminUser>>(routes.list, { pageNo: 1, pageSize: 1, username: 'list_', column: 'username', order: 'asc' }, { token: ctx.admin });
      expect(res.body.result).toMatchObject({ total: 2, current: 1, size: 1, pages: 2 });
      expect(res.body.result.records.map((u) => u.username)).toEqual(['list_li']);
      expect(JSON.stringify(res.body)).not.toMatch(/password|\$argon|\$2[aby]\$/i);
      const byName = await ctx.t.post<PageResult<AdminUser>>(routes.list, { firstName: '张', phone: '0001' }, { token: ctx.admin });
      expect(byName.body.result.records.map((u) => u.username)).toEqual(['list_zhang']);
      expect(byName.body.result.records[0]).toMatchObject({ departmentName: '总部', status: 'enabled' });
      const bad = await ctx.t.post(routes.list, { column: 'password_hash' }, { token: ctx.admin });
      expect(bad.body).toMatchObject({ success: false, code: '101' });
    });

    it('filters by department and status', async () => {
      // 总部/信息部: a department without seeded demo users (seed/demo-roles.ts).
      const shop = await dept('A01A04');
      const user = await newUser('list_shop', { departmentIds: [shop.id] });
      const res = await ctx.t.post<PageResult<AdminUser>>(routes.list, { departmentId: shop.id }, { token: ctx.admin });
      expect(res.body.result.records.map((u) => u.username)).toEqual(['list_shop']);
      await ctx.t.post(routes.status, { partyId: user.id, status: 'disabled' }, { token: ctx.admin });
      const disabled = await ctx.t.post<PageResult<AdminUser>>(routes.list, { status: 'disabled', username: 'list_shop' }, { token: ctx.admin });
      expect(disabled.body.result.records.map((u) => u.status)).toEqual(['disabled']);
      const byDep = await ctx.t.post<UserOption[]>(routes.byDep, { departmentId: shop.id }, { token: ctx.admin });
      expect(byDep.body.result.map((u) => u.username)).toEqual(['list_shop']);
    });

    it('searches by username, name or phone, at most 20 and with LIKE characters as text', async () => {
      await newUser('search_wang', { firstName: '王五', phone: '13900000009' });
      for (const keyword of ['search_w', '王五', '00009']) {
        const res = await ctx.t.post<UserOption[]>(routes.search, { keyword }, { token: ctx.admin });
        expect(res.body.result.map((u) => u.username), keyword).toEqual(['search_wang']);
      }
      expect((await ctx.t.post<UserOption[]>(routes.search, { keyword: '%' }, { token: ctx.admin })).body.result).toEqual([]);
      expect((await ctx.t.post<UserOption[]>(routes.search, {}, { token: ctx.admin })).body.result.length).toBeLessThanOrEqual(20);
    });
  });

  describe('add and edit', () => {
    it('creates a user with a hashed password, departments and groups', async () => {
      const [a, b] = [await dept('A01'), await dept('A01A02')];
      const group = await ctx.db.selectFrom('security_group').select('id').where('company_id', '=', ctx.companyId).where('code', '=', 'admin').executeTakeFirstOrThrow();
      const res = await ctx.t.post<AdminUserDetail>(
        routes.add,
        { username: 'Add_Me', password: NEW_PASSWORD, firstName: ' 新 用户 ', phone: '13700000000', departmentIds: [a.id, b.id], departmentId: b.id, groupIds: [group.id] },
        { token: ctx.admin },
      );
      expect(res.body).toMatchObject({ success: true, message: AdminUserText.added });
      expect(adminUserDetailSchema.strict().safeParse(res.body.result).success).toBe(true);
      expect(res.body.result).toMatchObject({ username: 'Add_Me', firstName: '新 用户', departmentId: b.id, departmentName: '财务部', groupIds: [group.id], version: 1 });
      expect(res.body.result.departmentIds.sort()).toEqual([a.id, b.id].sort());
      const row = await userRow(res.body.result.id);
      expect(row.password_hash).not.toBe(NEW_PASSWORD);
      expect(await verifyPassword(row.password_hash, NEW_PASSWORD)).toBe(true);
      await ctx.t.login('Add_Me', NEW_PASSWORD);
    });

    it('refuses a username taken in any letter case, a short password, foreign departments and groups', async () => {
      const hq = await dept('A01');
      const body = { username: 'ADMIN', password: NEW_PASSWORD, firstName: '重名', departmentIds: [hq.id] };
      expect((await ctx.t.post(routes.add, body, { token: ctx.admin })).body).toMatchObject({ code: '101', message: AdminUserText.usernameTaken });
      const short = await ctx.t.post(routes.add, { ...body, username: 'short_pw', password: '1234567' }, { token: ctx.admin });
      expect(short.body).toMatchObject({ code: '101' });
      expect(short.body.message).toContain(AdminUserText.passwordTooShort);
      expect((await ctx.t.post(routes.add, { ...body, username: 'foreign_dep', departmentIds: [MISSING_ID] }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: AdminUserText.unknownDepartment });
      expect((await ctx.t.post(routes.add, { ...body, username: 'foreign_grp', groupIds: [MISSING_ID] }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: AdminUserText.unknownGroup });
      expect(await ctx.db.selectFrom('app_user').select('id').where('username', 'in', ['short_pw', 'foreign_dep', 'foreign_grp']).execute()).toEqual([]);
    });

    it('a user manager who is not a super administrator cannot create a super administrator', async () => {
      const hq = await dept('A01');
      const superGroup = await ctx.db.selectFrom('security_group').select('id').where('company_id', '=', ctx.companyId).where('all_permissions', '=', true).executeTakeFirstOrThrow();
      const { token: manager } = await signedInUser(ctx.t, 'user_manager', { actions: [Permission.userAdd] });
      const res = await ctx.t.post(routes.add, { username: 'sneaky_super', password: NEW_PASSWORD, firstName: '越权', departmentIds: [hq.id], groupIds: [superGroup.id] }, { token: manager });
      expect(res.body).toMatchObject({ code: '403', message: SecurityGroupText.superGroupOnly });
      expect(await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'sneaky_super').execute()).toEqual([]);
    });

    it('edits with an optimistic version: a stale version answers 101 and changes nothing', async () => {
      const user = await newUser('edit_me');
      const hq = await dept('A01');
      const first = await ctx.t.post<AdminUserDetail>(routes.edit, { id: user.id, version: 1, firstName: '改过', email: 'a@b.cn', departmentIds: [hq.id] }, { token: ctx.admin });
      expect(first.body.result).toMatchObject({ firstName: '改过', email: 'a@b.cn', version: 2, groupIds: [] });
      const stale = await ctx.t.post(routes.edit, { id: user.id, version: 1, firstName: '覆盖', departmentIds: [hq.id] }, { token: ctx.admin });
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect(await userRow(user.id)).toMatchObject({ first_name: '改过', version: 2 });
      expect((await ctx.t.post(routes.edit, { id: MISSING_ID, version: 1, firstName: 'x', departmentIds: [hq.id] }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.byId, { id: MISSING_ID }, { token: ctx.admin })).body.code).toBe('404');
    });
  });

  describe('status and password', () => {
    it('disabling answers 302 to the user’s token at once, and signing in is refused', async () => {
      const { token, userId } = await signedInUser(ctx.t, 'to_disable', { actions: [Permission.userList] });
      expect((await ctx.t.post(routes.list, {}, { token })).status).toBe(200);
      expect((await ctx.t.post(routes.status, { partyId: userId, status: 'disabled' }, { token: ctx.admin })).body).toMatchObject({ success: true });
      const after = await ctx.t.post(routes.list, {}, { token });
      expect(after.body.code).toBe('302');
      const session = await ctx.db.selectFrom('user_session').select('revoked_reason').where('user_id', '=', userId).executeTakeFirstOrThrow();
      expect(session.revoked_reason).toBe('disabled');
      await expect(ctx.t.login('to_disable', TEST_PASSWORD)).rejects.toThrow();
      await ctx.t.post(routes.status, { partyId: userId, status: 'enabled' }, { token: ctx.admin });
      await ctx.t.login('to_disable', TEST_PASSWORD);
    });

    it('an administrator cannot disable themself', async () => {
      const res = await ctx.t.post(routes.status, { partyId: ctx.adminId, status: 'disabled' }, { token: ctx.admin });
      expect(res.body).toMatchObject({ code: '101', message: AdminUserText.cannotDisableSelf });
      expect((await userRow(ctx.adminId)).status).toBe('enabled');
    });

    it('a password reset revokes the user’s sessions and the new password signs in', async () => {
      const { token, userId } = await signedInUser(ctx.t, 'to_reset', { actions: [Permission.userList] });
      expect((await ctx.t.post(routes.reset, { partyId: userId, password: NEW_PASSWORD }, { token: ctx.admin })).body).toMatchObject({ success: true });
      expect((await ctx.t.post(routes.list, {}, { token })).body.code).toBe('302');
      await expect(ctx.t.login('to_reset', TEST_PASSWORD)).rejects.toThrow();
      await ctx.t.login('to_reset', NEW_PASSWORD);
      expect((await ctx.t.post(routes.reset, { partyId: MISSING_ID, password: NEW_PASSWORD }, { token: ctx.admin })).body.code).toBe('404');
    });
  });

  describe('data rules', () => {
    it('a department head sees their department’s users only, in the list and by id', async () => {
      await withRule({ columnKey: 'departmentCode', condition: 'RIGHT_LIKE', value: '#{sys_org_code}' }, async () => {
        const [shop, other] = [await dept('A02'), await dept('A03')];
        const { userId: headId } = await createUserWith(ctx.db, {
          username: 'head_nanshan',
          actions: [Permission.userList, Permission.userEdit, Permission.userStatus, Permission.userResetPassword],
        });
        await moveToDepartment(ctx.db, headId, shop.id);
        const { userId: mineId } = await createUserWith(ctx.db, { username: 'nanshan_staff' });
        await moveToDepartment(ctx.db, mineId, (await dept('A02A02')).id);
        const { userId: theirsId } = await createUserWith(ctx.db, { username: 'futian_staff' });
        await moveToDepartment(ctx.db, theirsId, (await dept('A03A02')).id);
        const token = await ctx.t.login('head_nanshan', TEST_PASSWORD);

        const list = await ctx.t.post<PageResult<AdminUser>>(routes.list, { pageSize: 100 }, { token });
        const names = list.body.result.records.map((u) => u.username);
        expect(names).toEqual(expect.arrayContaining(['head_nanshan', 'nanshan_staff']));
        expect(names).not.toContain('futian_staff');
        const nanshan = await ctx.db.selectFrom('department').select('id').where('company_id', '=', ctx.companyId).where('code', 'like', 'A02%').execute();
        expect(list.body.result.records.every((u) => nanshan.some((d) => d.id === u.departmentId))).toBe(true);
        expect((await ctx.t.post<UserOption[]>(routes.search, { keyword: 'staff' }, { token })).body.result.map((u) => u.username)).toEqual(['nanshan_staff']);
        expect((await ctx.t.post<UserOption[]>(routes.byDep, { departmentId: other.id }, { token })).body.result).toEqual([]);

        const before = await userRow(theirsId);
        expect((await ctx.t.post(routes.byId, { id: theirsId }, { token })).body.code).toBe('404');
        expect((await ctx.t.post(routes.edit, { id: theirsId, version: before.version, firstName: '越权', departmentIds: [shop.id] }, { token })).body.code).toBe('404');
        expect((await ctx.t.post(routes.status, { partyId: theirsId, status: 'disabled' }, { token })).body.code).toBe('404');
        expect((await ctx.t.post(routes.reset, { partyId: theirsId, password: NEW_PASSWORD }, { token })).body.code).toBe('404');
        expect(await userRow(theirsId)).toEqual(before);

        const mine = await userRow(mineId);
        const edit = await ctx.t.post<AdminUserDetail>(routes.edit, { id: mineId, version: mine.version, firstName: '南山员工', departmentIds: [mine.department_id] }, { token });
        expect(edit.body.result).toMatchObject({ firstName: '南山员工' });
        expect((await ctx.t.post(routes.status, { partyId: mineId, status: 'disabled' }, { token })).body.code).toBe('0');
      });
    });

    it('keeps a rule value with quotes and SQL as data', async () => {
      await withRule({ columnKey: 'departmentCode', condition: 'LIKE', value: "A0' or 1=1 --" }, async () => {
        const { token } = await signedInUser(ctx.t, 'quoted_rule', { actions: [Permission.userList] });
        const res = await ctx.t.post<PageResult<AdminUser>>(routes.list, {}, { token });
        expect(res.body.result).toMatchObject({ total: 0, records: [] });
        expect((await ctx.t.post<PageResult<AdminUser>>(routes.list, {}, { token: ctx.admin })).body.result.total).toBeGreaterThan(1);
      });
    });

    it('keeps users of another company out of reach', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'OTHER_U', name: '他司' }).returning('id').executeTakeFirstOrThrow();
      const { userId } = await createUserWith(ctx.db, { username: 'foreign_user' });
      await ctx.db.deleteFrom('user_company').where('user_id', '=', userId).execute();
      await ctx.db.insertInto('user_company').values({ user_id: userId, company_id: other.id, is_default: true }).execute();
      const before = await userRow(userId);
      expect((await ctx.t.post(routes.byId, { id: userId }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.status, { partyId: userId, status: 'disabled' }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.reset, { partyId: userId, password: NEW_PASSWORD }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post<PageResult<AdminUser>>(routes.list, { username: 'foreign_user' }, { token: ctx.admin })).body.result.total).toBe(0);
      expect(await userRow(userId)).toEqual(before);
    });
  });
});
