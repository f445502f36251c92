import { describe, expect, it } from 'vitest';
import { OnlineReportText as T } from '@care/shared';
import { bindValues, sumDecimals } from './online-report.service.js';
import { checkReportSql } from './online-report.sql-check.js';

const refusal = async (sqlText: string, params: string[] = []): Promise<string> => {
  try {
    await checkReportSql(sqlText, params);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('report SQL checker', () => {
  it('accepts one SELECT over report_api views with allowed functions, joins, CTEs and window functions', async () => {
    const ok = await checkReportSql(
      `with t as (select store_id, sum(deal_price) as amount from orders group by store_id)
       select s.name, coalesce(t.amount, 0) as amount, round(t.amount / 3, 2), to_char(now(), 'YYYY'), row_number() over (order by s.code),
              extract(year from s.created_at), count(*) filter (where s.enabled)
         from report_api.stores s left join t on t.store_id = s.id
        where s.name like '%店' union all select 'x', 1, 1, '', 1, 1, 1`,
      [],
    );
    expect(ok.order).toEqual([]);
  });

  it('binds :name and ${name} placeholders as $n, reusing a repeated name, never inside strings, quoted names or comments', async () => {
    const r = await checkReportSql("select ':skip', \"a:b\" from orders -- :not\n where store_id = :store and status = ${status} and (:store::uuid is null) and x::text = '门店'", ['store', 'status']);
    expect(r.order).toEqual(['store', 'status']);
    expect(r.text).toBe("select ':skip', \"a:b\" from orders -- :not\n where store_id = $1 and status = $2 and ($1::uuid is null) and x::text = '门店'");
  });

  it('refuses placeholders of undefined parameters and positional $1', async () => {
    expect(await refusal('select * from orders where id = :nope', ['store'])).toBe(`${T.unknownParam}：nope`);
    expect(await refusal('select * from orders where id = $1')).toBe(T.noPositional);
  });

  it.each([
    ['insert into orders (id) values (1)', T.singleSelect],
    ['update orders set status = 1', T.singleSelect],
    ['delete from orders', T.singleSelect],
    ['drop table orders', T.singleSelect],
    ['truncate orders', T.singleSelect],
    ['select 1; delete from orders', T.singleSelect],
    ['select 1;select 2', T.singleSelect],
    ['with d as (delete from orders returning *) select * from d', T.noModifyingCte],
    ['with d as (update orders set status = 1 returning *) select 1', T.noModifyingCte],
    ['select * into report_copy from orders', T.noSelectInto],
    ['select * from orders for update', T.noLocking],
    ['select * from (select * from orders for share) x', T.noLocking],
    ['with recursive t(n) as (select 1 union all select n + 1 from t) select * from t', T.noRecursive],
    ['select pg_sleep(10)', `${T.functionRefused}：pg_sleep`],
    ['select 1 from orders where pg_catalog.pg_sleep(10) is null', `${T.functionRefused}：pg_catalog.pg_sleep`],
    ["select pg_read_file('/etc/passwd')", `${T.functionRefused}：pg_read_file`],
    ["select set_config('care.company_id', '00000000-0000-0000-0000-000000000000', true)", `${T.functionRefused}：set_config`],
    ["select current_setting('care.company_id')", `${T.functionRefused}：current_setting`],
    ["select * from dblink('x', 'select 1') as t(a int)", `${T.functionRefused}：dblink`],
    ['select lo_import(\'/etc/passwd\')', `${T.functionRefused}：lo_import`],
    ["select query_to_xml('delete from orders', true, true, '')", `${T.functionRefused}：query_to_xml`],
    ["copy orders to program 'rm -rf /'", T.singleSelect],
    ["copy (select 1) to program 'id'", T.singleSelect],
    ['select * from public.sales_order', T.tableRefused],
    ['select * from pg_shadow', T.tableRefused],
    ['select * from information_schema.tables', T.tableRefused],
    ['explain select 1', T.singleSelect],
    ["do $$ begin perform 1; end $$", T.singleSelect],
    ['set role postgres', T.singleSelect],
  ])('refuses %s', async (sqlText, message) => {
    expect(await refusal(sqlText)).toBe(message);
  });

  it('answers a syntax error as such', async () => {
    expect(await refusal('select from where')).toMatch(new RegExp(`^${T.sqlSyntax}`));
    expect(await refusal("select 'unterminated")).toMatch(new RegExp(`^${T.sqlSyntax}`));
  });
});

describe('report parameter values', () => {
  const params = [
    { name: 'store', label: '门店', type: 'text' as const, defaultValue: '', required: true, dictCode: '' },
    { name: 'amount', label: '金额', type: 'number' as const, defaultValue: '100', required: false, dictCode: '' },
    { name: 'day', label: '日期', type: 'date' as const, defaultValue: '', required: false, dictCode: '' },
  ];
  it('converts by type, fills defaults, and carries text as a value, never as SQL', () => {
    expect(bindValues(params, ['store', 'amount', 'day'], { store: "'; drop table x; --" })).toEqual(["'; drop table x; --", '100', null]);
    expect(bindValues(params, ['day'], { day: '2026-01-02' })).toEqual(['2026-01-02']);
  });
  it('refuses a missing required value, a bad number and a bad date', () => {
    expect(() => bindValues(params, ['store'], {})).toThrow(`${T.paramRequired}：门店`);
    expect(() => bindValues(params, ['amount'], { amount: 'abc' })).toThrow(`金额${T.badNumber}`);
    expect(() => bindValues(params, ['day'], { day: '2026/01/02' })).toThrow(`日期${T.badDate}`);
  });
});

describe('totals', () => {
  it('sums decimal texts exactly', () => {
    expect(sumDecimals(['0.10', '0.20', null, '1', 3])).toBe('4.30');
    expect(sumDecimals(['-5.5', '2.25'])).toBe('-3.25');
    expect(sumDecimals([])).toBe('0');
  });
});
