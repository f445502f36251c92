import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorText,
  ONLINE_DATA_ACTIONS,
  onlineDataAction,
  onlineDataRoutes,
  onlineFormContract,
  onlineFormCreateSchema,
  OnlineFormText,
  type OnlineDataAction,
  type OnlineForm,
  type OnlineFormCreateInput,
  type PageResult,
} from '@care/shared';
import { MISSING_ID, postMultipart, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx, writeXlsx, XLSX_TYPE } from '../../test/xlsx.js';
import { createForm, genMenu, getForm, listMigrations, rebuildIndexes, syncForm } from '../online-form/index.js';
import { displayKey, OnlineDataText } from './online-data.service.js';

type Row = Record<string, unknown> & { id: string; version: number };
type Route = keyof typeof onlineDataRoutes;

const url = (code: string, route: Route) => onlineDataRoutes[route].replace(':code', code);

describe('generated pages (online-data)', () => {
  const ctx = useAdminApp();

  /** A form made, synced and given its menu through online-form's service, as an administrator does. */
  const makeForm = async (input: OnlineFormCreateInput): Promise<OnlineForm> => {
    const created = await createForm(ctx.db, { userId: ctx.adminId }, onlineFormCreateSchema.parse(input));
    const synced = await syncForm(ctx.db, { userId: ctx.adminId }, { id: created.id, version: created.version });
    expect(synced.applied).toBe(true);
    return genMenu(ctx.db, { userId: ctx.adminId }, { id: created.id, parentPath: '/online' });
  };
  const post = <T = unknown>(code: string, route: Route, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url(code, route), body, { token });
  const call = <T = Row>(code: string, route: Route, body: Record<string, unknown>, token = ctx.admin) => resultOf(post<T>(code, route, body, token));
  const list = async (code: string, q: Record<string, unknown> = {}, token = ctx.admin) => call<PageResult<Row>>(code, 'list', { pageNo: 1, pageSize: 50, ...q }, token);

  describe('单表', () => {
    const code = 'od_supply';
    beforeAll(async () => {
      await makeForm({
        tableName: code,
        title: '护理耗材',
        formType: 'single',
        fields: [
          { name: 'name', label: '名称', type: 'text', length: 10, required: true, search: true, sort: true },
          { name: 'qty', label: '数量', type: 'number', length: 4, sort: true, search: true },
          { name: 'kind', label: '类别', type: 'select', dictCode: 'sex', search: true },
          { name: 'price', label: '单价', type: 'money' },
          { name: 'remark', label: '备注', type: 'textarea', length: 50 },
          { name: 'body', label: '说明', type: 'richtext', export: false },
        ],
      });
    });

    it('adds a row with the rules of its fields; required and length are refused with their messages', async () => {
      const added = await call(code, 'add', { name: '纸尿裤', qty: 3, kind: '1', price: '12.50', body: '<p>好</p><script>alert(1)</script>' });
      expect(added).toMatchObject({ name: '纸尿裤', qty: 3, kind: '1', price: '12.50', remark: '', version: 1 });
      expect(added.body).toBe('<p>好</p>');
      const missing = await post(code, 'add', { qty: 1 });
      expect(missing.status).toBe(422);
      expect(missing.body).toMatchObject({ success: false, code: '101', message: 'name: 请输入名称!' });
      expect((await post(code, 'add', { name: '一二三四五六七八九十一' })).body.message).toBe('name: 名称不能超过10个字符');
      expect((await post(code, 'add', { name: 'a', qty: 10000 })).body.message).toBe('qty: 数量不能超过4位整数');
    });

    it('edits under the version lock and deletes only the version seen', async () => {
      const row = await call(code, 'add', { name: '湿巾', qty: 1 });
      const edited = await call(code, 'edit', { id: row.id, version: row.version, name: '湿巾大包', qty: 2 });
      expect(edited).toMatchObject({ name: '湿巾大包', qty: 2, version: 2 });
      const stale = await post(code, 'edit', { id: row.id, version: 1, name: '旧的' });
      expect(stale.body).toMatchObject({ success: false, message: ErrorText.staleVersion });
      expect((await call(code, 'queryById', { id: row.id })).name).toBe('湿巾大包');
      expect((await post(code, 'delete', { id: row.id, version: 1 })).body).toMatchObject({ success: false, message: ErrorText.staleVersion });
      await call(code, 'delete', { id: row.id, version: 2 });
      expect((await post(code, 'queryById', { id: row.id })).status).toBe(404);
    });

    it('filters and sorts by configured fields only; SQL in a filter is a value', async () => {
      for (const [name, qty] of [['棉签A', 30], ['棉签B', 10], ['棉签C', 20]] as const) await call(code, 'add', { name, qty });
      const sorted = await list(code, { name: '棉签', column: 'qty', order: 'asc' });
      expect(sorted.records.map((r) => r.name)).toEqual(['棉签B', '棉签C', '棉签A']);
      expect((await list(code, { qty: '20' })).records.map((r) => r.name)).toEqual(['棉签C']);
      const unknownSort = await post(code, 'list', { pageNo: 1, pageSize: 10, column: 'remark' });
      expect(unknownSort.body).toMatchObject({ success: false, message: 'column: 不支持的排序字段' });
      expect((await post(code, 'list', { pageNo: 1, pageSize: 10, column: 'name desc; drop table x' })).body.message).toBe('column: 不支持的排序字段');

      expect((await list(code, { name: "' or 1=1 --" })).records).toEqual([]);
      expect((await list(code, { kind: "1' or '1'='1" })).records).toEqual([]);
      const numeric = await post(code, 'list', { pageNo: 1, pageSize: 10, qty: '1 or 1=1' });
      expect(numeric.body).toMatchObject({ success: false, message: 'qty: 数量格式不正确' });
      expect(JSON.stringify(numeric.body)).not.toMatch(/syntax|select|sql/i);
    });

    it('answers the synced form and the actions held; an unknown or unsynced form says so', async () => {
      const config = await call<{ form: OnlineForm; actions: string[] }>(code, 'config', {});
      expect(config.form.tableName).toBe(code);
      expect(config.actions).toEqual([...ONLINE_DATA_ACTIONS]);
      expect((await post('od_nothing', 'list', { pageNo: 1, pageSize: 10 })).body).toMatchObject({ code: '404', message: OnlineFormText.unknownForm });
      expect((await post('x;drop', 'list', { pageNo: 1, pageSize: 10 })).body).toMatchObject({ code: '404', message: OnlineFormText.unknownForm });
      await createForm(ctx.db, { userId: ctx.adminId }, onlineFormCreateSchema.parse({ tableName: 'od_unsynced', title: '未同步', formType: 'single', fields: [{ name: 'name', label: '名称', type: 'text' }] }));
      expect((await post('od_unsynced', 'list', { pageNo: 1, pageSize: 10 })).body).toMatchObject({ code: '101', message: OnlineFormText.notSynced });
    });

    it('exports the list with formula text escaped, and imports the export back; rows with errors are answered, the rest inserted', async () => {
      await call(code, 'add', { name: '=1+2', qty: 7, remark: '@cmd' });
      const exported = await exportXlsx(ctx.t, url(code, 'exportXls'), { name: '=1+2' }, ctx.admin);
      expect(exported.status).toBe(200);
      expect(exported.rows[0]).toEqual(['名称', '数量', '类别', '单价', '备注']);
      expect(exported.rows[1]).toEqual(["'=1+2", '7', '', '0.00', "'@cmd"]);

      const file = await writeXlsx([exported.rows[1]!, ['', '5', '', '', '没有名称'], ['进口棉签', '8', '1', '3.5', '']], exported.rows[0]!);
      const res = await postMultipart<{ imported: number; errors: { row: number; message: string }[] }>(ctx.t, url(code, 'importExcel'), { token: ctx.admin, file: { name: 'supply.xlsx', data: file, type: XLSX_TYPE } });
      expect(res.body.result).toEqual({ imported: 2, errors: [{ row: 3, message: '请输入名称!' }] });
      const again = (await list(code, { name: '=1+2' })).records;
      expect(again.map((r) => [r.name, r.qty, r.remark])).toEqual([['=1+2', 7, '@cmd'], ['=1+2', 7, '@cmd']]);
      expect((await list(code, { name: '进口棉签' })).records[0]).toMatchObject({ qty: 8, kind: '1', price: '3.50' });

      const badHeader = await writeXlsx([['a']], ['别的表头']);
      const refused = await postMultipart(ctx.t, url(code, 'importExcel'), { token: ctx.admin, file: { name: 'x.xlsx', data: badHeader, type: XLSX_TYPE } });
      expect(refused.body).toMatchObject({ success: false, code: '101' });
      expect(refused.body.message).toContain('名称');
    });

    it('never shows, reads or changes another company’s row', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'ODX', name: '别家公司' }).returning('id').executeTakeFirstOrThrow();
      const { rows } = await sql<{ id: string }>`insert into online_data.od_supply (company_id, name, qty) values (${other.id}, '别家耗材', 1) returning id`.execute(ctx.db);
      const id = rows[0]!.id;
      expect((await list(code, { name: '别家' })).records).toEqual([]);
      expect((await post(code, 'queryById', { id })).status).toBe(404);
      expect((await post(code, 'edit', { id, version: 1, name: '改了' })).status).toBe(404);
      expect((await post(code, 'delete', { id })).status).toBe(404);
      expect((await call<{ deleted: number }>(code, 'deleteBatch', { ids: [id, MISSING_ID] })).deleted).toBe(0);
      const kept = await sql<{ name: string }>`select name from online_data.od_supply where id = ${id}`.execute(ctx.db);
      expect(kept.rows[0]?.name).toBe('别家耗材');
    });

    it('refuses each route to a user without its action (403), and lets the holder through', async () => {
      const menu = `/online/cgformList/${code}`;
      const sample = await call(code, 'add', { name: '权限测试' });
      const calls: [OnlineDataAction, Route, Record<string, unknown>][] = [
        ['list', 'list', { pageNo: 1, pageSize: 10 }],
        ['list', 'queryById', { id: sample.id }],
        ['add', 'add', { name: 'x' }],
        ['edit', 'edit', { id: sample.id, version: sample.version, name: 'y' }],
        ['delete', 'delete', { id: sample.id }],
        ['delete', 'deleteBatch', { ids: [sample.id] }],
        ['export', 'exportXls', {}],
      ];
      for (const action of ONLINE_DATA_ACTIONS) {
        const others = ONLINE_DATA_ACTIONS.filter((a) => a !== action).map((a) => onlineDataAction(code, a));
        const { token } = await signedInUser(ctx.t, `od_no_${action}`, { actions: others, paths: [menu] });
        for (const [needed, route, body] of calls.filter(([a]) => a === action)) {
          const res = await post(code, route, body, token);
          expect(res.status, `${needed} ${route}`).toBe(403);
          expect(res.body).toMatchObject({ code: '403', message: ErrorText.forbidden });
        }
        if (action === 'import') {
          const file = await writeXlsx([['导入']], ['名称', '数量', '类别', '单价', '备注']);
          expect((await postMultipart(ctx.t, url(code, 'importExcel'), { token, file: { name: 'a.xlsx', data: file, type: XLSX_TYPE } })).status).toBe(403);
        }
        // What the user holds still answers, and config lists exactly it.
        expect((await call<{ actions: string[] }>(code, 'config', {}, token)).actions).toEqual(ONLINE_DATA_ACTIONS.filter((a) => a !== action));
      }
      const nobody = await signedInUser(ctx.t, 'od_nobody');
      expect((await post(code, 'config', {}, nobody.token)).status).toBe(403);
      // An unknown form answers a user without actions 403 too: nothing leaks about which forms exist.
      expect((await post('od_nothing', 'list', { pageNo: 1, pageSize: 10 }, nobody.token)).status).toBe(403);
      expect((await post('od_unsynced', 'list', { pageNo: 1, pageSize: 10 }, nobody.token)).status).toBe(403);
      expect((await call(code, 'queryById', { id: sample.id })).name).toBe('权限测试');
    });

    it('applies the data rules of its menu entry: another user’s row is invisible by list and by id, and not editable', async () => {
      const menu = `/online/cgformList/${code}`;
      const user = await signedInUser(ctx.t, 'od_rules', { actions: ONLINE_DATA_ACTIONS.map((a) => onlineDataAction(code, a)), paths: [menu] });
      const mine = await call(code, 'add', { name: '我的耗材' }, user.token);
      const theirs = await call(code, 'add', { name: '管理员的' });
      await withDataRule(ctx.t, ctx.admin, menu, { resource: `online_data.${code}`, name: '本人数据', columnKey: 'created_by', condition: '=', value: '#{sys_user_id}', enabled: true }, async () => {
        expect((await list(code, {}, user.token)).records.map((r) => r.id)).toEqual([mine.id]);
        expect((await post(code, 'queryById', { id: theirs.id }, user.token)).status).toBe(404);
        expect((await post(code, 'edit', { id: theirs.id, version: theirs.version, name: '改' }, user.token)).status).toBe(404);
        expect((await post(code, 'delete', { id: theirs.id }, user.token)).status).toBe(404);
        expect((await call(code, 'queryById', { id: mine.id }, user.token)).name).toBe('我的耗材');
        // The administrator (super group) sees the whole company.
        expect((await call(code, 'queryById', { id: theirs.id })).name).toBe('管理员的');
      });
      expect((await call(code, 'queryById', { id: theirs.id }, user.token)).name).toBe('管理员的');
    });
  });

  describe('check rules and data-rule columns', () => {
    const code = 'od_contact';
    let formId = '';
    beforeAll(async () => {
      await ctx.db.insertInto('check_rule').values({ code: 'od_mobile', name: '手机号', segments: JSON.stringify([{ digits: '*', pattern: '1\\d{10}', message: '请输入正确的手机号' }]) }).execute();
      formId = (await makeForm({ tableName: code, title: '联系人', formType: 'single', fields: [{ name: 'mobile', label: '手机', type: 'text', length: 20, ruleCode: 'od_mobile' }] })).id;
    });

    it('checks a field against its check rule on the server, with the rule’s message', async () => {
      expect((await post(code, 'add', { mobile: '123' })).body).toMatchObject({ success: false, code: '101', message: '手机：请输入正确的手机号' });
      expect((await call(code, 'add', { mobile: '13800138000' })).mobile).toBe('13800138000');
      // An empty value is the required rule's business, not the check rule's.
      expect((await call(code, 'add', { mobile: '' })).mobile).toBe('');
    });

    it('offers the form’s columns to data rules, and its new columns once it is synced again', async () => {
      const columnsOf = async () => {
        const res = await resultOf(ctx.t.post<{ resource: string; label: string; columns: { columnKey: string }[] }[]>('/online/api/listDataRuleColumns', { resource: `online_data.${code}` }, { token: ctx.admin }));
        return res[0];
      };
      expect(await columnsOf()).toMatchObject({ label: '联系人' });
      expect((await columnsOf())!.columns.map((c) => c.columnKey)).toEqual(['mobile', 'created_by', 'created_at', 'company_id']);
      const form = await getForm(ctx.db, formId);
      const { id, version, tableName, title, formType, fields, indexes, treeLabelField, subTables } = form;
      const edited = await resultOf(ctx.t.post<OnlineForm>(onlineFormContract.edit.path, { id, version, tableName, title, formType, indexes, treeLabelField, subTables, fields: [...fields, { name: 'memo', label: '备注', type: 'text' }] }, { token: ctx.admin }));
      await resultOf(ctx.t.post(onlineFormContract.sync.path, { id, version: edited.version }, { token: ctx.admin }));
      expect((await columnsOf())!.columns.map((c) => c.columnKey)).toEqual(['mobile', 'memo', 'created_by', 'created_at', 'company_id']);
    });
  });

  describe.each([
    ['master', 'od_purchase', 'od_purchase_line'],
    ['erp', 'od_package', 'od_package_item'],
    ['inner', 'od_baby_care', 'od_baby_care_detail'],
  ] as const)('%s: master and child rows in one transaction', (formType, code, child) => {
    beforeAll(async () => {
      await makeForm({
        tableName: code,
        title: `主表${formType}`,
        formType,
        fields: [{ name: 'order_no', label: '单号', type: 'text', length: 20, required: true, search: true }],
        subTables: [
          {
            tableName: child,
            title: '明细',
            fkField: 'master_id',
            fields: [
              { name: 'item', label: '物品', type: 'text', length: 20, required: true },
              { name: 'amount', label: '数量', type: 'number', length: 6 },
            ],
          },
        ],
      });
    });

    const childRows = async () => (await sql<{ item: string; company_id: string }>`select item, company_id from ${sql.table(`online_data.${child}`)} order by item`.execute(ctx.db)).rows;

    it('adds the master with two child rows, edits one, adds one and removes one, and deletes them all', async () => {
      const added = await call<Row & { subs: Record<string, Row[]> }>(code, 'add', { order_no: `${formType}-1`, subs: { [child]: [{ item: '奶粉', amount: 2 }, { item: '尿布', amount: 5 }] } });
      expect(added.subs[child]!.map((r) => [r.item, r.amount])).toEqual([['奶粉', 2], ['尿布', 5]]);
      expect((await childRows()).every((r) => r.company_id === ctx.companyId)).toBe(true);

      const [milk, diaper] = added.subs[child]!;
      const edited = await call<Row & { subs: Record<string, Row[]> }>(code, 'edit', {
        id: added.id,
        version: added.version,
        order_no: `${formType}-1`,
        subs: { [child]: [{ id: milk!.id, item: '奶粉', amount: 3 }, { item: '湿巾', amount: 1 }] },
      });
      expect(edited.subs[child]!.map((r) => [r.item, r.amount])).toEqual([['奶粉', 3], ['湿巾', 1]]);
      expect(edited.subs[child]![0]!.id).toBe(milk!.id);
      expect((await childRows()).map((r) => r.item)).not.toContain(diaper!.item);

      const read = await call<Row & { subs: Record<string, Row[]> }>(code, 'queryById', { id: added.id });
      expect(read.subs[child]!.map((r) => r.item)).toEqual(['奶粉', '湿巾']);

      // A bad child row changes nothing: neither the master nor the other children.
      const bad = await post(code, 'edit', { id: added.id, version: edited.version, order_no: '改了', subs: { [child]: [{ item: '' }] } });
      expect(bad.body).toMatchObject({ success: false, message: `subs.${child}.0.item: 请输入物品!` });
      const stranger = await post(code, 'edit', { id: added.id, version: edited.version, order_no: '改了', subs: { [child]: [{ id: MISSING_ID, item: '外来' }] } });
      expect(stranger.body).toMatchObject({ success: false, message: OnlineDataText.childMissing });
      expect((await call(code, 'queryById', { id: added.id })).order_no).toBe(`${formType}-1`);
      expect((await childRows()).map((r) => r.item).sort()).toEqual(['奶粉', '湿巾'].sort());

      await call(code, 'delete', { id: added.id, version: edited.version });
      expect(await childRows()).toEqual([]);
    });
  });

  describe('树表', () => {
    const code = 'od_category';
    beforeAll(async () => {
      await makeForm({
        tableName: code,
        title: '服务项目分类',
        formType: 'tree',
        treeLabelField: 'name',
        fields: [{ name: 'name', label: '分类名称', type: 'text', length: 20, required: true }],
      });
    });

    it('keeps has_child over three levels, refuses cycles and deleting a node with children', async () => {
      const root = await call(code, 'add', { name: '护理', pid: null });
      const mid = await call(code, 'add', { name: '产妇护理', pid: root.id });
      const leaf = await call(code, 'add', { name: '乳房护理', pid: mid.id });
      expect(root.hasChild).toBe(false);

      const roots = await call<Row[]>(code, 'treeChildren', { pid: null });
      expect(roots.map((r) => [r.name, r.hasChild])).toEqual([['护理', true]]);
      expect((await call<Row[]>(code, 'treeChildren', { pid: root.id })).map((r) => [r.name, r.hasChild])).toEqual([['产妇护理', true]]);
      expect((await call<Row[]>(code, 'treeChildren', { pid: mid.id })).map((r) => [r.name, r.hasChild])).toEqual([['乳房护理', false]]);
      expect((await list(code, { pid: mid.id })).records.map((r) => r.name)).toEqual(['乳房护理']);

      const current = await call(code, 'queryById', { id: root.id });
      const cycle = await post(code, 'edit', { id: root.id, version: current.version, name: '护理', pid: leaf.id });
      expect(cycle.body).toMatchObject({ code: '101', message: OnlineDataText.ownAncestor });
      expect((await post(code, 'edit', { id: root.id, version: current.version, name: '护理', pid: root.id })).body.message).toBe(OnlineDataText.ownAncestor);
      expect((await post(code, 'add', { name: '孤儿', pid: MISSING_ID })).body.message).toBe(OnlineDataText.parentMissing);

      expect((await post(code, 'delete', { id: mid.id })).body).toMatchObject({ code: '101', message: OnlineDataText.hasChildren });
      // Moving the leaf to the root leaves its old parent without children.
      const leafNow = await call(code, 'queryById', { id: leaf.id });
      await call(code, 'edit', { id: leaf.id, version: leafNow.version, name: '乳房护理', pid: root.id });
      expect((await call(code, 'queryById', { id: mid.id })).hasChild).toBe(false);
      await call(code, 'delete', { id: mid.id });
      expect((await call<{ deleted: number }>(code, 'deleteBatch', { ids: [root.id, leaf.id] })).deleted).toBe(2);
      expect(await call<Row[]>(code, 'treeChildren', { pid: null })).toEqual([]);
    });
  });

  describe('树表: the roots paged, sorted and searched', () => {
    const code = 'od_tree_page';
    const menu = `/online/cgformList/${code}`;
    const roots: Row[] = [];
    beforeAll(async () => {
      await makeForm({
        tableName: code,
        title: '分类分页',
        formType: 'tree',
        treeLabelField: 'name',
        fields: [
          { name: 'name', label: '名称', type: 'text', length: 20, required: true, search: true },
          { name: 'sort_no', label: '排序', type: 'number', length: 4, sort: true },
        ],
      });
      for (let i = 1; i <= 12; i++) roots.push(await call(code, 'add', { name: `根${String(i).padStart(2, '0')}`, sort_no: 13 - i }));
      const child = await call(code, 'add', { name: '子节点甲', pid: roots[0]!.id, sort_no: 0 });
      await call(code, 'add', { name: '孙节点甲', pid: child.id, sort_no: 0 });
    });

    it('lists the roots only, paged in SQL with their total, oldest first or by a sortable field', async () => {
      const first = await list(code, { pageSize: 5 });
      expect(first).toMatchObject({ total: 12, pages: 3, current: 1 });
      expect(first.records.map((r) => r.name)).toEqual(['根01', '根02', '根03', '根04', '根05']);
      expect(first.records.map((r) => r.hasChild)).toEqual([true, false, false, false, false]);
      expect((await list(code, { pageNo: 3, pageSize: 5 })).records.map((r) => r.name)).toEqual(['根11', '根12']);
      // 排序 ascending: 根12 has 1 … the child's 0 is not a root's.
      expect((await list(code, { pageSize: 3, column: 'sort_no', order: 'asc' })).records.map((r) => r.name)).toEqual(['根12', '根11', '根10']);
      expect((await list(code, { pageSize: 2, column: 'sort_no', order: 'desc' })).records.map((r) => r.name)).toEqual(['根01', '根02']);
      expect((await post(code, 'list', { pageNo: 1, pageSize: 5, column: 'name' })).body.message).toBe('column: 不支持的排序字段');
      // `pid` pages one node's children; the expanded node still loads them all.
      expect((await list(code, { pid: roots[0]!.id })).records.map((r) => r.name)).toEqual(['子节点甲']);
      expect((await call<Row[]>(code, 'treeChildren', { pid: roots[0]!.id })).map((r) => r.name)).toEqual(['子节点甲']);
    });

    it('searches the whole tree: the matching nodes, flat and paged, each with its parent’s label', async () => {
      const found = await list(code, { name: '节点甲' });
      expect(found.total).toBe(2);
      expect(found.records.map((r) => [r.name, r[displayKey('pid')]])).toEqual([['子节点甲', '根01'], ['孙节点甲', '子节点甲']]);
      const root = await list(code, { name: '根01' });
      expect(root.records.map((r) => r.name)).toEqual(['根01']);
      expect(root.records[0]).not.toHaveProperty(displayKey('pid'));
      expect((await list(code, { name: '根', pageSize: 5, pageNo: 3 })).records.map((r) => r.name)).toEqual(['根11', '根12']);
      expect((await list(code, { name: '没有这个' })).total).toBe(0);
    });

    it('keeps the data rules: a user’s roots, matches and parent labels are those the rule lets them see', async () => {
      const user = await signedInUser(ctx.t, 'od_tree_rules', { actions: ONLINE_DATA_ACTIONS.map((a) => onlineDataAction(code, a)), paths: [menu] });
      await call(code, 'add', { name: '本人根' }, user.token);
      await call(code, 'add', { name: '本人子', pid: roots[1]!.id }, user.token);
      await withDataRule(ctx.t, ctx.admin, menu, { resource: `online_data.${code}`, name: '本人数据', columnKey: 'created_by', condition: '=', value: '#{sys_user_id}', enabled: true }, async () => {
        const own = await list(code, {}, user.token);
        expect(own.total).toBe(1);
        expect(own.records.map((r) => r.name)).toEqual(['本人根']);
        const found = await list(code, { name: '本人' }, user.token);
        expect(found.records.map((r) => r.name)).toEqual(['本人根', '本人子']);
        // Its parent is the administrator's: hidden by the rule, so not named either.
        expect(found.records[1]).not.toHaveProperty(displayKey('pid'));
        expect((await list(code, { name: '节点甲' }, user.token)).total).toBe(0);
      });
      expect((await list(code, { name: '本人子' })).records[0]).toMatchObject({ [displayKey('pid')]: '根02' });
      expect((await list(code, {})).total).toBe(13);
    });
  });

  describe('display values of user and department fields', () => {
    const code = 'od_duty';
    const child = 'od_duty_line';
    beforeAll(async () => {
      await makeForm({
        tableName: code,
        title: '值班',
        formType: 'master',
        fields: [
          { name: 'title', label: '标题', type: 'text', length: 20, required: true, search: true },
          { name: 'owner', label: '负责人', type: 'user', search: true },
          { name: 'dept', label: '部门', type: 'department' },
          { name: 'attachment', label: '附件', type: 'file' },
        ],
        subTables: [{ tableName: child, title: '协助', fkField: 'duty_id', fields: [{ name: 'helper', label: '协助人', type: 'user' }] }],
      });
    });

    it('answers each user’s name and department’s name beside the id: add, queryById, list and child rows', async () => {
      const dept = await ctx.db.selectFrom('department').select(['id', 'name']).where('company_id', '=', ctx.companyId).orderBy('code').executeTakeFirstOrThrow();
      const helper = await signedInUser(ctx.t, 'od_helper');
      await ctx.db.updateTable('app_user').set({ first_name: '协助小李' }).where('id', '=', helper.userId).execute();
      const admin = await ctx.db.selectFrom('app_user').select(['first_name', 'username']).where('id', '=', ctx.adminId).executeTakeFirstOrThrow();
      const adminName = admin.first_name || admin.username;
      const expected = { owner: ctx.adminId, [displayKey('owner')]: adminName, dept: dept.id, [displayKey('dept')]: dept.name };

      const added = await call<Row & { subs: Record<string, Row[]> }>(code, 'add', { title: '早班', owner: ctx.adminId, dept: dept.id, subs: { [child]: [{ helper: helper.userId }] } });
      expect(added).toMatchObject(expected);
      expect(added.subs[child]![0]).toMatchObject({ helper: helper.userId, [displayKey('helper')]: '协助小李' });
      const read = await call<Row & { subs: Record<string, Row[]> }>(code, 'queryById', { id: added.id });
      expect(read).toMatchObject(expected);
      expect(read.subs[child]![0]).toMatchObject({ [displayKey('helper')]: '协助小李' });
      const listed = await list(code, { owner: ctx.adminId });
      expect(listed.records.map((r) => r.title)).toEqual(['早班']);
      expect(listed.records[0]).toMatchObject(expected);
      // The export keeps the ids (the import takes them back).
      const exported = await exportXlsx(ctx.t, url(code, 'exportXls'), { title: '早班' }, ctx.admin);
      expect(exported.rows[1]!.slice(1, 3)).toEqual([ctx.adminId, dept.id]);
    });

    it('names no user or department outside the caller’s company, and none that does not exist', async () => {
      const other = await ctx.db.insertInto('company').values({ code: 'ODN', name: '别家公司N' }).returning('id').executeTakeFirstOrThrow();
      const stranger = await ctx.db.insertInto('app_user').values({ username: 'od_stranger', password_hash: 'x', first_name: '外人', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
      const theirDept = await ctx.db.insertInto('department').values({ company_id: other.id, parent_id: null, code: 'ODN1', name: '别家部门', head_user_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
      const row = await call(code, 'add', { title: '外来', owner: stranger.id, dept: theirDept.id });
      expect(row).toMatchObject({ owner: stranger.id, dept: theirDept.id });
      expect(row).not.toHaveProperty(displayKey('owner'));
      expect(row).not.toHaveProperty(displayKey('dept'));
      const missing = await call(code, 'add', { title: '无人', owner: MISSING_ID });
      expect(missing).not.toHaveProperty(displayKey('owner'));
    });

    it('keeps a file field’s stored upload path and refuses other schemes', async () => {
      const stored = `${ctx.companyId}/routine/20261128/${MISSING_ID}.png`;
      expect((await call(code, 'add', { title: '带附件', attachment: stored })).attachment).toBe(stored);
      expect((await post(code, 'add', { title: '坏附件', attachment: 'javascript:alert(1)' })).body.message).toBe('attachment: 附件地址不正确');
    });
  });

  describe('unique fields are unique within a company (issue 26)', () => {
    const code = 'od_po';
    const child = 'od_po_line';
    let form: OnlineForm;
    let otherCompany = '';
    const count = async (table = code) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(`online_data.${table}`)}`.execute(ctx.db)).rows[0]!.n);
    const indexColumns = async (name: string) =>
      (await sql<{ def: string }>`select indexdef as def from pg_indexes where schemaname = 'online_data' and indexname = ${name}`.execute(ctx.db)).rows[0]?.def.replace(/^.*\((.*)\)$/, '$1');

    beforeAll(async () => {
      form = await makeForm({
        tableName: code,
        title: '采购单',
        formType: 'master',
        fields: [{ name: 'order_no', label: '采购单号', type: 'text', length: 32, required: true, search: true }],
        indexes: [{ name: 'order_no_uq', fields: ['order_no'], unique: true }],
        subTables: [
          {
            tableName: child,
            title: '明细',
            fkField: 'po_id',
            fields: [{ name: 'line_no', label: '行号', type: 'text', length: 10, required: true }],
            indexes: [{ name: 'line_uq', fields: ['line_no'], unique: true }],
          },
        ],
      });
      otherCompany = (await ctx.db.insertInto('company').values({ code: 'ODU', name: '别家公司U' }).returning('id').executeTakeFirstOrThrow()).id;
      // Company B's purchase order, with a line.
      const theirs = await sql<{ id: string }>`insert into online_data.od_po (company_id, order_no) values (${otherCompany}, 'PO-B-001') returning id`.execute(ctx.db);
      await sql`insert into online_data.od_po_line (company_id, po_id, line_no) values (${otherCompany}, ${theirs.rows[0]!.id}, 'L1')`.execute(ctx.db);
    });

    it('indexes a unique field with company_id in front', async () => {
      expect(await indexColumns('ix_od_po_order_no_uq')).toBe('company_id, order_no');
      expect(await indexColumns('ix_od_po_line_line_uq')).toBe('company_id, line_no');
    });

    it('rebuilds a unique index an earlier version made on the field alone, at start, and records it', async () => {
      await sql`drop index online_data.ix_od_po_order_no_uq`.execute(ctx.db);
      await sql`create unique index ix_od_po_order_no_uq on online_data.od_po (order_no)`.execute(ctx.db);
      expect(await rebuildIndexes(ctx.db)).toBe(1);
      expect(await indexColumns('ix_od_po_order_no_uq')).toBe('company_id, order_no');
      expect((await listMigrations(ctx.db, form.id))[0]!.statements).toEqual([
        'drop index "online_data"."ix_od_po_order_no_uq"',
        'create unique index "ix_od_po_order_no_uq" on "online_data"."od_po" ("company_id", "order_no")',
      ]);
      expect(await rebuildIndexes(ctx.db)).toBe(0);
    });

    it('takes another company’s number (nothing about it is revealed); a duplicate in the company answers the field’s message, never 500, nothing written', async () => {
      const mine = await call(code, 'add', { order_no: 'PO-B-001', subs: { [child]: [{ line_no: 'L1' }] } });
      expect(mine).toMatchObject({ order_no: 'PO-B-001' });
      const before = [await count(), await count(child)];

      const again = await post(code, 'add', { order_no: 'PO-B-001' });
      expect(again.status).toBeLessThan(500);
      expect(again.body).toMatchObject({ success: false, code: '101', message: '采购单号已存在，不能重复' });
      const line = await post(code, 'add', { order_no: 'PO-A-002', subs: { [child]: [{ line_no: 'L1' }] } });
      expect(line.body).toMatchObject({ success: false, code: '101', message: '行号已存在，不能重复' });
      const other = await call(code, 'add', { order_no: 'PO-A-003' });
      const edit = await post(code, 'edit', { id: other.id, version: other.version, order_no: 'PO-B-001' });
      expect(edit.body).toMatchObject({ success: false, code: '101', message: '采购单号已存在，不能重复' });
      expect((await call(code, 'queryById', { id: other.id })).order_no).toBe('PO-A-003');

      const file = await writeXlsx([['PO-A-004'], ['PO-B-001']], ['采购单号']);
      const imported = await postMultipart(ctx.t, url(code, 'importExcel'), { token: ctx.admin, file: { name: 'po.xlsx', data: file, type: XLSX_TYPE } });
      expect(imported.status).toBeLessThan(500);
      expect(imported.body).toMatchObject({ success: false, code: '101', message: '采购单号已存在，不能重复' });
      expect([await count(), await count(child)]).toEqual([before[0]! + 1, before[1]]);
      expect((await list(code, { order_no: 'PO-A-004' })).records).toEqual([]);
    });
  });
});
