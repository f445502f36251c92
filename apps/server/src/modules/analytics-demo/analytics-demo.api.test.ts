import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { BiPermission, ReportPermission, reportContract, type SaleSummaryResult } from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';
import { crmTestApp } from '../../test/crm-test-app.js';
import { resultOf } from '../../test/fixtures.js';
import { insertOrder } from '../receivable/receivable.test-data.js';
import { demoAnalyticsGrants } from '../../seed/demo-analytics-roles.js';

// The demo roles' grants and store rules for reports, BI and dashboards (seed/demo-analytics-roles.ts).
describe('demo roles: reports, BI and dashboards', () => {
  const crm = crmTestApp(13720000000, ['nanshan.manager', 'hq.finance']);

  it('each role holds its grants; the 店长\'s reports show her store only, the 财务 has the money report and not the sales ones', async () => {
    const db = crm.db;
    const granted = async (code: string) =>
      new Set(
        (await sql<{ action: string | null; path: string | null }>`
          select p.action, p.path from security_group g join security_group_permission gp on gp.group_id = g.id join sys_permission p on p.id = gp.permission_id
           where g.code = ${code}`.execute(db)).rows.flatMap((p) => [p.action, p.path]).filter(Boolean),
      );
    for (const [code, keys] of Object.entries(demoAnalyticsGrants)) {
      const held = await granted(code);
      for (const key of keys) expect(held.has(key), `${code} ${key}`).toBe(true);
    }
    const manager = await granted('store_manager');
    expect(manager.has(ReportPermission.financeReport)).toBe(false);
    expect(manager.has(BiPermission.monthlyNurseBi)).toBe(false);

    const { company_id: companyId } = await db.selectFrom('store').select('company_id').where('id', '=', crm.nanshan).executeTakeFirstOrThrow();
    for (const store of [crm.nanshan, crm.nanshan, crm.futian]) await insertOrder(db, companyId, store);
    const today = shanghaiDate();
    const query = { from: today, to: today, groupBy: 'store' };
    const summary = await resultOf(crm.t.post<SaleSummaryResult>(reportContract.saleSummary.path, query, { token: crm.token['nanshan.manager'] }));
    expect(summary.rows.map((r) => r.key)).toEqual([crm.nanshan]);
    const expected = await sql<{ n: string; deal: string }>`
      select count(*) as n, coalesce(sum(deal_price), 0) as deal from sales_order
       where store_id = ${crm.nanshan} and status not in ('draft', 'cancelled') and (created_at at time zone 'Asia/Shanghai')::date = ${today}::date`.execute(db);
    expect(summary.totals.orders).toBe(Number(expected.rows[0]!.n));
    expect(Number(summary.totals.dealTotal)).toBe(Number(expected.rows[0]!.deal));

    const admin = await resultOf(crm.t.post<SaleSummaryResult>(reportContract.saleSummary.path, query, { token: crm.token.admin }));
    expect(admin.rows.map((r) => r.key).sort()).toEqual([crm.nanshan, crm.futian].sort());

    const finance = crm.token['hq.finance']!;
    expect((await crm.t.post(reportContract.finance.path, { from: today, to: today }, { token: finance })).body.success).toBe(true);
    expect((await crm.t.post(reportContract.saleSummary.path, query, { token: finance })).status).toBe(403);
  });
});
