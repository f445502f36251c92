import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Lead, PageResult } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import { createTestApp, type TestApp } from '../../test/test-app.js';

const L = '/online/lead';

// A consultant with more than 10,000 leads: the list counts up to the cap and says so; names, order
// and data rules hold on the page.
describe('the lead list past the count cap', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const token: Record<string, string> = {};
  const userId: Record<string, string> = {};
  let nanshan: string;

  const list = async (who: string, body: Record<string, unknown> = {}, path = `${L}/list`) =>
    (await t.post<PageResult<Lead>>(path, { pageSize: 20, ...body }, { token: token[who] })).body;

  beforeAll(async () => {
    t = await createTestApp();
    db = t.ctx.database.db;
    token.admin = await t.login();
    for (const name of ['nanshan.sales1', 'nanshan.sales2', 'nanshan.manager']) {
      token[name] = await t.login(name, t.config.adminPassword);
      userId[name] = (await db.selectFrom('app_user').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    nanshan = (await db.selectFrom('store').select('id').where('code', '=', 'NS').executeTakeFirstOrThrow()).id;
    const company = (await db.selectFrom('store').select('company_id').where('id', '=', nanshan).executeTakeFirstOrThrow()).company_id;
    // 10,005 leads of sales1 created a minute apart (the newest is n = 1), 3 of sales2, 5 in the pool.
    await sql`
      insert into lead (company_id, lead_no, name, phone, preferred_store_id, owner_id, status, created_at, released_at)
      select ${company}, 'BL' || lpad(g::text, 8, '0'), '批量' || g, (15500000000 + g)::text, ${nanshan}::uuid,
             case when g <= 10005 then ${userId['nanshan.sales1']!}::uuid when g <= 10008 then ${userId['nanshan.sales2']!}::uuid end,
             'pending', now() - g * interval '1 minute',
             case when g > 10008 then now() - g * interval '1 second' end
      from generate_series(1, 10013) g`.execute(db);
  }, 120_000);
  afterAll(() => t?.close());

  it('counts up to 10,000 and says so; the next pages stay reachable', async () => {
    const first = await list('nanshan.sales1');
    expect(first.result).toMatchObject({ total: 10_000, totalCapped: true, current: 1, size: 20 });
    expect(first.result.records.map((r) => r.name).slice(0, 3)).toEqual(['批量1', '批量2', '批量3']);
    expect(first.result.records[0]).toMatchObject({ ownerName: '李晓梅', preferredStoreName: '南山店', leadNo: 'BL00000001' });
    // The last page: rows 10,001–10,005, still counted as "10000+".
    const last = await list('nanshan.sales1', { pageNo: 501 });
    expect(last.result.records.map((r) => r.name)).toEqual(['批量10001', '批量10002', '批量10003', '批量10004', '批量10005']);
    expect(last.result).toMatchObject({ total: 10_000, totalCapped: true });
    // Past the end: no rows, the same capped count.
    expect((await list('nanshan.sales1', { pageNo: 502 })).result).toMatchObject({ records: [], total: 10_000, totalCapped: true });
  });

  it('counts exactly under the cap, within the data rules', async () => {
    const exact = (await list('nanshan.sales2')).result;
    expect(exact.total).toBe(3);
    expect(exact.totalCapped).toBeUndefined();
    expect((await list('nanshan.sales1', { phone: '1550000100' })).result.total).toBe(10);
    // The 店长 sees the store's 10,008 owned leads, the pool list its 5.
    expect((await list('nanshan.manager')).result).toMatchObject({ total: 10_000, totalCapped: true });
    const pool = await list('nanshan.manager', {}, `${L}/poolList`);
    expect(pool.result.total).toBe(5);
    expect(pool.result.totalCapped).toBeUndefined();
    // Newest released first.
    expect(pool.result.records.map((r) => r.name)).toEqual(['批量10009', '批量10010', '批量10011', '批量10012', '批量10013']);
  });

  it('sorts by a key, empty values last either way', async () => {
    await db.updateTable('lead').set({ due_date: '2027-01-01' }).where('lead_no', 'in', ['BL00010006', 'BL00010007']).execute();
    await db.updateTable('lead').set({ due_date: '2027-02-01' }).where('lead_no', '=', 'BL00010008').execute();
    const asc = await list('nanshan.sales2', { column: 'dueDate', order: 'asc' });
    expect(asc.result.records.map((r) => r.dueDate)).toEqual(['2027-01-01', '2027-01-01', '2027-02-01']);
    await db.updateTable('lead').set({ due_date: null }).where('lead_no', '=', 'BL00010007').execute();
    const desc = await list('nanshan.sales2', { column: 'dueDate', order: 'desc' });
    expect(desc.result.records.map((r) => r.dueDate)).toEqual(['2027-02-01', '2027-01-01', null]);
  });
});
