import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DuplicateCheckText, type CheckOutcome } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';
import { registerDuplicateCheck } from './index.js';
import { signedInUser } from '../../test/fixtures.js';

const CHECK = '/online/duplicate/check';
const INJECTIONS = ["' or '1'='1", "sex'--", 'sex/**/', "x'; drop table dict_type; --", 'sex\t', "sleep(5)", "' union select password_hash from app_user --"];

// A company-scoped pair, registered the way a business module would (the department code).
registerDuplicateCheck('test_department', 'name', { table: 'department', column: 'name', companyColumn: 'company_id', caseInsensitive: true });

describe('duplicate check', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  let token: string;

  const check = (body: Record<string, unknown>) => t.post<CheckOutcome>(CHECK, body, { token });

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    // Any signed-in user may check: forms of every module call it.
    ({ token } = await signedInUser(t, 'dup_user'));
  });
  afterAll(() => t?.close());

  it('a registered pair: a taken value fails with the message, a free one passes, the edited record itself does not count', async () => {
    expect((await check({ tableName: 'dict_type', fieldName: 'code', fieldVal: 'sex', dataId: '' })).body).toMatchObject({
      code: '0',
      result: { passed: false, message: DuplicateCheckText.taken },
    });
    expect((await check({ tableName: 'dict_type', fieldName: 'code', fieldVal: 'brand_new_code' })).body.result).toEqual({ passed: true, message: DuplicateCheckText.available });
    const sex = await db.selectFrom('dict_type').select('id').where('code', '=', 'sex').executeTakeFirstOrThrow();
    expect((await check({ tableName: 'dict_type', fieldName: 'code', fieldVal: 'sex', dataId: sex.id })).body.result.passed).toBe(true);
    expect((await check({ tableName: 'number_rule', fieldName: 'code', fieldVal: 'order_no' })).body.result.passed).toBe(false);
    expect((await check({ tableName: 'check_rule', fieldName: 'code', fieldVal: 'mobile' })).body.result.passed).toBe(false);
  });

  it('an empty value passes without a query', async () => {
    expect((await check({ tableName: 'dict_type', fieldName: 'code', fieldVal: '' })).body.result).toEqual({ passed: true, message: DuplicateCheckText.available });
  });

  it('company scope and case: only the caller’s company counts', async () => {
    expect((await check({ tableName: 'test_department', fieldName: 'name', fieldVal: '财务部' })).body.result.passed).toBe(false);
    const other = await db.insertInto('company').values({ code: 'DUP_OTHER', name: '他司' }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('department').values({ company_id: other.id, code: 'Z01', name: 'Foreign Dept' }).execute();
    expect((await check({ tableName: 'test_department', fieldName: 'name', fieldVal: 'foreign dept' })).body.result.passed).toBe(true);
    await db.insertInto('department').values({ company_id: (await db.selectFrom('company').select('id').where('code', '=', 'YX').executeTakeFirstOrThrow()).id, code: 'Z02', name: 'Local Dept' }).execute();
    expect((await check({ tableName: 'test_department', fieldName: 'name', fieldVal: 'LOCAL DEPT' })).body.result.passed).toBe(false);
  });

  it.each([
    ['sys_user', 'username'],
    ['app_user', 'password_hash'],
    ['dict_type', 'name'],
    ['dict_type', 'code or 1=1'],
    ['dict_type where 1=1', 'code'],
    ['dict_type;drop table dict_item', 'code'],
    ["dict_type'", 'code'],
    ['dict_type', "code'--"],
    ['DICT_TYPE', 'code'],
    ['dict_type', 'code/**/'],
  ])('an unregistered pair (%s, %s) answers 101 and queries nothing', async (tableName, fieldName) => {
    const res = await check({ tableName, fieldName, fieldVal: 'x' });
    expect(res.body).toMatchObject({ success: false, code: '101', message: DuplicateCheckText.notCheckable });
  });

  it('injection strings in the value are only ever a value: a clear answer, never a SQL error', async () => {
    for (const fieldVal of INJECTIONS) {
      const res = await check({ tableName: 'dict_type', fieldName: 'code', fieldVal });
      expect(res.body, fieldVal).toMatchObject({ code: '0', result: { passed: true } });
    }
    const tables = await sql<{ n: number }>`select count(*)::int as n from dict_type`.execute(db);
    expect(tables.rows[0]!.n).toBeGreaterThan(10);
  });

  it('a dataId that is not an id is refused by validation', async () => {
    for (const dataId of ['1 or 1=1', "x' --", '0']) {
      const res = await check({ tableName: 'dict_type', fieldName: 'code', fieldVal: 'sex', dataId });
      expect(res.status, dataId).toBe(422);
      expect(res.body, dataId).toMatchObject({ code: '101', message: 'dataId: 数据ID不正确' });
    }
  });

  it('answers 302 without a session', async () => {
    expect((await t.post(CHECK, { tableName: 'dict_type', fieldName: 'code', fieldVal: 'sex' })).body.code).toBe('302');
  });
});
