import { describe, expect, it } from 'vitest';
import { CompanyText, ErrorText, Permission, companySchema, type Company, type PageResult, type UserRelation } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { useAdminApp, MISSING_ID, expectEachForbidden, type RouteCall, buttonActionsOf, resultOf } from '../../test/fixtures.js';

const routes = {
  list: '/online/company/list',
  add: '/online/company/add',
  edit: '/online/company/edit',
  relList: '/online/userRelation/list',
  relSave: '/online/userRelation/save',
};

describe('companies and user relations', () => {
  const ctx = useAdminApp();

  const add = async (code: string, token = ctx.admin) => {
    return resultOf(ctx.t.post<Company>(routes.add, { code, name: `公司${code}` }, { token }));
  };
  const companyRow = (id: string) => ctx.db.selectFrom('company').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const relations = async (userId: string) =>
    (await ctx.db.selectFrom('user_company').select(['company_id', 'is_default']).where('user_id', '=', userId).orderBy('company_id').execute());

  describe('permissions', () => {
    const calls = async (userId: string): Promise<RouteCall<typeof routes>[]> => [
      ['list', Permission.companyList, { pageNo: 1, pageSize: 10 }],
      ['add', Permission.companyAdd, { code: `P${Math.random().toString(36).slice(2, 8)}`, name: '新公司' }],
      ['edit', Permission.companyEdit, await companyRow(ctx.companyId).then((c) => ({ id: c.id, version: c.version, code: c.code, name: c.name }))],
      ['relList', Permission.userRelationList, { userId }],
      ['relSave', Permission.userRelationEdit, { userId, companyIds: [ctx.companyId], defaultCompanyId: ctx.companyId }],
    ];

    it('seeds the actions as buttons of 公司 and 用户关系', async () => {
      for (const [path, actions] of [
        ['/system/company', [Permission.companyList, Permission.companyAdd, Permission.companyEdit]],
        ['/system/userRelation', [Permission.userRelationList, Permission.userRelationEdit]],
      ] as const) {
        expect(await buttonActionsOf(ctx.db, path)).toEqual([...actions].sort());
      }
    });

    it('refuses every route with 403 to a user holding the menus but none of the actions', async () => {
      const { userId } = await createUserWith(ctx.db, { username: 'co_menu_only', paths: ['/system/company', '/system/userRelation'] });
      const token = await ctx.t.login('co_menu_only', TEST_PASSWORD);
      const before = await companyRow(ctx.companyId);
      await expectEachForbidden(ctx.t, routes, await calls(userId), token);
      expect(await companyRow(ctx.companyId)).toEqual(before);
    });

    it('accepts each route for a user holding just its action', async () => {
      const { userId } = await createUserWith(ctx.db, { username: 'co_subject' });
      for (const [name, action] of await calls(userId)) {
        const username = `co_${name}`;
        await createUserWith(ctx.db, { username, actions: [action] });
        const token = await ctx.t.login(username, TEST_PASSWORD);
        const body = (await calls(userId)).find(([n]) => n === name)![2];
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body, name).toMatchObject({ success: true, code: '0' });
        const other = (await calls(userId)).find(([, a]) => a !== action)!;
        expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
      }
    });
  });

  describe('companies', () => {
    it('creates a company with its root department and 超级管理员 group, the creator in both', async () => {
      const company = await add('NEWCO');
      expect(companySchema.strict().safeParse(company).success).toBe(true);
      expect(company).toMatchObject({ code: 'NEWCO', name: '公司NEWCO', enabled: true, version: 1 });
      const root = await ctx.db.selectFrom('department').select(['id', 'code', 'name']).where('company_id', '=', company.id).executeTakeFirstOrThrow();
      expect(root).toMatchObject({ code: 'A01', name: '公司NEWCO' });
      const group = await ctx.db.selectFrom('security_group').select(['id', 'all_permissions']).where('company_id', '=', company.id).executeTakeFirstOrThrow();
      expect(group.all_permissions).toBe(true);
      expect(await ctx.db.selectFrom('user_security_group').select('user_id').where('group_id', '=', group.id).execute()).toEqual([{ user_id: ctx.adminId }]);
      expect(await ctx.db.selectFrom('user_department').select('user_id').where('department_id', '=', root.id).execute()).toEqual([{ user_id: ctx.adminId }]);
      expect((await relations(ctx.adminId)).find((r) => r.company_id === company.id)).toEqual({ company_id: company.id, is_default: false });
      const dup = await ctx.t.post(routes.add, { code: 'NEWCO', name: '重复' }, { token: ctx.admin });
      expect(dup.body).toMatchObject({ success: false, code: '101', message: CompanyText.codeTaken });
    });

    it('lists only the companies the caller works for', async () => {
      const stranger = await ctx.db.insertInto('company').values({ code: 'STRANGER', name: '无关公司' }).returning(['id', 'version']).executeTakeFirstOrThrow();
      const page = await ctx.t.post<PageResult<Company>>(routes.list, { pageSize: 100, column: 'code' }, { token: ctx.admin });
      const codes = page.body.result.records.map((c) => c.code);
      expect(codes).toContain('NEWCO');
      expect(codes).not.toContain('STRANGER');
      expect((await ctx.t.post(routes.edit, { id: stranger.id, version: 1, code: 'STRANGER', name: '越权' }, { token: ctx.admin })).body.code).toBe('404');
      expect((await companyRow(stranger.id)).name).toBe('无关公司');
      expect((await ctx.t.post(routes.list, { column: 'id' }, { token: ctx.admin })).body.code).toBe('101');
    });

    it('edits with an optimistic version and refuses to disable the session company', async () => {
      const company = await add('EDITCO');
      const first = await ctx.t.post<Company>(routes.edit, { id: company.id, version: 1, code: 'EDITCO', name: '改名公司', enabled: false }, { token: ctx.admin });
      expect(first.body.result).toMatchObject({ name: '改名公司', enabled: false, version: 2 });
      const stale = await ctx.t.post(routes.edit, { id: company.id, version: 1, code: 'EDITCO', name: '覆盖' }, { token: ctx.admin });
      expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
      expect(await companyRow(company.id)).toMatchObject({ name: '改名公司', version: 2 });
      const current = await companyRow(ctx.companyId);
      const off = await ctx.t.post(routes.edit, { id: ctx.companyId, version: current.version, code: current.code, name: current.name, enabled: false }, { token: ctx.admin });
      expect(off.body).toMatchObject({ code: '101', message: CompanyText.cannotDisableCurrent });
      expect((await ctx.t.post(routes.edit, { id: MISSING_ID, version: 1, code: 'X', name: 'x' }, { token: ctx.admin })).body.code).toBe('404');
    });
  });

  describe('user relations', () => {
    it('adds a company, sets the default and lists the relations', async () => {
      const second = await add('RELCO');
      const { userId } = await createUserWith(ctx.db, { username: 'rel_user' });
      const res = await ctx.t.post(routes.relSave, { userId, companyIds: [ctx.companyId, second.id], defaultCompanyId: second.id }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: true, message: CompanyText.saved });
      expect(await relations(userId)).toEqual(
        [{ company_id: ctx.companyId, is_default: false }, { company_id: second.id, is_default: true }].sort((a, b) => a.company_id.localeCompare(b.company_id)),
      );
      expect((await ctx.db.selectFrom('app_user').select('default_company_id').where('id', '=', userId).executeTakeFirstOrThrow()).default_company_id).toBe(second.id);
      const list = await ctx.t.post<PageResult<UserRelation>>(routes.relList, { userId, column: 'companyName' }, { token: ctx.admin });
      expect(list.body.result.records.map((r) => [r.username, r.companyName, r.isDefault])).toEqual([
        ['rel_user', '公司RELCO', true],
        ['rel_user', (await companyRow(ctx.companyId)).name, false],
      ].sort((a, b) => String(a[1]).localeCompare(String(b[1]))));
    });

    it('leaving a company drops the user’s groups there and answers 302 to their session in it', async () => {
      const second = await add('LEAVECO');
      const { userId, groupId } = await createUserWith(ctx.db, { username: 'leaver', actions: [Permission.companyList] });
      const token = await ctx.t.login('leaver', TEST_PASSWORD);
      expect((await ctx.t.post(routes.list, {}, { token })).status).toBe(200);
      await ctx.t.post(routes.relSave, { userId, companyIds: [ctx.companyId, second.id], defaultCompanyId: second.id }, { token: ctx.admin });
      await ctx.t.post(routes.relSave, { userId, companyIds: [second.id], defaultCompanyId: second.id }, { token: ctx.admin });
      expect(await relations(userId)).toEqual([{ company_id: second.id, is_default: true }]);
      expect(await ctx.db.selectFrom('user_security_group').select('group_id').where('user_id', '=', userId).where('group_id', '=', groupId).executeTakeFirst()).toBeUndefined();
      expect((await ctx.t.post(routes.list, {}, { token })).body.code).toBe('302');
    });

    it('refuses a default outside the list, leaving one’s own session company, and strangers', async () => {
      const { userId } = await createUserWith(ctx.db, { username: 'rel_guard' });
      const stranger = await ctx.db.insertInto('company').values({ code: 'STRANGER2', name: '无关公司二' }).returning('id').executeTakeFirstOrThrow();
      const second = await add('GUARDCO');
      expect((await ctx.t.post(routes.relSave, { userId, companyIds: [ctx.companyId], defaultCompanyId: second.id }, { token: ctx.admin })).body).toMatchObject({
        code: '101',
        message: CompanyText.defaultNotMember,
      });
      expect((await ctx.t.post(routes.relSave, { userId: ctx.adminId, companyIds: [second.id], defaultCompanyId: second.id }, { token: ctx.admin })).body).toMatchObject({
        code: '101',
        message: CompanyText.cannotLeaveCurrent,
      });
      expect((await ctx.t.post(routes.relSave, { userId, companyIds: [stranger.id], defaultCompanyId: stranger.id }, { token: ctx.admin })).body.code).toBe('404');
      const { userId: outsider } = await createUserWith(ctx.db, { username: 'rel_outsider' });
      await ctx.db.deleteFrom('user_company').where('user_id', '=', outsider).execute();
      await ctx.db.insertInto('user_company').values({ user_id: outsider, company_id: stranger.id, is_default: true }).execute();
      expect((await ctx.t.post(routes.relSave, { userId: outsider, companyIds: [ctx.companyId], defaultCompanyId: ctx.companyId }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post<PageResult<UserRelation>>(routes.relList, { userId: outsider }, { token: ctx.admin })).body.result.total).toBe(0);
      expect(await relations(outsider)).toEqual([{ company_id: stranger.id, is_default: true }]);
      expect(await relations(userId)).toEqual([{ company_id: ctx.companyId, is_default: true }]);
    });
  });
});
