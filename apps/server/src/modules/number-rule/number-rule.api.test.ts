import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorText, formatDateTime, NumberRuleCode, numberRuleSchema, NumberRuleText, Permission, type NumberRule, type PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { nextNumber } from './index.js';

const routes = {
  list: '/online/numberRule/list',
  add: '/online/numberRule/add',
  edit: '/online/numberRule/edit',
  delete: '/online/numberRule/delete',
};
const MISSING_ID = '5d1f7a3e-9b2c-4d6e-8f10-123456789abc';

describe('number rules', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let admin: string;

  const add = async (code: string, fields: Record<string, unknown>) => {
    const res = await t.post<NumberRule>(routes.add, { code, name: `规则${code}`, datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day', ...fields }, { token: admin });
    expect(res.body.code, res.body.message).toBe('0');
    return res.body.result;
  };
  const edit = async (rule: NumberRule, fields: Record<string, unknown>) => {
    const { id, version, name, prefix, datePattern, seqLength, resetPeriod, enabled, description } = rule;
    const res = await t.post<NumberRule>(routes.edit, { id, version, name, prefix, datePattern, seqLength, resetPeriod, enabled, description, ...fields }, { token: admin });
    expect(res.body.code, res.body.message).toBe('0');
    return res.body.result;
  };

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    admin = await t.login();
  });
  afterAll(() => t?.close());

  it('1,000 numbers drawn at once are all different and well-formed', async () => {
    const today = formatDateTime(new Date(), 'YYYYMMDD');
    const numbers = await Promise.all(Array.from({ length: 1000 }, () => nextNumber(db, NumberRuleCode.order)));
    expect(new Set(numbers).size).toBe(1000);
    for (const n of numbers) expect(n).toMatch(new RegExp(`^DD${today}\\d{4}$`));
    const sequences = numbers.map((n) => Number(n.slice(-4))).sort((a, b) => a - b);
    expect(sequences[0]).toBe(1);
    expect(sequences.at(-1)).toBe(1000);
  });

  it('draws inside the savers’ own transactions too, without duplicates; a rolled-back draw is not issued', async () => {
    const numbers = await Promise.all(Array.from({ length: 100 }, () => db.transaction().execute((trx) => nextNumber(trx, NumberRuleCode.contract))));
    expect(new Set(numbers).size).toBe(100);
    const rolledBack = await db
      .transaction()
      .execute(async (trx) => {
        await nextNumber(trx, NumberRuleCode.contract);
        throw new Error('save failed');
      })
      .catch((err: Error) => err.message);
    expect(rolledBack).toBe('save failed');
    const next = await nextNumber(db, NumberRuleCode.contract);
    expect(Number(next.slice(-4))).toBe(101);
  });

  it('restarts the sequence each period, by the Shanghai date', async () => {
    await add('period_no', { prefix: 'T', seqLength: 3 });
    const day1 = new Date('2025-01-31T15:00:00Z'); // 23:00 on the 31st in Shanghai
    const day2 = new Date('2025-01-31T16:30:00Z'); // 00:30 on 1 February
    expect(await nextNumber(db, 'period_no', day1)).toBe('T20250131001');
    expect(await nextNumber(db, 'period_no', day1)).toBe('T20250131002');
    expect(await nextNumber(db, 'period_no', day2)).toBe('T20250201001');
    expect(await nextNumber(db, 'period_no', day1)).toBe('T20250131003');
  });

  it('a sequence longer than its length keeps growing instead of wrapping', async () => {
    await add('tiny_no', { prefix: 'S', datePattern: 'none', seqLength: 1, resetPeriod: 'never' });
    const numbers: string[] = [];
    for (let i = 0; i < 12; i++) numbers.push(await nextNumber(db, 'tiny_no'));
    expect(numbers).toEqual(['S1', 'S2', 'S3', 'S4', 'S5', 'S6', 'S7', 'S8', 'S9', 'S10', 'S11', 'S12']);
  });

  it('never repeats a number after the rule is edited, or deleted and created again', async () => {
    const at = new Date('2025-06-01T02:00:00Z');
    let rule = await add('edit_no', { prefix: 'E', datePattern: 'YYYY', seqLength: 3, resetPeriod: 'never' });
    expect([await nextNumber(db, 'edit_no', at), await nextNumber(db, 'edit_no', at)]).toEqual(['E2025001', 'E2025002']);
    // A yearly reset starts a new counter at 1: E2025001 and E2025002 are taken, so it skips them.
    rule = await edit(rule, { resetPeriod: 'year' });
    expect(await nextNumber(db, 'edit_no', at)).toBe('E2025003');
    expect((await t.post(routes.delete, { id: rule.id }, { token: admin })).body.code).toBe('0');
    await expect(nextNumber(db, 'edit_no', at)).rejects.toThrow(NumberRuleText.unknownRule);
    await add('edit_no', { prefix: 'E', datePattern: 'YYYY', seqLength: 3, resetPeriod: 'year' });
    expect(await nextNumber(db, 'edit_no', at)).toBe('E2025004');
  });

  it('refuses an unknown or disabled rule', async () => {
    await expect(nextNumber(db, 'no_such_rule')).rejects.toThrow(NumberRuleText.unknownRule);
    const rule = await add('off_no', { prefix: 'O', enabled: false });
    await expect(nextNumber(db, 'off_no')).rejects.toThrow(NumberRuleText.unknownRule);
    await edit(rule, { enabled: true });
    expect(await nextNumber(db, 'off_no')).toMatch(/^O\d{8}0001$/);
  });

  it('seeds a rule for each business number; the list shows an example', async () => {
    const page = await t.post<PageResult<NumberRule>>(routes.list, { pageNo: 1, pageSize: 100 }, { token: admin });
    const codes = page.body.result.records.map((r) => r.code);
    for (const code of Object.values(NumberRuleCode)) expect(codes, code).toContain(code);
    const lead = page.body.result.records.find((r) => r.code === NumberRuleCode.lead)!;
    expect(numberRuleSchema.strict().safeParse(lead).success).toBe(true);
    expect(lead).toMatchObject({ name: '线索编号', prefix: 'XS', datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day', enabled: true });
    expect(lead.example).toBe(`XS${formatDateTime(new Date(), 'YYYYMMDD')}0001`);
    const filtered = await t.post<PageResult<NumberRule>>(routes.list, { name: '合同' }, { token: admin });
    expect(filtered.body.result.records.map((r) => r.code)).toEqual([NumberRuleCode.contract]);
  });

  it('validates rules: duplicate code, a reset finer than the date, the prefix, stale versions', async () => {
    const res = await t.post(routes.add, { code: 'order_no', name: '重复', datePattern: 'YYYYMMDD', seqLength: 4, resetPeriod: 'day' }, { token: admin });
    expect(res.body).toMatchObject({ code: '101', message: NumberRuleText.codeTaken });
    const tooFine = await t.post(routes.add, { code: 'fine_no', name: 'x', datePattern: 'YYYYMM', seqLength: 4, resetPeriod: 'day' }, { token: admin });
    expect(tooFine.body).toMatchObject({ code: '101', message: `resetPeriod: ${NumberRuleText.resetTooFine}` });
    const badPrefix = await t.post(routes.add, { code: 'prefix_no', name: 'x', prefix: "D'", datePattern: 'none', seqLength: 4, resetPeriod: 'never' }, { token: admin });
    expect(badPrefix.body.message).toBe('prefix: 前缀只能包含字母、数字、_ 和 -');
    const length = await t.post(routes.add, { code: 'len_no', name: 'x', datePattern: 'none', seqLength: 13, resetPeriod: 'never' }, { token: admin });
    expect(length.body.message).toBe('seqLength: 流水号位数为1-12');
    const rule = await add('stale_no', { prefix: 'Q' });
    await edit(rule, { name: '第二版' });
    const stale = await t.post(routes.edit, { ...rule, name: '覆盖' }, { token: admin });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await t.post(routes.edit, { ...rule, id: MISSING_ID }, { token: admin })).body.code).toBe('404');
    expect((await t.post(routes.delete, { id: MISSING_ID }, { token: admin })).body.code).toBe('404');
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
    await createUserWith(db, { username: 'number_nobody', paths: ['/system/numberRule'] });
    const nobody = await t.login('number_nobody', TEST_PASSWORD);
    for (const [route, , body] of calls) expect((await t.post(routes[route], body, { token: nobody })).body, route).toMatchObject({ code: '403' });
    for (const [route, action, body] of calls) {
      await createUserWith(db, { username: `number_${route}`, actions: [action] });
      const token = await t.login(`number_${route}`, TEST_PASSWORD);
      expect((await t.post(routes[route], body, { token })).status, route).not.toBe(403);
    }
  });
});
