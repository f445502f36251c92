import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DataRuleText, ErrorText, Permission, dataRuleSchema, type DataRule, type DataRuleResource, type PageResult } from '@care/shared';
import { forgetDataRuleResource, registerDataRuleColumns } from '../../platform/data-rules/registry.js';
import { MISSING_ID, signedInUser, permissionId, buttonsOf, useAdminApp, expectEachForbidden, type RouteCall } from '../../test/fixtures.js';

registerDataRuleColumns(
  'probe_admin',
  {
    owner: { label: '负责人', sql: 'c.owner_id', type: 'uuid' },
    amount: { label: '金额', sql: 'c.amount', type: 'number' },
    note: { label: '备注', sql: 'c.note', type: 'text' },
  },
  { label: '管理探针' },
);
// Test files share a process (vitest isolate off): the next file must not find this probe.
afterAll(() => forgetDataRuleResource('probe_admin'));

const API = '/online/api';
const routes = {
  byPerm: `${API}/getPermRuleListByPermId`,
  query: `${API}/queryPermissionRule`,
  add: `${API}/addPermissionRule`,
  edit: `${API}/editPermissionRule`,
  del: `${API}/deletePermissionRule`,
  columns: `${API}/listDataRuleColumns`,
};

describe('data rule administration', () => {
  const ctx = useAdminApp();
  let menuId: string;
  let otherMenuId: string;

  const rule = (extra: Record<string, unknown> = {}) => ({
    permissionId: menuId,
    resource: 'probe_admin',
    name: '本人数据',
    columnKey: 'owner',
    condition: '=',
    value: '#{sys_user_id}',
    ...extra,
  });
  const add = async (extra: Record<string, unknown> = {}, token = ctx.admin) => ctx.t.post<DataRule>(routes.add, rule(extra), { token });
  const ruleCount = async () => Number((await ctx.db.selectFrom('data_rule').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    // Menus the demo seed hangs no rules on (消息模板, 大屏链接), so every rule these tests see is one they added.
    menuId = await permissionId(ctx.db, { path: '/message/template' });
    otherMenuId = await permissionId(ctx.db, { path: '/screen/links' });
  });

  describe('permissions', () => {
    const calls = (ruleId: string, version: number): RouteCall<typeof routes>[] => [
      ['byPerm', Permission.dataRuleList, { permissionId: menuId }],
      ['query', Permission.dataRuleList, { pageNo: 1, pageSize: 10 }],
      ['columns', Permission.dataRuleList, { resource: 'probe_admin' }],
      ['add', Permission.dataRuleAdd, rule()],
      ['edit', Permission.dataRuleEdit, { ...rule({ name: '改名' }), id: ruleId, version }],
      ['del', Permission.dataRuleDelete, { id: ruleId }],
    ];

    it('seeds the actions as buttons of 数据规则, with allhrdata', async () => {
      const buttons = await buttonsOf(ctx.db, '/system/dataRule');
      expect(buttons.map((b) => b.action).sort()).toEqual(
        [Permission.dataRuleList, Permission.dataRuleAdd, Permission.dataRuleEdit, Permission.dataRuleDelete, Permission.allHrData].sort(),
      );
      expect(new Set(buttons.map((b) => b.menu_type))).toEqual(new Set([2]));
    });

    it('refuses every route with 403 to a user holding the menu but none of the actions', async () => {
      const { token } = await signedInUser(ctx.t, 'menu_only', { paths: ['/system/dataRule'] });
      const target = (await add()).body.result;
      await expectEachForbidden(ctx.t, routes, calls(target.id, target.version), token);
      expect(await ctx.db.selectFrom('data_rule').select('name').where('id', '=', target.id).executeTakeFirstOrThrow()).toEqual({ name: '本人数据' });
    });

    it('accepts each route for a user holding just its action, and refuses the others', async () => {
      const target = (await add()).body.result;
      for (const [name, action, body] of calls(target.id, target.version)) {
        const username = `holder_${name}`;
        const { token } = await signedInUser(ctx.t, username, { actions: [action] });
        const res = await ctx.t.post(routes[name], body, { token });
        expect(res.body, name).toMatchObject({ success: true, code: '0' });
        const other = calls(target.id, target.version).find(([, a]) => a !== action)!;
        expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
      }
    });
  });

  describe('columns', () => {
    it('lists the registered keys and labels of a resource, never SQL', async () => {
      const res = await ctx.t.post<DataRuleResource[]>(routes.columns, { resource: 'probe_admin' }, { token: ctx.admin });
      expect(res.body.result).toEqual([
        {
          resource: 'probe_admin',
          label: '管理探针',
          columns: [
            { columnKey: 'owner', label: '负责人', type: 'uuid', conditions: ['=', '!=', 'IN', 'NOT_IN', 'IS_NULL', 'NOT_NULL'] },
            { columnKey: 'amount', label: '金额', type: 'number', conditions: expect.arrayContaining(['>', '<=']) },
            { columnKey: 'note', label: '备注', type: 'text', conditions: expect.arrayContaining(['LIKE', 'LEFT_LIKE', 'RIGHT_LIKE']) },
          ],
        },
      ]);
      expect(JSON.stringify(res.body)).not.toContain('c.owner_id');
      const all = await ctx.t.post<DataRuleResource[]>(routes.columns, {}, { token: ctx.admin });
      expect(all.body.result.map((r) => r.resource)).toContain('probe_admin');
    });

    it('answers 101 for a resource nobody registered', async () => {
      const res = await ctx.t.post(routes.columns, { resource: 'app_user' }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101', message: DataRuleText.unknownResource });
    });
  });

  describe('create', () => {
    it('saves a rule and answers it', async () => {
      const res = await add({ name: '  金额上限 ', columnKey: 'amount', condition: '<=', value: '5000' });
      expect(res.body).toMatchObject({ success: true, code: '0', message: DataRuleText.added });
      expect(dataRuleSchema.safeParse(res.body.result).success).toBe(true);
      expect(res.body.result).toMatchObject({
        permissionId: menuId,
        permissionName: '消息模板',
        resource: 'probe_admin',
        name: '金额上限',
        columnKey: 'amount',
        columnLabel: '金额',
        condition: '<=',
        value: '5000',
        enabled: true,
        version: 1,
        createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      });
    });

    it.each([
      ['a column the resource does not register', { columnKey: 'password' }, `${DataRuleText.unknownColumn}：管理探针`],
      ['a SQL column name', { columnKey: 'c.owner_id' }, `${DataRuleText.unknownColumn}：管理探针`],
      ['SQL as the column key', { columnKey: "owner_id = owner_id or '1'='1'" }, `${DataRuleText.unknownColumn}：管理探针`],
      ['an unregistered resource', { resource: 'app_user' }, DataRuleText.unknownResource],
      ['a permission that does not exist', { permissionId: MISSING_ID }, DataRuleText.unknownPermission],
      ['LIKE on an id column', { condition: 'LIKE', value: 'a' }, DataRuleText.conditionNotAllowed],
      ['an unknown variable', { value: '#{sys_password}' }, `${DataRuleText.unknownVariable}：#{sys_password}`],
      ['SQL as a number', { columnKey: 'amount', condition: '>', value: "1' or '1'='1" }, DataRuleText.badValue],
      ['a text variable for an id', { value: '#{sys_org_code}' }, DataRuleText.badValue],
    ])('refuses %s with 101 and saves nothing', async (_name, extra, message) => {
      const before = await ruleCount();
      const res = await add(extra);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ success: false, code: '101', message });
      expect(await ruleCount()).toBe(before);
    });

    it.each([
      ['an unknown condition', { condition: "= '1' or 1=1 --" }, /^condition: /],
      ['no value for =', { value: '' }, 'value: 请输入规则值!'],
      ['no name', { name: ' ' }, 'name: 请输入规则名称!'],
      ['a permission id that is not an id', { permissionId: "1' or '1'='1" }, 'permissionId: 请选择权限!'],
    ])('refuses %s by validation, naming the field', async (_name, extra, message) => {
      const res = await add(extra);
      expect(res.status).toBe(422);
      expect(res.body).toMatchObject({ success: false, code: '101', message });
    });

    it('keeps no value for IS_NULL', async () => {
      expect((await add({ condition: 'IS_NULL', value: 'ignored' })).body.result).toMatchObject({ condition: 'IS_NULL', value: '' });
    });

    it('stores values with quotes and SQL exactly as written', async () => {
      const value = "x'; drop table data_rule; -- /**/ union select 1";
      const res = await add({ columnKey: 'note', condition: 'LIKE', value });
      expect(res.body.result.value).toBe(value);
      expect((await ctx.db.selectFrom('data_rule').select('value').where('id', '=', res.body.result.id).executeTakeFirstOrThrow()).value).toBe(value);
    });
  });

  describe('lists', () => {
    it('gives the rules of one permission', async () => {
      const mine = (await add({ permissionId: otherMenuId, name: '线索规则' })).body.result;
      const res = await ctx.t.post<DataRule[]>(routes.byPerm, { permissionId: otherMenuId }, { token: ctx.admin });
      expect(res.body.result.map((r) => r.id)).toEqual([mine.id]);
    });

    it('pages, filters by name (literally) and permission, and sorts by an allowed key', async () => {
      await add({ permissionId: otherMenuId, name: '100%_规则' });
      await add({ permissionId: otherMenuId, name: '100x_规则' });
      const q = (body: Record<string, unknown>) => ctx.t.post<PageResult<DataRule>>(routes.query, body, { token: ctx.admin });
      const literal = await q({ pageNo: 1, pageSize: 10, name: '%_' });
      expect(literal.body.result.records.map((r) => r.name)).toEqual(['100%_规则']);
      const byPerm = await q({ pageNo: 1, pageSize: 2, permissionId: otherMenuId, column: 'name', order: 'asc' });
      expect(byPerm.body.result).toMatchObject({ total: 3, current: 1, size: 2, pages: 2 });
      expect(byPerm.body.result.records.map((r) => r.name)).toEqual(['100%_规则', '100x_规则']);
      const page2 = await q({ pageNo: 2, pageSize: 2, permissionId: otherMenuId, column: 'name', order: 'asc' });
      expect(page2.body.result.records.map((r) => r.name)).toEqual(['线索规则']);
    });

    it('refuses a sort key or order that is not allowed', async () => {
      for (const body of [{ column: 'password' }, { column: 'name; drop table data_rule' }, { order: 'desc, (select 1)' }]) {
        const res = await ctx.t.post(routes.query, { pageNo: 1, pageSize: 10, ...body }, { token: ctx.admin });
        expect(res.status).toBe(422);
        expect(res.body.code).toBe('101');
      }
    });
  });

  describe('edit and delete', () => {
    it('edits with the current version and refuses a stale one, changing nothing', async () => {
      const created = (await add({ name: '原名' })).body.result;
      const edited = await ctx.t.post<DataRule>(routes.edit, { ...rule({ name: '新名', columnKey: 'note', condition: 'RIGHT_LIKE', value: 'A01' }), id: created.id, version: 1 }, { token: ctx.admin });
      expect(edited.body).toMatchObject({ code: '0', message: DataRuleText.edited, result: { name: '新名', columnKey: 'note', condition: 'RIGHT_LIKE', value: 'A01', version: 2 } });

      const stale = await ctx.t.post(routes.edit, { ...rule({ name: '覆盖' }), id: created.id, version: 1 }, { token: ctx.admin });
      expect(stale.status).toBe(409);
      expect(stale.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      expect(await ctx.db.selectFrom('data_rule').select(['name', 'version', 'column_key']).where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual({
        name: '新名',
        version: 2,
        column_key: 'note',
      });
    });

    it('refuses an edit to an unregistered column and keeps the rule', async () => {
      const created = (await add()).body.result;
      const res = await ctx.t.post(routes.edit, { ...rule({ columnKey: 'password' }), id: created.id, version: 1 }, { token: ctx.admin });
      expect(res.body).toMatchObject({ code: '101', message: `${DataRuleText.unknownColumn}：管理探针` });
      expect(await ctx.db.selectFrom('data_rule').select(['column_key', 'version']).where('id', '=', created.id).executeTakeFirstOrThrow()).toEqual({ column_key: 'owner', version: 1 });
    });

    it('deletes by id once; then 404', async () => {
      const created = (await add()).body.result;
      expect((await ctx.t.post(routes.del, { id: created.id }, { token: ctx.admin })).body).toMatchObject({ code: '0', message: DataRuleText.deleted });
      expect((await ctx.t.post(routes.del, { id: created.id }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.edit, { ...rule(), id: created.id, version: 1 }, { token: ctx.admin })).body.code).toBe('404');
    });

    it("keeps another company's rules out of reach", async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'ELSE', name: '别家公司' }).returning('id').executeTakeFirstOrThrow();
      const foreign = await ctx.db
        .insertInto('data_rule')
        .values({ company_id: other.id, permission_id: otherMenuId, resource: 'probe_admin', name: '别家规则', column_key: 'owner', condition: 'IS_NULL' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const listed = await ctx.t.post<DataRule[]>(routes.byPerm, { permissionId: otherMenuId }, { token: ctx.admin });
      expect(listed.body.result.map((r) => r.id)).not.toContain(foreign.id);
      const paged = await ctx.t.post<PageResult<DataRule>>(routes.query, { pageNo: 1, pageSize: 100, name: '别家' }, { token: ctx.admin });
      expect(paged.body.result.total).toBe(0);
      expect((await ctx.t.post(routes.edit, { ...rule(), id: foreign.id, version: 1 }, { token: ctx.admin })).body.code).toBe('404');
      expect((await ctx.t.post(routes.del, { id: foreign.id }, { token: ctx.admin })).body.code).toBe('404');
      expect(await ctx.db.selectFrom('data_rule').select('name').where('id', '=', foreign.id).executeTakeFirstOrThrow()).toEqual({ name: '别家规则' });
    });
  });
});
