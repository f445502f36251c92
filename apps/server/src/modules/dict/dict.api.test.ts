import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DictCode,
  DictEnums,
  DictText,
  dictItemSchema,
  dictTypeSchema,
  ErrorText,
  Permission,
  type DictItem,
  type DictOption,
  type DictType,
  type PageResult,
} from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { DICT_VERSION_CHECK_MS } from './dict.cache.js';
import { dictLabeler } from './index.js';

const routes = {
  typeList: '/online/dictType/list',
  typeAdd: '/online/dictType/add',
  typeEdit: '/online/dictType/edit',
  typeDelete: '/online/dictType/delete',
  itemList: '/online/dictItem/list',
  itemAdd: '/online/dictItem/add',
  itemEdit: '/online/dictItem/edit',
  itemDelete: '/online/dictItem/delete',
};
const items = (code: string) => `/online/dict/getDictItems/${encodeURIComponent(code)}`;
const select = (name: string) => `/online/api/select/${encodeURIComponent(name)}`;
const MISSING_ID = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';

// SECURITY.md: the strings sent in every filter, sort, dictionary code and duplicate-check field.
const ATTACKS = ["sex'", 'sex--', 'sex/**/', 'sex\tor', "sleep(5)", 'sex union select password from app_user', "' or '1'='1", 'sys_user,password,id', 'sys_user,password,id where 1=1', 'app_user,password_hash,id,username=\'admin\''];

describe('dictionaries', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let admin: string;
  let reader: string;

  const options = async (code: string, query: Record<string, string> = {}, token = admin) => {
    const res = await t.get<DictOption[]>(items(code), query, { token });
    expect(res.body.code, `${code}: ${res.body.message}`).toBe('0');
    return res.body.result;
  };
  const typeOf = async (code: string) => (await db.selectFrom('dict_type').selectAll().where('code', '=', code).executeTakeFirstOrThrow());
  const addType = async (code: string, name = `字典${code}`) => {
    const res = await t.post<DictType>(routes.typeAdd, { code, name }, { token: admin });
    expect(res.body.code, res.body.message).toBe('0');
    return res.body.result;
  };
  const addItem = async (dictTypeId: string, value: string, label: string, extra: Record<string, unknown> = {}) => {
    const res = await t.post<DictItem>(routes.itemAdd, { dictTypeId, value, label, ...extra }, { token: admin });
    expect(res.body.code, res.body.message).toBe('0');
    return res.body.result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    admin = await t.login();
    await createUserWith(db, { username: 'dict_reader' });
    reader = await t.login('dict_reader', TEST_PASSWORD);
  });
  afterAll(() => t?.close());

  describe('seeded vocabulary', () => {
    it('seeds sex as M 男 / F 女 and every listed dictionary with Chinese labels', async () => {
      const sex = await options(DictCode.sex, {}, reader);
      expect(sex.map((o) => [o.value, o.label, o.text, o.key])).toEqual([
        ['M', '男', '男', 'M'],
        ['F', '女', '女', 'F'],
      ]);
      for (const code of Object.values(DictCode)) {
        const list = await options(code, {}, reader);
        expect(list.length, code).toBeGreaterThan(1);
        for (const o of list) expect(o.label, `${code}.${o.value}`).toMatch(/[\u4e00-\u9fa5]|^(POS|[A-E]级)$/);
      }
      expect((await options(DictCode.paymentMethod)).map((o) => o.label)).toEqual(['现金', 'POS', '微信', '支付宝', '转账', '定金抵扣', '押金抵扣']);
    });

    it('serves code-defined enums read-only through the same call', async () => {
      const status = await options('order_status', {}, reader);
      expect(status).toEqual(DictEnums.order_status.items.map((i) => ({ value: i.value, label: i.label, text: i.label, key: i.value, color: i.color })));
      // An enum code cannot be taken by a dictionary.
      const res = await t.post(routes.typeAdd, { code: 'order_status', name: '冒名' }, { token: admin });
      expect(res.body).toMatchObject({ code: '101', message: DictText.codeIsEnum });
      expect((await t.post(routes.typeAdd, { code: 'user', name: '冒名' }, { token: admin })).body).toMatchObject({ code: '101', message: DictText.codeIsSource });
    });

    it('answers [] for an unknown plain code', async () => {
      expect(await options('no_such_dictionary')).toEqual([]);
    });

    it('labels values for modules (exports, messages)', async () => {
      const label = await dictLabeler(db, DictCode.sex);
      expect([label('M'), label('F'), label('X'), label(null)]).toEqual(['男', '女', 'X', '']);
      expect((await dictLabeler(db, 'order_status'))('draft')).toBe('草稿');
    });
  });

  describe('attacks on the code and otherField', () => {
    it.each(ATTACKS)('refuses the code %j with 101 before any query', async (code) => {
      const res = await t.get(items(code), {}, { token: reader });
      expect(res.body).toMatchObject({ success: false, code: '101', message: DictText.badCode });
      const sel = await t.post(select(code), {}, { token: reader });
      expect(sel.body).toMatchObject({ success: false, code: '101', message: DictText.badCode });
    });

    it('refuses an otherField that is not registered, for dictionaries, enums and sources', async () => {
      for (const [code, otherField] of [
        [DictCode.sex, 'password'],
        [DictCode.sex, 'label from dict_item--'],
        ['order_status', 'description'],
        ['user', 'password_hash'],
        ['user', 'phone'],
        ['department', "code' or '1'='1"],
      ] as const) {
        const res = await t.get(items(code), { otherField }, { token: reader });
        expect(res.body, `${code} ${otherField}`).toMatchObject({ success: false, code: '101', message: DictText.badOtherField });
      }
    });

    it('a path trick never reaches another route: /x.js and case variants are 404', async () => {
      for (const url of ['/online/dict/getDictItems/sex.js', '/online/dict/getDictItems/sex;a']) {
        const res = await t.get(url, {}, { token: reader });
        expect(res.body.code, url).toBe('101');
      }
      expect((await t.get('/ONLINE/dict/getDictItems/sex', {}, { token: reader })).body.code).toBe('404');
    });

    it('answers 302 without a session', async () => {
      expect((await t.get(items(DictCode.sex))).body.code).toBe('302');
    });
  });

  describe('table sources', () => {
    it('user: the enabled users of the session company, with username as otherField', async () => {
      const users = await options('user', { otherField: 'username' }, reader);
      const adminRow = users.find((u) => u.other === 'admin');
      expect(adminRow).toMatchObject({ label: '系统管理员', text: '系统管理员' });
      expect(adminRow?.value).toMatch(/^[0-9a-f-]{36}$/);
      expect(users.some((u) => u.other === 'dict_reader')).toBe(true);
      expect((await options('user', {}, reader))[0]).not.toHaveProperty('other');
    });

    it('department: departments of the company in tree order, code and parentId as otherField', async () => {
      const departments = await options('department', { otherField: 'code' });
      const codes = departments.map((d) => d.other);
      expect(codes.length).toBeGreaterThan(3);
      expect([...codes].sort()).toEqual(codes);
      expect(departments.map((d) => d.label)).toContain('财务部');
    });

    it('never shows rows of another company', async () => {
      const other = await db.insertInto('company').values({ code: 'DICT_OTHER', name: '他司' }).returning('id').executeTakeFirstOrThrow();
      await db.insertInto('department').values({ company_id: other.id, code: 'Z01', name: '他司部门' }).execute();
      const { userId } = await createUserWith(db, { username: 'dict_foreigner' });
      await db.updateTable('app_user').set({ first_name: '他司员工' }).where('id', '=', userId).execute();
      await db.deleteFrom('user_company').where('user_id', '=', userId).execute();
      await db.insertInto('user_company').values({ user_id: userId, company_id: other.id }).execute();
      expect((await options('department')).map((d) => d.label)).not.toContain('他司部门');
      expect((await options('user')).map((d) => d.label)).not.toContain('他司员工');
      expect((await t.post<DictOption[]>(select('user'), { keyword: '他司' }, { token: reader })).body.result).toEqual([]);
    });

    it('select: searches by keyword, resolves values to labels, pages', async () => {
      const found = await t.post<DictOption[]>(select('department'), { keyword: '财务' }, { token: reader });
      expect(found.body.result.map((d) => d.label)).toEqual(['财务部']);
      const id = found.body.result[0]!.value;
      const resolved = await t.post<DictOption[]>(select('department'), { values: [id, 'not-a-uuid'] }, { token: reader });
      expect(resolved.body.result.map((d) => d.value)).toEqual([id]);
      expect((await t.post<DictOption[]>(select('department'), { values: [] }, { token: reader })).body.result).toEqual([]);
      const two = await t.post<DictOption[]>(select('department'), { pageSize: 2 }, { token: reader });
      expect(two.body.result).toHaveLength(2);
      const byName = await t.post<DictOption[]>(select('user'), { keyword: 'dict_read', otherField: 'username' }, { token: reader });
      expect(byName.body.result.map((u) => u.other)).toEqual(['dict_reader']);
    });

    it('select: a registered source only; attack strings in the keyword match literally', async () => {
      expect((await t.post(select('sex'), {}, { token: reader })).body).toMatchObject({ code: '101', message: DictText.unknownSource });
      expect((await t.post(select('app_user'), {}, { token: reader })).body).toMatchObject({ code: '101', message: DictText.unknownSource });
      for (const keyword of ["' or '1'='1", '%', '_', '\\', "财务' --", 'x/**/union select 1', 'a\tb', 'pg_sleep(1)']) {
        const res = await t.post<DictOption[]>(select('department'), { keyword }, { token: reader });
        expect(res.body, keyword).toMatchObject({ code: '0', result: [] });
        const users = await t.post<DictOption[]>(select('user'), { keyword, otherField: 'username' }, { token: reader });
        expect(users.body.code, keyword).toBe('0');
        // `_` is a literal underscore (dict_reader has one), not LIKE's any-character.
        for (const user of users.body.result) expect(`${user.other} ${user.label}`, keyword).toContain(keyword);
      }
      for (const values of [["' or 1=1 --"], ['1) or (1=1']]) {
        expect((await t.post<DictOption[]>(select('user'), { values }, { token: reader })).body.result).toEqual([]);
      }
    });
  });

  describe('administration', () => {
    it('refuses each admin route with 403 to a user without its action; accepts it with the action', async () => {
      const type = await addType('perm_probe');
      const item = await addItem(type.id, 'a', '甲');
      const calls: [keyof typeof routes, string, () => Record<string, unknown>][] = [
        ['typeList', Permission.dictList, () => ({ pageNo: 1, pageSize: 10 })],
        ['itemList', Permission.dictList, () => ({ dictTypeId: type.id })],
        ['typeAdd', Permission.dictAdd, () => ({ code: `p_${Math.random().toString(36).slice(2, 8)}`, name: '新字典' })],
        ['itemAdd', Permission.dictAdd, () => ({ dictTypeId: type.id, value: Math.random().toString(36).slice(2, 8), label: '新项' })],
        ['typeEdit', Permission.dictEdit, () => ({ id: type.id, version: 1, name: '改名' })],
        ['itemEdit', Permission.dictEdit, () => ({ id: item.id, version: 1, label: '改名' })],
        ['typeDelete', Permission.dictDelete, () => ({ id: MISSING_ID })],
        ['itemDelete', Permission.dictDelete, () => ({ id: MISSING_ID })],
      ];
      for (const [name, , body] of calls) {
        const res = await t.post(routes[name], body(), { token: reader });
        expect(res.status, name).toBe(403);
        expect(res.body, name).toMatchObject({ success: false, code: '403', message: ErrorText.forbidden });
      }
      for (const action of [Permission.dictList, Permission.dictAdd, Permission.dictEdit, Permission.dictDelete]) {
        const username = `dict_${action.split(':').at(-1)}`;
        await createUserWith(db, { username, actions: [action] });
        const token = await t.login(username, TEST_PASSWORD);
        for (const [name, needs, body] of calls) {
          const res = await t.post(routes[name], body(), { token });
          if (needs === action) expect(res.status, `${action} ${name}`).not.toBe(403);
          else expect(res.status, `${action} ${name}`).toBe(403);
        }
      }
    });

    it('types: add, list with filters, duplicate code, edit with version, delete with items', async () => {
      const type = await addType('room_type_demo', ' 房型演示 ');
      expect(dictTypeSchema.strict().safeParse(type).success).toBe(true);
      expect(type).toMatchObject({ code: 'room_type_demo', name: '房型演示', itemCount: 0, version: 1 });
      expect((await t.post(routes.typeAdd, { code: 'room_type_demo', name: '重复' }, { token: admin })).body).toMatchObject({ code: '101', message: DictText.codeTaken });
      expect((await t.post(routes.typeAdd, { code: '1bad', name: 'x' }, { token: admin })).body.message).toMatch(/^code: /);
      expect((await t.post(routes.typeAdd, { code: "a'--", name: 'x' }, { token: admin })).body.code).toBe('101');

      const page = await t.post<PageResult<DictType>>(routes.typeList, { pageNo: 1, pageSize: 5, name: '房型', column: 'code' }, { token: admin });
      expect(page.body.result).toMatchObject({ total: 1, records: [{ code: 'room_type_demo' }] });
      const all = await t.post<PageResult<DictType>>(routes.typeList, { pageNo: 1, pageSize: 500 }, { token: admin });
      expect(all.body.result.records.find((r) => r.code === 'sex')).toMatchObject({ name: '性别', itemCount: 2 });
      for (const column of ['code; drop table dict_type', 'created_at', "name'"]) {
        expect((await t.post(routes.typeList, { column }, { token: admin })).body.code, column).toBe('101');
      }
      for (const name of ATTACKS) expect((await t.post<PageResult<DictType>>(routes.typeList, { name, code: name }, { token: admin })).body.result.total, name).toBe(0);

      const edited = await t.post<DictType>(routes.typeEdit, { id: type.id, version: 1, name: '房型', description: '房间类型' }, { token: admin });
      expect(edited.body.result).toMatchObject({ code: 'room_type_demo', name: '房型', description: '房间类型', version: 2 });
      const stale = await t.post(routes.typeEdit, { id: type.id, version: 1, name: '覆盖' }, { token: admin });
      expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
      expect((await t.post(routes.typeEdit, { id: MISSING_ID, version: 1, name: 'x' }, { token: admin })).body.code).toBe('404');

      await addItem(type.id, 'standard', '标准间');
      expect((await options('room_type_demo')).map((o) => o.label)).toEqual(['标准间']);
      expect((await t.post(routes.typeDelete, { id: type.id }, { token: admin })).body).toMatchObject({ code: '0', message: DictText.deleted });
      expect(await db.selectFrom('dict_item').select('id').where('dict_type_id', '=', type.id).execute()).toEqual([]);
      expect(await options('room_type_demo')).toEqual([]);
      expect((await t.post(routes.typeDelete, { id: type.id }, { token: admin })).body.code).toBe('404');
    });

    it('items: order, enabled flag, colour, unique value, validation, edit, delete', async () => {
      const type = await addType('visit_source');
      const b = await addItem(type.id, 'b', '乙', { sort: 2, color: 'orange' });
      const a = await addItem(type.id, 'a', '甲', { sort: 1, color: '#2362fb', description: '第一项' });
      expect(dictItemSchema.strict().safeParse(a).success).toBe(true);
      expect((await t.post(routes.itemAdd, { dictTypeId: type.id, value: 'a', label: '重复' }, { token: admin })).body).toMatchObject({ code: '101', message: DictText.valueTaken });
      expect((await t.post(routes.itemAdd, { dictTypeId: MISSING_ID, value: 'z', label: '无' }, { token: admin })).body).toMatchObject({ code: '101', message: DictText.typeMissing });
      expect((await t.post(routes.itemAdd, { dictTypeId: type.id, value: 'c', label: '丙', color: 'javascript:alert(1)' }, { token: admin })).body.message).toBe('color: 标签颜色不正确');
      expect((await t.post(routes.itemAdd, { dictTypeId: type.id, value: 'a,b', label: '逗号' }, { token: admin })).body.message).toBe('value: 数据值不能包含逗号');
      expect((await t.post(routes.itemAdd, { dictTypeId: type.id, value: 'c', label: '' }, { token: admin })).body.message).toBe('label: 请输入名称!');

      expect(await options('visit_source', { otherField: 'description' })).toEqual([
        { value: 'a', label: '甲', text: '甲', key: 'a', color: '#2362fb', other: '第一项' },
        { value: 'b', label: '乙', text: '乙', key: 'b', color: 'orange', other: '' },
      ]);
      const list = await t.post<PageResult<DictItem>>(routes.itemList, { dictTypeId: type.id, pageNo: 1, pageSize: 10 }, { token: admin });
      expect(list.body.result.records.map((i) => i.value)).toEqual(['a', 'b']);
      const filtered = await t.post<PageResult<DictItem>>(routes.itemList, { dictTypeId: type.id, label: '乙' }, { token: admin });
      expect(filtered.body.result.records.map((i) => i.value)).toEqual(['b']);

      // Disabling keeps the label for stored values and marks the option disabled.
      const off = await t.post<DictItem>(routes.itemEdit, { id: b.id, version: 1, label: '乙', enabled: false, sort: 0 }, { token: admin });
      expect(off.body.result).toMatchObject({ enabled: false, sort: 0, version: 2, value: 'b' });
      expect(await options('visit_source')).toEqual([
        { value: 'b', label: '乙', text: '乙', key: 'b', color: '', disabled: true },
        { value: 'a', label: '甲', text: '甲', key: 'a', color: '#2362fb' },
      ]);
      expect((await t.post<PageResult<DictItem>>(routes.itemList, { dictTypeId: type.id, enabled: true }, { token: admin })).body.result.total).toBe(1);
      expect((await t.post(routes.itemEdit, { id: b.id, version: 1, label: '旧' }, { token: admin })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });

      expect((await t.post(routes.itemDelete, { id: a.id }, { token: admin })).body.code).toBe('0');
      expect((await options('visit_source')).map((o) => o.value)).toEqual(['b']);
      expect((await t.post(routes.itemDelete, { id: a.id }, { token: admin })).body.code).toBe('404');
    });
  });

  describe('cache', () => {
    it('an edit through the API shows on the very next read', async () => {
      const sex = await typeOf(DictCode.sex);
      expect((await options(DictCode.sex, {}, reader)).map((o) => o.label)).toEqual(['男', '女']);
      const item = await db.selectFrom('dict_item').selectAll().where('dict_type_id', '=', sex.id).where('value', '=', 'F').executeTakeFirstOrThrow();
      await t.post(routes.itemEdit, { id: item.id, version: item.version, label: '女性', color: 'red', sort: item.sort }, { token: admin });
      expect((await options(DictCode.sex, {}, reader)).find((o) => o.value === 'F')).toMatchObject({ label: '女性', color: 'red' });
      const added = await addItem(sex.id, 'U', '未知', { sort: 9 });
      expect((await options(DictCode.sex, {}, reader)).map((o) => o.value)).toEqual(['M', 'F', 'U']);
      await t.post(routes.itemDelete, { id: added.id }, { token: admin });
      await t.post(routes.itemEdit, { id: item.id, version: item.version + 1, label: '女', color: 'magenta', sort: item.sort }, { token: admin });
      expect((await options(DictCode.sex, {}, reader)).map((o) => o.label)).toEqual(['男', '女']);
    });

    it('a change made elsewhere (another instance, plain SQL) shows within the version check interval', async () => {
      expect((await options(DictCode.yesNo)).map((o) => o.label)).toEqual(['是', '否']);
      const type = await typeOf(DictCode.yesNo);
      await db.updateTable('dict_item').set({ label: '对' }).where('dict_type_id', '=', type.id).where('value', '=', '1').execute();
      await new Promise((resolve) => setTimeout(resolve, DICT_VERSION_CHECK_MS + 100));
      expect((await options(DictCode.yesNo)).map((o) => o.label)).toEqual(['对', '否']);
      await db.updateTable('dict_item').set({ label: '是' }).where('dict_type_id', '=', type.id).where('value', '=', '1').execute();
    });
  });

  it('seeds once: a deleted seeded dictionary stays deleted after a restart', async () => {
    const { seedDictionaries } = await import('../../seed/dictionaries.js');
    const before = await db.selectFrom('dict_type').select('code').execute();
    const type = await typeOf(DictCode.customerTag);
    await t.post(routes.typeDelete, { id: type.id }, { token: admin });
    expect(await seedDictionaries(db)).toBe(0);
    const after = await db.selectFrom('dict_type').select('code').execute();
    expect(after.length).toBe(before.length - 1);
  });
});
