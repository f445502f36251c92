import { beforeAll, describe, expect, it } from 'vitest';
import { CheckRuleText, checkRuleSchema, ErrorText, Permission, type CheckOutcome, type CheckRule, type PageResult } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { useAdminApp, MISSING_ID } from '../../test/fixtures.js';

const routes = {
  list: '/online/checkRule/list',
  add: '/online/checkRule/add',
  edit: '/online/checkRule/edit',
  delete: '/online/checkRule/delete',
  check: '/online/checkRule/checkByCode',
};

describe('check rules', () => {
  const ctx = useAdminApp();
  let reader: string;

  const add = async (code: string, segments: unknown[], extra: Record<string, unknown> = {}) =>
    ctx.t.post<CheckRule>(routes.add, { code, name: `规则${code}`, segments, ...extra }, { token: ctx.admin });
  const check = (ruleCode: string, value: string, token = reader) => ctx.t.post<CheckOutcome>(routes.check, { ruleCode, value }, { token });

  beforeAll(async () => {
    await createUserWith(ctx.db, { username: 'rule_user' });
    reader = await ctx.t.login('rule_user', TEST_PASSWORD);
  });

  it('checkByCode (any signed-in user): the seeded mobile rule answers each segment’s message', async () => {
    expect((await check('mobile', '13800138000')).body).toMatchObject({ code: '0', result: { passed: true, message: CheckRuleText.passed } });
    expect((await check('mobile', '23800138000')).body.result).toEqual({ passed: false, message: '手机号必须以1开头' });
    expect((await check('mobile', '1380013800')).body.result).toEqual({ passed: false, message: '手机号必须是11位数字' });
    expect((await check('mobile', '')).body.result.passed).toBe(true);
    expect((await check('id_card', '11010519491231002X')).body.result.passed).toBe(true);
    expect((await check('no_such_rule', 'x')).body).toMatchObject({ success: false, code: '101', message: CheckRuleText.unknownRule });
    expect((await ctx.t.post(routes.check, { ruleCode: 'mobile', value: '1' })).body.code).toBe('302');
  });

  it('refuses a pattern that can backtrack catastrophically or does not compile, naming the segment', async () => {
    const evil = await add('evil', [
      { digits: '*', pattern: '\\d+', message: '数字' },
      { digits: '*', pattern: '(a+)+$', message: '坏' },
    ]);
    expect(evil.status).toBe(422);
    expect(evil.body).toMatchObject({ success: false, code: '101', message: `segments.1.pattern: 第2条规则的${CheckRuleText.unsafePattern}` });
    const broken = await add('broken', [{ digits: '3', pattern: '[0-9', message: '坏' }]);
    expect(broken.body.message).toBe(`segments.0.pattern: 第1条规则的${CheckRuleText.badPattern}`);
    expect(await ctx.db.selectFrom('check_rule').select('id').where('code', 'in', ['evil', 'broken']).execute()).toEqual([]);
  });

  it('a slow pattern the static check misses, or one stored before the check, runs out of time instead of hanging the server', async () => {
    // (a|a)* passes safe-regex2; it is stopped at run time.
    const sneaky = await add('sneaky', [{ digits: '*', pattern: '(a|a)*', message: '只能是a' }]);
    expect(sneaky.body.code, sneaky.body.message).toBe('0');
    await ctx.db.insertInto('check_rule').values({ code: 'legacy', name: '旧规则', segments: JSON.stringify([{ digits: '*', pattern: '(x+)+y', message: '旧' }]) }).execute();
    for (const [code, value] of [['sneaky', `${'a'.repeat(40)}b`], ['legacy', `${'x'.repeat(40)}z`]] as const) {
      const started = Date.now();
      const res = await check(code, value);
      expect(res.body.result, code).toEqual({ passed: false, message: CheckRuleText.timedOut });
      expect(Date.now() - started, code).toBeLessThan(3000);
    }
    expect((await check('sneaky', 'aaaa')).body.result.passed).toBe(true);
  });

  it('validates the segments', async () => {
    expect((await add('no_segments', [])).body.message).toBe('segments: 请至少添加一条规则!');
    expect((await add('bad_digits', [{ digits: '0', pattern: '1', message: 'x' }])).body.message).toBe('segments.0.digits: 位数填写 * 或 1-999 的整数');
    expect((await add('no_message', [{ digits: 2, pattern: '1', message: '' }])).body.message).toBe('segments.0.message: 请输入提示文本!');
    const long = 'x'.repeat(501);
    expect((await check('mobile', long)).status).toBe(422);
  });

  it('adds, lists, edits with a version, refuses a duplicate code, deletes', async () => {
    const created = await add('store_code', [{ digits: 2, pattern: '[A-Z]{2}', message: '前两位大写字母' }, { digits: '*', pattern: '[A-Z]{2}\\d{3}', message: '两位字母加三位数字' }], { description: '门店编码' });
    expect(created.body.code, created.body.message).toBe('0');
    const rule = created.body.result;
    expect(checkRuleSchema.strict().safeParse(rule).success).toBe(true);
    expect(rule).toMatchObject({ code: 'store_code', version: 1, segments: [{ digits: '2' }, { digits: '*' }] });
    expect((await add('store_code', [{ digits: '*', pattern: '.', message: 'x' }])).body).toMatchObject({ code: '101', message: CheckRuleText.codeTaken });
    expect((await check('store_code', 'SZ001')).body.result.passed).toBe(true);
    expect((await check('store_code', 'sz001')).body.result.message).toBe('前两位大写字母');

    const page = await ctx.t.post<PageResult<CheckRule>>(routes.list, { pageNo: 1, pageSize: 10, name: 'store_code' }, { token: ctx.admin });
    expect(page.body.result).toMatchObject({ total: 1, records: [{ code: 'store_code' }] });
    expect((await ctx.t.post(routes.list, { column: 'segments' }, { token: ctx.admin })).body.code).toBe('101');

    const edited = await ctx.t.post<CheckRule>(routes.edit, { id: rule.id, version: 1, name: '门店编码', segments: [{ digits: '*', pattern: '[a-z]{2}\\d{3}', message: '小写' }] }, { token: ctx.admin });
    expect(edited.body.result).toMatchObject({ name: '门店编码', version: 2 });
    expect((await check('store_code', 'SZ001')).body.result).toEqual({ passed: false, message: '小写' });
    expect((await ctx.t.post(routes.edit, { id: rule.id, version: 1, name: 'x', segments: [{ digits: '*', pattern: '.', message: 'x' }] }, { token: ctx.admin })).body).toMatchObject({
      code: '101',
      message: ErrorText.staleVersion,
    });
    expect((await ctx.t.post(routes.edit, { id: rule.id, version: 2, name: 'x', segments: [{ digits: '*', pattern: '(.*)*', message: 'x' }] }, { token: ctx.admin })).body.code).toBe('101');
    expect((await ctx.t.post(routes.delete, { id: rule.id }, { token: ctx.admin })).body.code).toBe('0');
    expect((await check('store_code', 'x')).body.message).toBe(CheckRuleText.unknownRule);
    expect((await ctx.t.post(routes.delete, { id: rule.id }, { token: ctx.admin })).body.code).toBe('404');
  });

  it('refuses each admin route with 403 without its action', async () => {
    const rule = (await add('perm_probe', [{ digits: '*', pattern: '.+', message: 'x' }])).body.result;
    const calls: [keyof typeof routes, string, Record<string, unknown>][] = [
      ['list', Permission.checkRuleList, {}],
      ['add', Permission.checkRuleAdd, { code: 'perm_new', name: 'x', segments: [{ digits: '*', pattern: '.', message: 'x' }] }],
      ['edit', Permission.checkRuleEdit, { id: rule.id, version: 1, name: 'y', segments: [{ digits: '*', pattern: '.', message: 'x' }] }],
      ['delete', Permission.checkRuleDelete, { id: MISSING_ID }],
    ];
    for (const [name, , body] of calls) {
      const res = await ctx.t.post(routes[name], body, { token: reader });
      expect(res.body, name).toMatchObject({ code: '403', message: ErrorText.forbidden });
    }
    for (const [name, action, body] of calls) {
      await createUserWith(ctx.db, { username: `rule_${name}`, actions: [action] });
      const token = await ctx.t.login(`rule_${name}`, TEST_PASSWORD);
      expect((await ctx.t.post(routes[name], body, { token })).status, name).not.toBe(403);
      const other = calls.find(([n]) => n !== name)!;
      expect((await ctx.t.post(routes[other[0]], other[2], { token })).status, `${name} → ${other[0]}`).toBe(403);
    }
  });
});
