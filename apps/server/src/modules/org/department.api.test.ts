import { describe, expect, it } from 'vitest';
import { DepartmentText, ErrorText, Permission, departmentSchema, type Department, type DepartmentTreeNode } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { nextSiblingCode } from './department.service.js';
import { MISSING_ID, signedInUser, moveToDepartment, buttonActionsOf, withDataRule, useAdminApp, expectEachForbidden, type RouteCall, expectRevokedAtNextRequest } from '../../test/fixtures.js';

const routes = {
  lazy: '/online/api/getEcPartyGroupLazy',
  tree: '/online/api/queryIdTree',
  add: '/online/department/add',
  edit: '/online/department/edit',
  del: '/online/department/delete',
};

describe('departments', () => {
  const ctx = useAdminApp();

  const dept = (code: string) => ctx.db.selectFrom('department').selectAll().where('company_id', '=', ctx.companyId).where('code', '=', code).executeTakeFirstOrThrow();
  const add = async (body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<Department>(routes.add, body, { token });
  const withRule = (body: Record<string, unknown>, fn: () => Promise<void>) => withDataRule(ctx.t, ctx.admin, '/system/department', { resource: 'department', name: '本部门', ...body }, fn);

  it('computes the next sibling code', () => {
    expect(nextSiblingCode('', [])).toBe('A01');
    expect(nextSiblingCode('A01', ['A01A01', 'A01A03'])).toBe('A01A04');
    expect(nextSiblingCode('A01', ['A01A09'])).toBe('A01A10');
  });

  describe('permissions', () => {
    const calls = (target: { id: string; version: number }, parentId: string): RouteCall<typeof routes>[] => [
      ['lazy', Permission.departmentList, { parentId }],
      ['tree', Permission.departmentList, {}],
      ['add', Permission.departmentAdd, { parentId, name: '新部门' }],
      ['edit', Permission.departmentEdit, { id: target.id, version: target.version, name: '改名部门' }],
      ['del', Permission.departmentDelete, { id: target.id }],
    ];

    it('seeds the actions as buttons of 部门', async () => {
      expect(await buttonActionsOf(ctx.db, '/system/department')).toEqual(
        [Permission.departmentList, Permission.departmentAdd, Permission.departmentEdit, Permission.departmentDelete].sort(),
      );
    });

    it('refuses every route with 403 to a user holding the menu but none of the actions', async () => {
      const root = await dept('A01');
      const target = (await add({ parentId: root.id, name: '待删部门' })).body.result;
      const { token } = await signedInUser(ctx.t, 'dept_menu_only', { paths: ['/system/department'] });
      await expectEachForbidden(ctx.t, routes, calls(target, root.id), token);
      expect((await ctx.db.selectFrom('department').select('name').where('id', '=', target.id).executeTakeFirstOrThrow()).name).toBe('待删部门');
    });

    it('accepts each route for a user holding just its action', async () => {
      const root = await dept('A01');
      const target = (await add({ parentId: root.id, name: '授权部门' })).body.result;
      for (const [name, action, body] of calls(target, root.id)) {
        const username = `dept_${name}`;
        const { token } = await signedInUser(ctx.t, username, { actions: [action] });
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body, name).toMatchObject({ success: true, code: '0' });
        const other = calls(target, root.id).find(([, a]) => a !== action)!;
        expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
      }
      expect(await ctx.db.selectFrom('department').select('id').where('id', '=', target.id).executeTakeFirst()).toBeUndefined();
    });

    it('blocks a member on the next request once the action is taken from the group', async () => {
      await expectRevokedAtNextRequest(ctx.t, 'dept_revoked', Permission.departmentList, routes.tree);
    });
  });

  describe('tree', () => {
    it('lazy-loads the top level and children with a hasChildren flag', async () => {
      const top = await ctx.t.post<Department[]>(routes.lazy, {}, { token: ctx.admin });
      expect(top.body.result.map((d) => d.code)).toEqual(['A01', 'A02', 'A03']);
      expect(top.body.result.every((d) => d.hasChildren && d.parentId === null)).toBe(true);
      expect(departmentSchema.array().safeParse(top.body.result).success).toBe(true);
      const shop = await dept('A02');
      const kids = await ctx.t.post<Department[]>(routes.lazy, { parentId: shop.id }, { token: ctx.admin });
      expect(kids.body.result.map((d) => [d.code, d.name, d.hasChildren])).toEqual([
        ['A02A01', '销售部', false],
        ['A02A02', '护理部', false],
        ['A02A03', '月嫂部', false],
      ]);
    });

    it('answers the whole tree as key/value/title/children', async () => {
      const res = await ctx.t.post<DepartmentTreeNode[]>(routes.tree, {}, { token: ctx.admin });
      const shop = res.body.result.find((n) => n.code === 'A02')!;
      expect(shop).toMatchObject({ title: '南山店', key: shop.value });
      expect(shop.children.map((c) => c.title)).toEqual(['销售部', '护理部', '月嫂部']);
      expect(shop.children[0]!.children).toEqual([]);
    });
  });

  describe('add, edit, delete', () => {
    it('generates the next sibling code under the parent and at the top level', async () => {
      const shop = await dept('A03');
      const child = await add({ parentId: shop.id, name: '  行政部 ', sort: 9 });
      expect(child.body).toMatchObject({ success: true, message: DepartmentText.added });
      expect(child.body.result).toMatchObject({ code: 'A03A04', name: '行政部', parentId: shop.id, sort: 9, enabled: true, version: 1, hasChildren: false });
      const top = await add({ name: '罗湖店' });
      expect(top.body.result).toMatchObject({ code: 'A04', parentId: null });
      const grandchild = await add({ parentId: child.body.result.id, name: '行政一组' });
      expect(grandchild.body.result.code).toBe('A03A04A01');
    });

    it('refuses an unknown parent and an empty name', async () => {
      expect((await add({ parentId: MISSING_ID, name: 'x' })).body).toMatchObject({ code: '101', message: DepartmentText.parentMissing });
      const res = await add({ name: '  ' });
      expect(res.body).toMatchObject({ success: false, code: '101' });
      expect(res.body.message).toContain('请输入部门名称!');
    });

    it('edits with an optimistic version: a stale version answers 101 and changes nothing', async () => {
      const created = (await add({ name: '版本部门' })).body.result;
      const first = await ctx.t.post<Department>(routes.edit, { id: created.id, version: 1, name: '版本部门二', sort: 3, enabled: false }, { token: ctx.admin });
      expect(first.body.result).toMatchObject({ name: '版本部门二', sort: 3, enabled: false, version: 2 });
      const stale = await ctx.t.post(routes.edit, { id: created.id, version: 1, name: '覆盖' }, { token: ctx.admin });
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect((await ctx.db.selectFrom('department').select(['name', 'version']).where('id', '=', created.id).executeTakeFirstOrThrow())).toEqual({ name: '版本部门二', version: 2 });
      expect((await ctx.t.post(routes.edit, { id: MISSING_ID, version: 1, name: 'x' }, { token: ctx.admin })).body.code).toBe('404');
    });

    it('refuses to delete a department with children or users, with a clear message', async () => {
      const hq = await dept('A01');
      const withKids = await ctx.t.post(routes.del, { id: hq.id }, { token: ctx.admin });
      expect(withKids.body).toMatchObject({ success: false, code: '101', message: DepartmentText.hasChildren });
      const leaf = (await add({ name: '有人部门' })).body.result;
      const { userId } = await createUserWith(ctx.db, { username: 'dept_member' });
      await moveToDepartment(ctx.db, userId, leaf.id);
      expect((await ctx.t.post(routes.del, { id: leaf.id }, { token: ctx.admin })).body).toMatchObject({ code: '101', message: DepartmentText.hasUsers });
      expect(await ctx.db.selectFrom('department').select('id').where('id', '=', leaf.id).executeTakeFirst()).toBeDefined();
      const empty = (await add({ name: '空部门' })).body.result;
      expect((await ctx.t.post(routes.del, { id: empty.id }, { token: ctx.admin })).body).toMatchObject({ success: true, message: DepartmentText.deleted });
      expect((await ctx.t.post(routes.del, { id: empty.id }, { token: ctx.admin })).body.code).toBe('404');
    });

    it('keeps departments of another company out of reach', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'OTHER', name: '他司' }).returning('id').executeTakeFirstOrThrow();
      const foreign = await ctx.db.insertInto('department').values({ company_id: other.id, code: 'A01', name: '他司总部' }).returning(['id', 'version']).executeTakeFirstOrThrow();
      expect((await ctx.t.post(routes.edit, { id: foreign.id, version: foreign.version, name: '越权' }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.del, { id: foreign.id }, { token: ctx.admin })).body.code).toBe('404');
      expect((await add({ parentId: foreign.id, name: '越权子部门' })).body.code).toBe('101');
      expect((await ctx.t.post<Department[]>(routes.lazy, { parentId: foreign.id }, { token: ctx.admin })).body.result).toEqual([]);
      expect((await ctx.db.selectFrom('department').select('name').where('id', '=', foreign.id).executeTakeFirstOrThrow()).name).toBe('他司总部');
    });
  });

  describe('head of department', () => {
    it('sets, keeps, changes and clears the head, answering the head’s name', async () => {
      const { userId: headId } = await createUserWith(ctx.db, { username: 'dept_head_one' });
      const { userId: nextId } = await createUserWith(ctx.db, { username: 'dept_head_two' });
      const created = await add({ name: '负责人部门', headUserId: headId });
      expect(created.body.result).toMatchObject({ headUserId: headId, headUserName: '测试dept_head_one', version: 1 });
      expect(departmentSchema.safeParse(created.body.result).success).toBe(true);
      // An edit that does not send the head keeps it.
      const kept = await ctx.t.post<Department>(routes.edit, { id: created.body.result.id, version: 1, name: '负责人部门二' }, { token: ctx.admin });
      expect(kept.body.result).toMatchObject({ name: '负责人部门二', headUserId: headId, version: 2 });
      const changed = await ctx.t.post<Department>(routes.edit, { id: created.body.result.id, version: 2, name: '负责人部门二', headUserId: nextId }, { token: ctx.admin });
      expect(changed.body.result).toMatchObject({ headUserId: nextId, headUserName: '测试dept_head_two', version: 3 });
      const cleared = await ctx.t.post<Department>(routes.edit, { id: created.body.result.id, version: 3, name: '负责人部门二', headUserId: null }, { token: ctx.admin });
      expect(cleared.body.result).toMatchObject({ headUserId: null, headUserName: null, version: 4 });
      expect((await ctx.db.selectFrom('department').select('head_user_id').where('id', '=', created.body.result.id).executeTakeFirstOrThrow()).head_user_id).toBeNull();
      const lazy = await ctx.t.post<Department[]>(routes.lazy, {}, { token: ctx.admin });
      expect(lazy.body.result.every((d) => 'headUserId' in d && 'headUserName' in d)).toBe(true);
    });

    it('refuses a head who does not work for the company, or is not an id', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'HEADCO', name: '他司二' }).returning('id').executeTakeFirstOrThrow();
      const { userId: outsider } = await createUserWith(ctx.db, { username: 'dept_outsider' });
      await ctx.db.deleteFrom('user_company').where('user_id', '=', outsider).execute();
      await ctx.db.insertInto('user_company').values({ user_id: outsider, company_id: other.id, is_default: true }).execute();
      for (const headUserId of [outsider, MISSING_ID]) {
        expect((await add({ name: '外人部门', headUserId })).body).toMatchObject({ success: false, code: '101', message: DepartmentText.headMissing });
      }
      const target = (await add({ name: '改负责人部门' })).body.result;
      const edit = await ctx.t.post(routes.edit, { id: target.id, version: target.version, name: target.name, headUserId: outsider }, { token: ctx.admin });
      expect(edit.body).toMatchObject({ code: '101', message: DepartmentText.headMissing });
      expect((await ctx.db.selectFrom('department').select(['head_user_id', 'version']).where('id', '=', target.id).executeTakeFirstOrThrow())).toEqual({ head_user_id: null, version: 1 });
      const bad = await add({ name: 'x', headUserId: "1' or '1'='1" });
      expect(bad.status).toBe(422);
      expect(bad.body.message).toBe('headUserId: 负责人ID不正确');
    });

    it('is a data-rule column: a rule on it shows a head the departments they head', async () => {
      const { userId: headId } = await createUserWith(ctx.db, { username: 'dept_rule_head', actions: [Permission.departmentList] });
      // Under the user's own department (A01): the demo company's seeded rule keeps them to it as well.
      const headed = (await add({ parentId: (await dept('A01')).id, name: '我负责的部门', headUserId: headId })).body.result;
      await withRule({ columnKey: 'headUserId', condition: '=', value: '#{sys_user_id}' }, async () => {
        const token = await ctx.t.login('dept_rule_head', TEST_PASSWORD);
        const tree = await ctx.t.post<DepartmentTreeNode[]>(routes.tree, {}, { token });
        expect(tree.body.result.map((n) => n.key)).toEqual([headed.id]);
      });
    });
  });

  describe('data rules', () => {
    it('restricts a department head to their subtree in lists, tree and by id', async () => {
      await withRule({ columnKey: 'code', condition: 'RIGHT_LIKE', value: '#{sys_org_code}' }, async () => {
        const shop = await dept('A02');
        const { userId } = await createUserWith(ctx.db, {
          username: 'dept_head',
          actions: [Permission.departmentList, Permission.departmentAdd, Permission.departmentEdit, Permission.departmentDelete],
        });
        await moveToDepartment(ctx.db, userId, shop.id);
        const token = await ctx.t.login('dept_head', TEST_PASSWORD);
        const tree = await ctx.t.post<DepartmentTreeNode[]>(routes.tree, {}, { token });
        expect(tree.body.result.map((n) => n.code)).toEqual(['A02']);
        expect(tree.body.result[0]!.children.map((c) => c.code)).toEqual(['A02A01', 'A02A02', 'A02A03']);
        expect((await ctx.t.post<Department[]>(routes.lazy, {}, { token })).body.result.map((d) => d.code)).toEqual(['A02']);
        const outside = await dept('A03A01');
        const edit = await ctx.t.post(routes.edit, { id: outside.id, version: outside.version, name: '越权改名' }, { token });
        expect(edit.body.code).toBe('404');
        expect((await ctx.t.post(routes.del, { id: outside.id }, { token })).body.code).toBe('404');
        expect((await dept('A03A01')).name).toBe(outside.name);
        const under = await add({ parentId: outside.id, name: '越权子部门' }, token);
        expect(under.body).toMatchObject({ code: '101', message: DepartmentText.parentMissing });
        expect((await add({ parentId: shop.id, name: '南山新部门' }, token)).body.result.code).toMatch(/^A02A0\d$/);
        const inside = await dept('A02A01');
        expect((await ctx.t.post<Department>(routes.edit, { id: inside.id, version: inside.version, name: inside.name }, { token })).body.code).toBe('0');
      });
    });

    it('keeps a rule value with quotes and SQL as data', async () => {
      await withRule({ columnKey: 'code', condition: '=', value: "A01' or '1'='1" }, async () => {
        const { token } = await signedInUser(ctx.t, 'dept_quoted', { actions: [Permission.departmentList] });
        const res = await ctx.t.post<DepartmentTreeNode[]>(routes.tree, {}, { token });
        expect(res.body).toMatchObject({ success: true, result: [] });
        // The administrator (super group) is exempt.
        expect((await ctx.t.post<DepartmentTreeNode[]>(routes.tree, {}, { token: ctx.admin })).body.result.length).toBeGreaterThan(2);
      });
    });
  });
});
