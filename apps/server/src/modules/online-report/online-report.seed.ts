import type { Kysely } from 'kysely';
import type { OnlineReportCreate } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { ensureReaderMembership } from './online-report.repo.js';

// The example report of 报表配置, inserted once (an administrator's later edits stay; a deleted one comes back at the next start).

export const EXAMPLE_REPORT: OnlineReportCreate = {
  code: 'store_order_summary',
  name: '各门店订单汇总',
  sql: [
    'select s.code as store_code, s.name as store_name,',
    '       count(o.id) as order_count,',
    '       coalesce(sum(o.deal_price), 0) as deal_amount',
    '  from stores s',
    '  left join orders o on o.store_id = s.id',
    "   and o.status <> 'cancelled'",
    '   and (:date_from::date is null or o.created_at >= :date_from::date)',
    "   and (:date_to::date is null or o.created_at < :date_to::date + interval '1 day')",
    ' group by s.id, s.code, s.name',
    ' order by s.code',
  ].join('\n'),
  params: [
    { name: 'date_from', label: '下单日期从', type: 'date', defaultValue: '', required: false, dictCode: '' },
    { name: 'date_to', label: '下单日期至', type: 'date', defaultValue: '', required: false, dictCode: '' },
  ],
  columns: [
    { field: 'store_code', label: '门店编码', width: 120, dictCode: '', show: true, export: true, sum: false },
    { field: 'store_name', label: '门店', width: 160, dictCode: '', show: true, export: true, sum: false },
    { field: 'order_count', label: '订单数', width: 100, dictCode: '', show: true, export: true, sum: true },
    { field: 'deal_amount', label: '成交金额', width: 140, dictCode: '', show: true, export: true, sum: true },
  ],
  chart: { type: 'bar', xField: 'store_name', yFields: ['deal_amount'] },
};

export async function seedExampleReport(db: Kysely<DB>): Promise<boolean> {
  const r = EXAMPLE_REPORT;
  const inserted = await db
    .insertInto('online_report')
    .values({ code: r.code, name: r.name, sql_text: r.sql, params: JSON.stringify(r.params), columns: JSON.stringify(r.columns), chart: JSON.stringify(r.chart) })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Reports run as care_report_reader: the database user must be able to take that role (docs/online.md). */
export async function checkReaderRole(db: Kysely<DB>, log: { warn: (msg: string) => void }): Promise<boolean> {
  const ok = await ensureReaderMembership(db);
  if (!ok) log.warn('online reports: the database user cannot SET ROLE care_report_reader; grant it the role (GRANT care_report_reader TO <user>) or reports will fail');
  return ok;
}
