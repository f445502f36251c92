import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AuthorityText, ErrorText, onlineFormContract as c, OnlineFormPermission as P, type OnlineForm, type OnlineFieldInput, type OnlineFormCreateInput, type OnlineSyncResult } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { seedExampleForms } from './online-form.seed.js';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, type RouteCall } from '../../test/fixtures.js';

const routes = Object.fromEntries(Object.entries(c).map(([name, contract]) => [name, contract.path])) as Record<keyof typeof c, string>;

interface InfoColumn {
  column_name: string;
  data_type: string;
  character_maximum_length: number | null;
  numeric_precision: number | null;
  numeric_scale: number | null;
  is_nullable: string;
  column_default: string | null;
}

const text = (name: string, label: string, extra: Partial<OnlineFieldInput> = {}): OnlineFieldInput => ({ name, label, type: 'text', ...extra });

describe('表单配置', () => {
  const ctx = useAdminApp();

  const add = (body: OnlineFormCreateInput) => resultOf(ctx.t.post<OnlineForm>(routes.add, body, { token: ctx.admin }));
  const sync = (form: Pick<OnlineForm, 'id' | 'version'>, confirmDrop = false) =>
    resultOf(ctx.t.post<OnlineSyncResult>(routes.sync, { id: form.id, version: form.version, confirmDrop }, { token: ctx.admin }));
  const edit = (form: OnlineForm, change: Partial<OnlineForm>) => {
    const { id, version, tableName, title, formType, fields, indexes, treeLabelField, subTables } = { ...form, ...change };
    return ctx.t.post<OnlineForm>(routes.edit, { id, version, tableName, title, formType, fields, indexes, treeLabelField, subTables }, { token: ctx.admin });
  };
  const columns = async (table: string): Promise<Record<string, InfoColumn>> => {
    const { rows } = await sql<InfoColumn>`select column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
      from information_schema.columns where table_schema = 'online_data' and table_name = ${table}`.execute(ctx.db);
    return Object.fromEntries(rows.map((r) => [r.column_name, { ...r, character_maximum_length: r.character_maximum_length === null ? null : Number(r.character_maximum_length), numeric_precision: r.numeric_precision === null ? null : Number(r.numeric_precision), numeric_scale: r.numeric_scale === null ? null : Number(r.numeric_scale) }]));
  };
  const onlineTables = async () =>
    (await sql<{ table_name: string }>`select table_name from information_schema.tables where table_schema = 'online_data'`.execute(ctx.db)).rows.map((r) => r.table_name);
  const formCount = async () => Number((await ctx.db.selectFrom('online_form').select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow()).n);

  describe('one form of each type, synced', () => {
    it('单表: the table holds the system columns and each field with its type', async () => {
      const form = await add({
        tableName: 't_single',
        title: '单表测试',
        formType: 'single',
        fields: [
          text('name', '名称', { length: 50, required: true }),
          { name: 'qty', label: '数量', type: 'number', length: 10, scale: 2, defaultValue: '0' },
          { name: 'price', label: '单价', type: 'money' },
          { name: 'born', label: '日期', type: 'date' },
          { name: 'at', label: '时间', type: 'datetime' },
          { name: 'kind', label: '类型', type: 'select', dictCode: 'sex' },
          { name: 'tags', label: '标签', type: 'checkbox', dictCode: 'customer_tag' },
          { name: 'on_duty', label: '启用', type: 'switch', defaultValue: 'true' },
          { name: 'photo', label: '图片', type: 'image' },
          { name: 'body', label: '内容', type: 'richtext' },
          { name: 'owner', label: '负责人', type: 'user' },
        ],
        indexes: [{ name: 'name_uq', fields: ['name'], unique: true }],
      });
      expect(form.syncState).toBe('unsynced');
      const result = await sync(form);
      expect(result.applied).toBe(true);
      expect(result.form.syncState).toBe('synced');
      expect(result.statements[0]).toMatch(/^create table "online_data"."t_single"/);
      const cols = await columns('t_single');
      expect(Object.keys(cols).sort()).toEqual(['at', 'body', 'born', 'company_id', 'created_at', 'created_by', 'id', 'kind', 'name', 'on_duty', 'owner', 'photo', 'price', 'qty', 'tags', 'updated_at', 'updated_by', 'version'].sort());
      expect(cols.name).toMatchObject({ data_type: 'character varying', character_maximum_length: 50, is_nullable: 'NO' });
      expect(cols.qty).toMatchObject({ data_type: 'numeric', numeric_precision: 10, numeric_scale: 2, is_nullable: 'YES' });
      expect(cols.price).toMatchObject({ data_type: 'numeric', numeric_precision: 14, numeric_scale: 2 });
      expect(cols.born!.data_type).toBe('date');
      expect(cols.at!.data_type).toBe('timestamp with time zone');
      expect(cols.kind).toMatchObject({ data_type: 'character varying', character_maximum_length: 64 });
      expect(cols.tags!.data_type).toBe('text');
      expect(cols.on_duty!.data_type).toBe('boolean');
      expect(cols.on_duty!.column_default).toBe('true');
      expect(cols.photo).toMatchObject({ data_type: 'character varying', character_maximum_length: 500 });
      expect(cols.owner!.data_type).toBe('uuid');
      expect(cols.company_id!.is_nullable).toBe('NO');
      // The unique index holds.
      await sql`insert into online_data.t_single (company_id, name) values (${ctx.companyId}, 'a')`.execute(ctx.db);
      await expect(sql`insert into online_data.t_single (company_id, name) values (${ctx.companyId}, 'a')`.execute(ctx.db)).rejects.toThrow();
      // Synced again without a change: nothing to run.
      const again = await sync(result.form);
      expect(again).toMatchObject({ applied: true, drops: [], statements: [] });
    });

    it('一对多, ERP and 内嵌子表: the child holds its foreign key to the master, deleted with it', async () => {
      for (const formType of ['master', 'erp', 'inner'] as const) {
        const master = `t_${formType}`;
        const child = `t_${formType}_item`;
        const form = await add({
          tableName: master,
          title: `${formType}测试`,
          formType,
          fields: [text('order_no', '单号', { length: 32 })],
          subTables: [{ tableName: child, title: '明细', fkField: 'master_id', fields: [text('item', '项目'), { name: 'qty', label: '数量', type: 'number', length: 8 }] }],
        });
        await sync(form);
        const cols = await columns(child);
        expect(cols.master_id).toMatchObject({ data_type: 'uuid', is_nullable: 'NO' });
        expect(cols.qty).toMatchObject({ data_type: 'numeric', numeric_precision: 8, numeric_scale: 0 });
        const { id } = (await sql<{ id: string }>`insert into ${sql.id('online_data', master)} (company_id, order_no) values (${ctx.companyId}, 'A1') returning id`.execute(ctx.db)).rows[0]!;
        await sql`insert into ${sql.id('online_data', child)} (company_id, master_id, item) values (${ctx.companyId}, ${id}, 'x')`.execute(ctx.db);
        await sql`delete from ${sql.id('online_data', master)} where id = ${id}`.execute(ctx.db);
        const left = await sql<{ n: string }>`select count(*) as n from ${sql.id('online_data', child)}`.execute(ctx.db);
        expect(Number(left.rows[0]!.n)).toBe(0);
      }
    });

    it('树表: pid references the table itself (a parent with children is not deleted), has_child defaults to false', async () => {
      const form = await add({ tableName: 't_tree', title: '树测试', formType: 'tree', fields: [text('name', '名称')], treeLabelField: 'name' });
      await sync(form);
      const cols = await columns('t_tree');
      expect(cols.pid!.data_type).toBe('uuid');
      expect(cols.has_child).toMatchObject({ data_type: 'boolean', column_default: 'false' });
      const { id } = (await sql<{ id: string }>`insert into online_data.t_tree (company_id, name) values (${ctx.companyId}, '根') returning id`.execute(ctx.db)).rows[0]!;
      await sql`insert into online_data.t_tree (company_id, name, pid) values (${ctx.companyId}, '叶', ${id})`.execute(ctx.db);
      await expect(sql`delete from online_data.t_tree where id = ${id}`.execute(ctx.db)).rejects.toThrow();
    });
  });

  describe('changing a synced form', () => {
    let form: OnlineForm;
    beforeAll(async () => {
      form = await add({
        tableName: 't_alter',
        title: '修改测试',
        formType: 'single',
        fields: [text('name', '名称', { length: 100 }), text('amount', '数额', { length: 20 }), text('note', '备注'), text('code', '编码', { length: 20 })],
      });
      form = (await sync(form)).form;
      await sql`insert into online_data.t_alter (company_id, name, amount, note, code) values (${ctx.companyId}, '张三', '12.5', 'n', 'abc')`.execute(ctx.db);
    });

    it('alters length, type, required and default; the edit makes the form 待同步 until the sync', async () => {
      const fields = form.fields.map((f) =>
        f.name === 'name' ? { ...f, length: 20, required: true, defaultValue: '无名' } : f.name === 'amount' ? { ...f, type: 'number' as const, length: 10, scale: 2, defaultValue: '1.5' } : f,
      );
      form = await resultOf(edit(form, { fields }));
      expect(form.syncState).toBe('changed');
      const result = await sync(form);
      expect(result.applied).toBe(true);
      form = result.form;
      expect(form.syncState).toBe('synced');
      const cols = await columns('t_alter');
      expect(cols.name).toMatchObject({ data_type: 'character varying', character_maximum_length: 20, is_nullable: 'NO' });
      expect(cols.name!.column_default).toContain("'无名'");
      expect(cols.amount).toMatchObject({ data_type: 'numeric', numeric_precision: 10, numeric_scale: 2 });
      expect(cols.amount!.column_default).toContain('1.5');
      const row = await sql<{ amount: string }>`select amount from online_data.t_alter`.execute(ctx.db);
      expect(Number(row.rows[0]!.amount)).toBe(12.5);
    });

    it('a change the data cannot take answers 101 naming the field and changes nothing', async () => {
      const fields = form.fields.map((f) => (f.name === 'code' ? { ...f, type: 'number' as const, length: 10 } : f));
      form = await resultOf(edit(form, { fields }));
      const res = await ctx.t.post(routes.sync, { id: form.id, version: form.version }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101' });
      expect(res.body.message).toContain('编码');
      expect((await columns('t_alter')).code).toMatchObject({ data_type: 'character varying', character_maximum_length: 20 });
      form = await resultOf(ctx.t.post<OnlineForm>(routes.queryById, { id: form.id }, { token: ctx.admin }));
      expect(form.syncState).toBe('changed');
      form = await resultOf(edit(form, { fields: form.fields.map((f) => (f.name === 'code' ? { ...f, type: 'text' as const, length: 20 } : f)) }));
      form = (await sync(form)).form;
    });

    it('a default that does not fit its type answers 101 naming the field', async () => {
      const bad = form.fields.map((f) => (f.name === 'amount' ? { ...f, defaultValue: '12abc' } : f));
      const edited = await resultOf(edit(form, { fields: bad }));
      const res = await ctx.t.post(routes.sync, { id: edited.id, version: edited.version }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101' });
      expect(res.body.message).toContain('数额');
      const restored = await resultOf(edit(edited, { fields: form.fields }));
      form = (await sync(restored)).form;
      const date = await resultOf(edit(form, { fields: [...form.fields, { name: 'day', label: '日期', type: 'date', defaultValue: '2025-02-30' } as OnlineForm['fields'][number]] }));
      const refused = await ctx.t.post(routes.sync, { id: date.id, version: date.version }, { token: ctx.admin });
      expect(refused.body.message).toContain('日期');
      expect((await columns('t_alter')).day).toBeUndefined();
      form = await resultOf(edit(date, { fields: form.fields }));
      form = (await sync(form)).form;
    });

    it('adds a field', async () => {
      form = await resultOf(edit(form, { fields: [...form.fields, { name: 'score', label: '评分', type: 'number', length: 5, scale: 1, required: false, defaultValue: '', ruleCode: '', dictCode: '', list: true, search: false, sort: false, export: true }] }));
      const result = await sync(form);
      expect(result.statements).toEqual(['alter table "online_data"."t_alter" add column "score" numeric(5, 1)']);
      form = result.form;
      expect((await columns('t_alter')).score).toMatchObject({ data_type: 'numeric', numeric_precision: 5, numeric_scale: 1 });
    });

    it('removing a field asks for confirmation first; confirmed, the column is dropped', async () => {
      form = await resultOf(edit(form, { fields: form.fields.filter((f) => f.name !== 'note') }));
      const asked = await sync(form);
      expect(asked).toMatchObject({ applied: false, drops: ['t_alter.note'] });
      expect(asked.statements).toContain('alter table "online_data"."t_alter" drop column "note"');
      expect((await columns('t_alter')).note).toBeDefined();
      expect(asked.form.syncState).toBe('changed');
      const done = await sync(form, true);
      expect(done.applied).toBe(true);
      expect((await columns('t_alter')).note).toBeUndefined();
      form = done.form;
    });

    it('lists each sync that changed the database, newest first', async () => {
      const history = await resultOf(ctx.t.post<{ formVersion: number; statements: string[]; createdBy: string }[]>(routes.migrations, { id: form.id }, { token: ctx.admin }));
      // create, alter, add, drop: the refused syncs and those with nothing to change left no record.
      expect(history.length).toBe(4);
      expect(history[0]!.statements).toEqual(['alter table "online_data"."t_alter" drop column "note"']);
      expect(history.at(-1)!.statements[0]).toMatch(/^create table/);
      expect(history[0]!.formVersion).toBe(form.version);
    });

    it('a stale edit answers 101 and changes nothing', async () => {
      const res = await edit({ ...form, version: form.version - 1 }, { title: '过期' });
      expect(res.body).toMatchObject({ success: false, code: '101', message: ErrorText.staleVersion });
      const now = await resultOf(ctx.t.post<OnlineForm>(routes.queryById, { id: form.id }, { token: ctx.admin }));
      expect(now).toMatchObject({ title: '修改测试', version: form.version, syncState: 'synced' });
      const staleSync = await ctx.t.post(routes.sync, { id: form.id, version: form.version - 1 }, { token: ctx.admin });
      expect(staleSync.body).toMatchObject({ success: false, code: '101' });
    });

    it('child tables removed from the configuration are dropped only once confirmed', async () => {
      let master = await add({ tableName: 't_drop', title: '删子表', formType: 'master', fields: [text('name', '名称')], subTables: [{ tableName: 't_drop_a', title: 'A', fkField: 'head_id', fields: [text('xx', 'X')] }] });
      master = (await sync(master)).form;
      master = await resultOf(edit(master, { subTables: [{ ...master.subTables[0]!, tableName: 't_drop_b', title: 'B' }] }));
      const asked = await sync(master);
      expect(asked).toMatchObject({ applied: false, drops: ['t_drop_a'] });
      expect(await onlineTables()).toContain('t_drop_a');
      expect(await onlineTables()).not.toContain('t_drop_b');
      await sync(master, true);
      expect(await onlineTables()).not.toContain('t_drop_a');
      expect(await onlineTables()).toContain('t_drop_b');
    });
  });

  describe('names carrying SQL', () => {
    const base = { title: '攻击', formType: 'single' as const, fields: [text('name', '名称')] };

    it('refuses table and field names that are not plain lower-case identifiers, creating nothing', async () => {
      const before = await formCount();
      const tablesBefore = await onlineTables();
      const names = ['a; drop table x', 'x"--', "Robert'); DROP", 'Upper', 'a'.repeat(41), '1abc', 'a b', 'a\tb', 'é_name'];
      for (const name of names) {
        const asTable = await ctx.t.post(routes.add, { ...base, tableName: name }, { token: ctx.admin });
        expect(asTable.body.success, name).toBe(false);
        expect(asTable.body.message, name).toContain('只能以小写字母开头');
        const asField = await ctx.t.post(routes.add, { ...base, tableName: 't_attack', fields: [text(name, '名称')] }, { token: ctx.admin });
        expect(asField.body.success, name).toBe(false);
        expect(asField.body.message, name).toContain('只能以小写字母开头');
      }
      for (const reserved of ['id', 'company_id', 'version', 'pid', 'created_by']) {
        const res = await ctx.t.post(routes.add, { ...base, tableName: 't_attack', fields: [text(reserved, '系统')] }, { token: ctx.admin });
        expect(res.body.success).toBe(false);
        expect(res.body.message).toContain('是系统字段');
      }
      const fk = await ctx.t.post(routes.add, { ...base, formType: 'master', tableName: 't_attack', subTables: [{ tableName: 't_attack_s', title: '子', fkField: 'x"; drop', fields: [text('a', 'A')] }] }, { token: ctx.admin });
      expect(fk.body.success).toBe(false);
      expect(await formCount()).toBe(before);
      expect(await onlineTables()).toEqual(tablesBefore);
    });

    it('refuses an index over an unknown field', async () => {
      const res = await ctx.t.post(routes.add, { ...base, tableName: 't_idx', indexes: [{ name: 'bad_idx', fields: ['nope'] }] }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false });
      expect(res.body.message).toContain('索引字段不存在');
      expect(await ctx.db.selectFrom('online_form').select('id').where('table_name', '=', 't_idx').executeTakeFirst()).toBeUndefined();
    });

    it('refuses a table name another form holds, as master or child', async () => {
      const res = await ctx.t.post(routes.add, { ...base, tableName: 't_master_item' }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101' });
      expect(res.body.message).toContain('表名已存在');
    });
  });

  describe('permissions', () => {
    let formId: string;
    beforeAll(async () => {
      formId = (await add({ tableName: 't_perm', title: '权限', formType: 'single', fields: [text('name', '名称')] })).id;
    });

    const calls = (): RouteCall<typeof routes>[] => [
      ['list', P.onlineFormList, {}],
      ['queryById', P.onlineFormList, { id: formId }],
      ['migrations', P.onlineFormList, { id: formId }],
      ['add', P.onlineFormAdd, { tableName: 't_perm2', title: '权限', formType: 'single', fields: [text('name', '名称')] }],
      ['edit', P.onlineFormEdit, { id: formId, version: 1, tableName: 't_perm', title: '改', formType: 'single', fields: [text('name', '名称')] }],
      ['delete', P.onlineFormDelete, { id: formId }],
      ['sync', P.onlineFormSync, { id: formId, version: 1 }],
      ['genMenu', P.onlineFormMenu, { id: formId }],
    ];

    it('answers 403 to a user without each action', async () => {
      const all = calls();
      for (const [name, action] of all) {
        const others = Object.values(P).filter((a) => a !== action);
        const { token } = await signedInUser(ctx.t, `nof_${name}`, { actions: others });
        await expectEachForbidden(ctx.t, routes, all.filter(([, a]) => a === action), token);
      }
      expect(await ctx.db.selectFrom('online_form').select('id').where('table_name', '=', 't_perm2').executeTakeFirst()).toBeUndefined();
      expect(await onlineTables()).not.toContain('t_perm');
    });

    it('answers 403 to a super administrator of a company other than the platform', async () => {
      await createUserWith(ctx.db, { username: 'founder', actions: ['system:company:add', 'system:company:list'] });
      const founder = await ctx.t.login('founder', TEST_PASSWORD);
      const company = await resultOf(ctx.t.post<{ id: string }>('/online/company/add', { code: 'OTHER', name: '另一家' }, { token: founder }));
      await resultOf(ctx.t.post('/online/api/setUserLoginDefaultCompany', { userLoginId: 'founder', defaultCompanyId: company.id }, { token: founder }));
      for (const [name, , body] of calls()) {
        const res = await ctx.t.post(routes[name], body, { token: founder });
        expect(res.status, name).toBe(403);
        expect(res.body.message, name).toBe(AuthorityText.platformOnly);
      }
    });
  });

  describe('生成菜单 and delete', () => {
    let form: OnlineForm;
    beforeAll(async () => {
      form = await add({ tableName: 't_menu', title: '菜单测试', formType: 'master', fields: [text('name', '名称')], subTables: [{ tableName: 't_menu_item', title: '明细', fkField: 'head_id', fields: [text('xx', 'X')] }] });
    });

    it('needs a synced form', async () => {
      const res = await ctx.t.post(routes.genMenu, { id: form.id }, { token: ctx.admin });
      expect(res.body).toMatchObject({ success: false, code: '101', message: '表单尚未同步数据库' });
    });

    it('makes the entry with its six buttons; running it again updates the same entry; the menu shows it to a group granted it', async () => {
      form = (await sync(form)).form;
      form = await resultOf(ctx.t.post<OnlineForm>(routes.genMenu, { id: form.id }, { token: ctx.admin }));
      expect(form.menuPath).toBe('/online/cgformList/t_menu');
      form = await resultOf(edit(form, { title: '菜单测试二' }));
      await resultOf(ctx.t.post<OnlineForm>(routes.genMenu, { id: form.id, parentPath: '/online' }, { token: ctx.admin }));
      const entries = await ctx.db.selectFrom('sys_permission').select(['id', 'name', 'component']).where('path', '=', '/online/cgformList/t_menu').execute();
      expect(entries).toEqual([{ id: entries[0]!.id, name: '菜单测试二', component: 'online/OnlineDataList' }]);
      const buttons = await ctx.db.selectFrom('sys_permission').select(['action', 'name']).where('parent_id', '=', entries[0]!.id).orderBy('sort').execute();
      expect(buttons).toEqual(['list', 'add', 'edit', 'delete', 'export', 'import'].map((a, i) => ({ action: `online:cgform:t_menu:${a}`, name: ['查看', '新增', '编辑', '删除', '导出', '导入'][i] })));

      const { token } = await signedInUser(ctx.t, 'menu_user', { paths: ['/online', '/online/cgformList/t_menu'], actions: ['online:cgform:t_menu:list'] });
      const perms = await resultOf(ctx.t.post<{ menu: { path: string; children?: { path: string }[] }[]; auth: { action: string }[] }>('/online/api/getUserPermissionByToken', {}, { token }));
      const online = perms.menu.find((m) => m.path === '/online');
      expect(online?.children?.map((m) => m.path)).toContain('/online/cgformList/t_menu');
      expect(perms.auth.map((a) => a.action)).toContain('online:cgform:t_menu:list');
    });

    it('delete drops the tables, the menu entry and its buttons', async () => {
      const res = await ctx.t.post(routes.delete, { id: form.id }, { token: ctx.admin });
      expect(res.body.code, res.body.message).toBe('0');
      expect(await onlineTables()).not.toContain('t_menu');
      expect(await onlineTables()).not.toContain('t_menu_item');
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('path', '=', '/online/cgformList/t_menu').executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('sys_permission').select('id').where('action', 'like', 'online:cgform:t_menu:%').executeTakeFirst()).toBeUndefined();
      expect(await ctx.db.selectFrom('online_form').select('id').where('id', '=', form.id).executeTakeFirst()).toBeUndefined();
    });
  });

  it('lists with filters and sort', async () => {
    const page = await resultOf(ctx.t.post<{ records: OnlineForm[]; total: number }>(routes.list, { tableName: 't_m', column: 'tableName', order: 'asc' }, { token: ctx.admin }));
    expect(page.records.map((f) => f.tableName)).toEqual(['t_master']);
    const bad = await ctx.t.post(routes.list, { column: 'table_name; drop' }, { token: ctx.admin });
    expect(bad.body.success).toBe(false);
  });

  describe('the five examples', () => {
    const examples = [
      ['/online/demo/single', 'nursing_consumable', 'single', []],
      ['/online/demo/oneToMany', 'purchase_order', 'master', ['purchase_order_item']],
      ['/online/demo/tree', 'service_category', 'tree', []],
      ['/online/demo/erp', 'package_plan', 'erp', ['package_plan_item']],
      ['/online/demo/innerTable', 'baby_care_record', 'inner', ['baby_care_record_item']],
    ] as const;

    it('are seeded as synced forms whose buttons hang under the example entries', async () => {
      const tables = await onlineTables();
      for (const [menuPath, tableName, formType, children] of examples) {
        const page = await resultOf(ctx.t.post<{ records: OnlineForm[] }>(routes.list, { tableName }, { token: ctx.admin }));
        const form = page.records.find((r) => r.tableName === tableName)!;
        expect(form, tableName).toMatchObject({ formType, syncState: 'synced', menuPath });
        expect(tables).toEqual(expect.arrayContaining([tableName, ...children]));
        const menu = await ctx.db.selectFrom('sys_permission').select('id').where('path', '=', menuPath).executeTakeFirstOrThrow();
        const buttons = await ctx.db.selectFrom('sys_permission').select('action').where('parent_id', '=', menu.id).execute();
        expect(buttons.map((b) => b.action).sort(), tableName).toEqual(['add', 'delete', 'edit', 'export', 'import', 'list'].map((a) => `online:cgform:${tableName}:${a}`));
      }
      expect((await columns('baby_care_record_item')).care_time!.data_type).toBe('timestamp with time zone');
      expect((await columns('service_category')).pid!.data_type).toBe('uuid');
      const units = await resultOf(ctx.t.get<{ value: string }[]>('/online/dict/getDictItems/consumable_unit', {}, { token: ctx.admin }));
      expect(units.map((u) => u.value)).toContain('box');
    });

    it('a later start leaves them as the administrator edited them', async () => {
      const page = await resultOf(ctx.t.post<{ records: OnlineForm[] }>(routes.list, { tableName: 'service_category' }, { token: ctx.admin }));
      const edited = await resultOf(edit(page.records[0]!, { title: '服务分类（改）' }));
      expect(await seedExampleForms(ctx.db)).toBe(0);
      const now = await resultOf(ctx.t.post<OnlineForm>(routes.queryById, { id: edited.id }, { token: ctx.admin }));
      expect(now).toMatchObject({ title: '服务分类（改）', version: edited.version, syncState: 'changed' });
    });
  });
});
