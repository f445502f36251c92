import { describe, expect, it } from 'vitest';
import { DummyDriver, Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, sql, type Expression, type SqlBool } from 'kysely';
import { DATA_RULE_CONDITIONS } from '@care/shared';
import { conditionSql, escapeLike, parseList, ruleProblem } from './apply.js';
import { DataRuleRegistryError, findDataRuleResource, registerDataRuleColumns } from './registry.js';
import { substituteVariables, unknownVariables, type VariableValues } from './variables.js';

const compiler = new Kysely<Record<string, never>>({
  dialect: {
    createAdapter: () => new PostgresAdapter(),
    createDriver: () => new DummyDriver(),
    createIntrospector: (db) => new PostgresIntrospector(db),
    createQueryCompiler: () => new PostgresQueryCompiler(),
  },
});
const compile = (expr: Expression<SqlBool>) => {
  const { sql: text, parameters } = sql`select 1 from probe_row c where ${expr}`.compile(compiler);
  return { text: text.replace('select 1 from probe_row c where ', ''), parameters };
};

const unit = registerDataRuleColumns(
  'unit_probe',
  {
    owner: { label: '负责人', sql: 'c.owner_id', type: 'uuid' },
    note: { label: '备注', sql: 'c.note', type: 'text' },
    amount: { label: '金额', sql: 'c.amount', type: 'number' },
    madeOn: { label: '日期', sql: sql`date(c.made_at)`, type: 'date' },
  },
  { label: '单元探针' },
);
const col = (key: string) => unit.columns.get(key)!;

const ID = '0b6c4d8e-1f2a-4b3c-8d4e-5f6a7b8c9d0e';
const vars: VariableValues = {
  userId: ID,
  username: "o'neil",
  companyId: '11111111-1111-4111-8111-111111111111',
  departmentId: null,
  orgCode: 'A01A02',
  storeIds: async () => ['22222222-2222-4222-8222-222222222222', '33333333-3333-4333-8333-333333333333'],
  // 2026-03-01 17:30:05 UTC is 2026-03-02 01:30:05 in Asia/Shanghai.
  now: new Date(Date.UTC(2026, 2, 1, 17, 30, 5)),
};

describe('registry', () => {
  it('refuses a SQL reference that is not an identifier path', () => {
    for (const bad of ['c.id; drop table x', 'c.id--', 'lower(c.name)', '"c"."id"', 'c.id or 1=1', '']) {
      expect(() => registerDataRuleColumns('bad_ref', { x: { label: 'x', sql: bad, type: 'text' } }), bad).toThrow(DataRuleRegistryError);
    }
    expect(findDataRuleResource('bad_ref')).toBeUndefined();
  });

  it('refuses keys and resource names that are not plain names', () => {
    expect(() => registerDataRuleColumns('ok_name', { 'a b': { label: 'x', sql: 'c.x', type: 'text' } })).toThrow(DataRuleRegistryError);
    expect(() => registerDataRuleColumns("x' or 1=1", { a: { label: 'x', sql: 'c.x', type: 'text' } })).toThrow(DataRuleRegistryError);
  });

  it('accepts the same registration twice and refuses a different one', () => {
    const def = { a: { label: 'A', sql: 'c.a', type: 'text' as const } };
    const first = registerDataRuleColumns('twice', def);
    expect(registerDataRuleColumns('twice', def)).toBe(first);
    expect(() => registerDataRuleColumns('twice', { a: { label: 'A', sql: 'c.b', type: 'text' } })).toThrow(/registered twice/);
  });
});

describe('rule SQL', () => {
  it('quotes the registered reference and binds the value, for every condition', () => {
    const samples: Record<string, [string, string]> = {
      '=': ['amount', '10'], '!=': ['amount', '10'], '>': ['amount', '10'], '>=': ['amount', '10'], '<': ['amount', '10'], '<=': ['amount', '10'],
      IN: ['amount', '1, 2'], NOT_IN: ['amount', '1,2'], LIKE: ['note', 'x'], LEFT_LIKE: ['note', 'x'], RIGHT_LIKE: ['note', 'x'], IS_NULL: ['note', ''], NOT_NULL: ['note', ''],
    };
    const expected: Record<string, [string, unknown[]]> = {
      '=': ['"c"."amount" = $1::numeric', ['10']],
      '!=': ['"c"."amount" is distinct from $1::numeric', ['10']],
      '>': ['"c"."amount" > $1::numeric', ['10']],
      '>=': ['"c"."amount" >= $1::numeric', ['10']],
      '<': ['"c"."amount" < $1::numeric', ['10']],
      '<=': ['"c"."amount" <= $1::numeric', ['10']],
      IN: ['"c"."amount" = any($1::numeric[])', [['1', '2']]],
      NOT_IN: ['("c"."amount" is null or "c"."amount" <> all($1::numeric[]))', [['1', '2']]],
      LIKE: [`"c"."note" like $1 escape '\\'`, ['%x%']],
      LEFT_LIKE: [`"c"."note" like $1 escape '\\'`, ['%x']],
      RIGHT_LIKE: [`"c"."note" like $1 escape '\\'`, ['x%']],
      IS_NULL: ['"c"."note" is null', []],
      NOT_NULL: ['"c"."note" is not null', []],
    };
    for (const condition of DATA_RULE_CONDITIONS) {
      const [key, value] = samples[condition]!;
      const { text, parameters } = compile(conditionSql(col(key), condition, value));
      expect([text, parameters], condition).toEqual(expected[condition]);
    }
  });

  it('writes a one-value IN list as plain equality', () => {
    expect(compile(conditionSql(col('amount'), 'IN', ' 7 '))).toMatchObject({ text: '"c"."amount" = $1::numeric', parameters: ['7'] });
    expect(compile(conditionSql(col('amount'), 'NOT_IN', '7'))).toMatchObject({ text: '("c"."amount" is null or "c"."amount" <> all($1::numeric[]))', parameters: [['7']] });
  });

  it('keeps injection attempts in the parameters, never in the SQL text', () => {
    const attacks = ["x' or '1'='1", "'; drop table probe_row; --", 'a/**/union/**/select password from app_user', '1;select pg_sleep(5)', 'union select 1', '\t--'];
    for (const attack of attacks) {
      for (const condition of ['=', '!=', 'IN', 'NOT_IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE'] as const) {
        const { text, parameters } = compile(conditionSql(col('note'), condition, attack));
        expect(text, `${condition} ${attack}`).not.toMatch(/drop|union|sleep|'1'|password/i);
        expect(parameters, `${condition} ${attack}`).toHaveLength(1);
      }
    }
  });

  it('escapes % and _ before adding the wildcards', () => {
    expect(escapeLike('100%_\\x')).toBe('100\\%\\_\\\\x');
    expect(compile(conditionSql(col('note'), 'LIKE', '100%_')).parameters).toEqual(['%100\\%\\_%']);
    expect(compile(conditionSql(col('note'), 'RIGHT_LIKE', 'A01')).parameters).toEqual(['A01%']);
  });

  it('uses a registered expression as it is', () => {
    expect(compile(conditionSql(col('madeOn'), '>=', '2026-03-02')).text).toBe('date(c.made_at) >= $1::date');
  });

  it('matches nothing when the value is missing or not of the column type', () => {
    expect(compile(conditionSql(col('owner'), '=', null)).text).toBe('false');
    expect(compile(conditionSql(col('owner'), '=', "x' or 1=1")).text).toBe('false');
    expect(compile(conditionSql(col('amount'), '>', '1; select 1')).text).toBe('false');
    expect(compile(conditionSql(col('amount'), 'IN', '1,x')).text).toBe('false');
    expect(compile(conditionSql(col('madeOn'), '=', '2026-02-30')).text).toBe('false');
    // A condition the type does not allow (LIKE on a uuid) cannot be read either.
    expect(compile(conditionSql(col('owner'), 'LIKE', 'a')).text).toBe('false');
  });

  it('reads IN lists by commas, trimming items and dropping empty ones', () => {
    expect(parseList('text', " a , b,,c' ")).toEqual(['a', 'b', "c'"]);
    expect(parseList('uuid', `${ID}, nope`)).toBeNull();
    expect(compile(conditionSql(col('owner'), 'IN', '')).parameters).toEqual([[]]);
  });
});

describe('variables', () => {
  it('replaces every variable in the value', async () => {
    expect(await substituteVariables('#{sys_user_id}', vars)).toBe(ID);
    expect(await substituteVariables('#{sys_user_code}', vars)).toBe("o'neil");
    expect(await substituteVariables('#{sys_org_code}', vars)).toBe('A01A02');
    expect(await substituteVariables('#{sys_company_id}', vars)).toBe(vars.companyId);
    expect(await substituteVariables('#{sys_store_ids}', vars)).toBe('22222222-2222-4222-8222-222222222222,33333333-3333-4333-8333-333333333333');
    expect(await substituteVariables('#{sys_date}', vars)).toBe('2026-03-02');
    expect(await substituteVariables('#{sys_time}', vars)).toBe('2026-03-02 01:30:05');
    expect(await substituteVariables('x-#{sys_org_code}-#{sys_user_code}', vars)).toBe("x-A01A02-o'neil");
    expect(await substituteVariables('no variables', vars)).toBe('no variables');
  });

  it('gives null when a variable has no value, so the rule matches nothing', async () => {
    expect(await substituteVariables('#{sys_org_id}', vars)).toBeNull();
    expect(await substituteVariables('#{nope}', vars)).toBeNull();
  });

  it('names unknown variables', () => {
    expect(unknownVariables('#{sys_user_id},#{sys_password},#{}')).toEqual(['sys_password', '']);
  });
});

describe('checks before a rule is saved', () => {
  it('refuses conditions the column type does not allow, unknown variables and values of the wrong type', async () => {
    expect(await ruleProblem(col('owner'), 'LIKE', 'a')).toBe('该字段不支持所选条件');
    expect(await ruleProblem(col('owner'), '=', '#{sys_password}')).toBe('规则值含有未知的变量：#{sys_password}');
    expect(await ruleProblem(col('owner'), '=', '#{sys_org_code}')).toBe('规则值格式不正确');
    expect(await ruleProblem(col('amount'), '>', "1' or '1'='1")).toBe('规则值格式不正确');
    expect(await ruleProblem(col('amount'), 'IN', ',,')).toBe('规则值格式不正确');
    expect(await ruleProblem(col('owner'), '=', '#{sys_user_id}')).toBeNull();
    expect(await ruleProblem(col('owner'), 'IN', '#{sys_store_ids}')).toBeNull();
    expect(await ruleProblem(col('madeOn'), '<=', '#{sys_date}')).toBeNull();
    expect(await ruleProblem(col('note'), '=', "x' --")).toBeNull();
    expect(await ruleProblem(col('note'), 'IS_NULL', '')).toBeNull();
  });
});
