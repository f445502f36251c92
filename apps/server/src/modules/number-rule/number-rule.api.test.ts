import { describe, expect, it } from 'vitest';
import { ErrorText, formatDateTime, NumberRuleCode, numberRuleSchema, NumberRuleText, Permission, type NumberRule, type PageResult } from '@care/shared';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { MISSING_ID, useAdminApp, resultOf } from '../../test/fixtures.js';
import { nextNumber } from './index.js';

const routes = {
  list: '/online/numberRule/list',
  add: '/online/numberRule/add',
  edit: '/online/numberRule/edit',
  delete: '/online/numberRule/delete',
};

describe('number rules', () => {
  const ctx = useAdminApp();

  const add = async (code: string, fields: Record<string, unknown>) => {
    return resultOf(ctx.t.post<NumberRule>(routes.add, { code, name: `规则${code}`, datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day', ...fields }, { token: ctx.admin }));
  };
  const edit = async (rule: NumberRule, fields: Record<string, unknown>) => {
    const { id, version, name, prefix, datePattern, seqLength, resetPeriod, enabled, description } = rule;
    return resultOf(ctx.t.post<NumberRule>(routes.edit, { id, version, name, prefix, datePattern, seqLength, resetPeriod, enabled, description, ...fields }, { token: ctx.admin }));
  };

  it('1,000 numbers drawn at once are all different and well-formed', async () => {
    const today = formatDateTime(new Date(), 'YYYYMMDD');
    const numbers = await Promise.all(Array.from({ length: 1000 }, () => nextNumber(ctx.db, NumberRuleCode.order)));
    expect(new Set(numbers).size).toBe(1000);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^DD${today}\\d{4}$`));
    const sequences = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(sequences[0]).toBe(1);
    expect(sequences.at(-1)).toBe(1000);
  });

  it('draws inside the savers’ own transactions too, without duplicates; a rolled-back draw is not issued', async () => {
    const numbers = await Promise.all(Array.from({ length: 100 }, () => ctx.db.transaction().execute((trx) => nextNumber(trx, NumberRuleCode.contract))));
    expect(new Set(numbers).size).toBe(100);
    const rolledBack = await ctx.db
      .transaction()
      .execute(async (trx) => {
        await nextNumber(trx, NumberRuleCode.contract);
        throw new Error('save failed');
      })
      .catch((err: Error) => err.message);
    expect(rolledBack).toBe('save failed');
    const next = await nextNumber(ctx.db, NumberRuleCode.contract);
    expect(Number(next.slice(-4))).toBe(101);
  });

  it('restarts the sequence each period, by the Shanghai date', async () => {
    await add('period_no', { prefix: 'T', seqLength: 3 });
    const day1 = new Date('2025-01-31T15:00:00Z'); // 23:00 on the 31st in Shanghai
    const day2 = new Date('2025-01-31T16:30:00Z'); // 00:30 on 1 February
    expect(await nextNumber(ctx.db, 'period_no', day1)).toBe('T20250131001');
    expect(await nextNumber(ctx.db, 'period_no', day1)).toBe('T20250131002');
    expect(await nextNumber(ctx.db, 'period_no', day2)).toBe('T20250201001');
    expect(await nextNumber(ctx.db, 'period_no', day1)).toBe('T20250131003');
  });

  it('a sequence longer than its length keeps growing instead of wrapping', async () => {
    await add('tiny_no', { prefix: 'S', datePattern: 'none', seqLength: 1, resetPeriod: 'never' });
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) numbers.push(await nextNumber(ctx.db, 'tiny_no'));
    expect(numbers).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11', 'S12']);
  });

  it('never repeats a number after the rule is edited, or deleted and created again', async () => {
    const at = new Date('2025-06-01T02:00:00Z');
    let rule = await add('edit_no', { prefix: 'E', datePattern: 'YYYY', seqLength: 3, resetPeriod: 'never' });
    expect([await nextNumber(ctx.db, 'edit_no', at), await nextNumber(ctx.db, 'edit_no', at)]).toEqual(['E2025001', 'E2025002']);
    // A yearly reset starts a new counter at 1: E2025001 and E2025002 are taken, so it skips them.
    rule = await edit(rule, { resetPeriod: 'year' });
    expect(await nextNumber(ctx.db, 'edit_no', at)).toBe('E2025003');
    expect((await ctx.t.post(routes.delete, { id: rule.id }, { token: ctx.admin })).body.code).toBe('0');
    await expect(nextNumber(ctx.db, 'edit_no', at)).rejects.toThrow(NumberRuleText.unknownRule);
    await add('edit_no', { prefix: 'E', datePattern: 'YYYY', seqLength: 3, resetPeriod: 'year' });
    expect(await nextNumber(ctx.db, 'edit_no', at)).toBe('E2025004');
  });

  it('refuses an unknown or disabled rule', async () => {
    await expect(nextNumber(ctx.db, 'no_such_rule')).rejects.toThrow(NumberRuleText.unknownRule);
    const rule = await add('off_no', { prefix: 'O', enabled: false });
    await expect(nextNumber(ctx.db, 'off_no')).rejects.toThrow(NumberRuleText.unknownRule);
    await edit(rule, { enabled: true });
    expect(await nextNumber(ctx.db, 'off_no')).toMatch(/^O\d{8}0001$/);
  });

  it('seeds a rule for each business number; the list shows an example', async () => {
    const page = await ctx.t.post<PageResult<NumberRule>>(routes.list, { pageNo: 1, pageSize: 100 }, { token: ctx.admin });
    const codes = page.body.result.records.map((r) => r.code);
    for (const code of Object.values(NumberRuleCode)) expect(codes, code).toContain(code);
    const lead = page.body.result.records.find((r) => r.code === NumberRuleCode.lead)!;
    expect(numberRuleSchema.strict().safeParse(lead).success).toBe(true);
    expect(lead).toMatchObject({ name: '线索编号', prefix: 'XS', datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day', enabled: true });
    expect(lead.example).toBe(`XS${formatDateTime(new Date(), 'YYYYMMDD')}0001`);
    const filtered = await ctx.t.post<PageResult<NumberRule>>(routes.list, { name: '合同' }, { token: ctx.admin });
    expect(filtered.body.result.records.map((r) => r.code)).toEqual([NumberRuleCode.contract]);
  });

  it('validates rules: duplicate code, a reset finer than the date, the prefix, stale versions', async () => {
    const res = await ctx.t.post(routes.add, { code: 'order_no', name: '重复', datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day' }, { token: ctx.admin });
    expect(res.body).toMatchObject({ code: '101', message: NumberRuleText.codeTaken });
    const tooFine = await ctx.t.post(routes.add, { code: 'fine_no', name: 'x', datePattern: 'YYYYMM', seqLength: 4, resetPeriod: 'day' }, { token: ctx.admin });
    expect(tooFine.body).toMatchObject({ code: '101', message: `resetPeriod: ${NumberRuleText.resetTooFine}` });
    const badPrefix = await ctx.t.post(routes.add, { code: 'prefix_no', name: 'x', prefix: "D'", datePattern: 'none', seqLength: 4, resetPeriod: 'never' }, { token: ctx.admin });
    expect(badPrefix.body.message).toBe('prefix: 前缀只能包含字母、数字、_ 和 -');
    const length = await ctx.t.post(routes.add, { code: 'len_no', name: 'x', datePattern: 'none', seqLength: 13, resetPeriod: 'never' }, { token: ctx.admin });
    expect(length.body.message).toBe('seqLength: 流水号位数为1-12');
    const rule = await add('stale_no', { prefix: 'Q' });
    await edit(rule, { name: '第二版' });
    const stale = await ctx.t.post(routes.edit, { ...rule, name: '覆盖' }, { token: ctx.admin });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await ctx.t.post(routes.edit, { ...rule, id: MISSING_ID }, { token: ctx.admin })).body.code).toBe('404');
    expect((await ctx.t.post(routes.delete, { id: MISSING_ID }, { token: ctx.admin })).body.code).toBe('404');
  });

  it('refuses each route with 403 without its action', async () => {
    const rule = await add('perm_no', { prefix: 'P' });
    const { id, version, name, prefix, datePattern, seqLength, resetPeriod } = rule;
    const calls: [keyof typeof routes, string, Record<string, unknown>][] = [
      ['list', Permission.numberRuleList, {}],
      ['add', Permission.numberRuleAdd, { code: 'perm_new_no', name: 'x', datePattern: 'none', seqLength: 4, resetPeriod: 'never' }],
      ['edit', Permission.numberRuleEdit, { id, version, name, prefix, datePattern, seqLength, resetPeriod }],
      ['delete', Permission.numberRuleDelete, { id: MISSING_ID }],
    ];
    await createUserWith(ctx.db, { username: 'number_nobody', paths: ['/system/numberRule'] });
    const nobody = await ctx.t.login('number_nobody', TEST_PASSWORD);
    for (const [route, , body] of calls) expect((await ctx.t.post(routes[route], body, { token: nobody })).body, route).toMatchObject({ code: '403' });
    for (const [route, action, body] of calls) {
      await createUserWith(ctx.db, { username: `number_${route}`, actions: [action] });
      const token = await ctx.t.login(`number_${route}`, TEST_PASSWORD);
      expect((await ctx.t.post(routes[route], body, { token })).status, route).not.toBe(403);
    }
  });
});
