import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../platform/paths.js';
import { migrate, readMigrations } from '../../platform/db/migrate.js';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { planRules } from '../receivable/ledger.js';
import { orderWorld, storeWorld } from './change-order.test-data.js';

// 0036_extension_keeps_deal on a database written by the old rule: a 续住 and then an 升级 had grown the
// order's deal price (and the 升级 its reference); the migration puts the signed deal back and carries
// both in plan_delta, with their own reference and discount. A 续住 already written the new way (the
// demo seed's) is left as it was.
describe('0036: past extensions keep the deal', () => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase();
  });
  afterAll(() => t.drop());

  it('puts the signed deal, reference and discount back; plan_delta carries each line; the plan = the price + plan_delta', async () => {
    const all = readMigrations(migrationsDir);
    await migrate(t.database.db, all.filter((m) => m.version < 36));
    const db = t.database.db;
    const company = await db.insertInto('company').values({ code: `M${Date.now()}`, name: '迁移测试公司' }).returning('id').executeTakeFirstOrThrow();
    const w = { db, companyId: company.id };
    const s = await storeWorld(w);
    const line = (o: { orderId: string; customerId: string }, item: string, amount: string, changeOrderId: string | null = null) =>
      db.insertInto('receivable').values({ company_id: company.id, order_id: o.orderId, customer_id: o.customerId, store_id: s.storeId, item, due_date: '2030-01-28', amount, change_order_id: changeOrderId, created_by: null, updated_by: null }).execute();
    const change = (o: { orderId: string; customerId: string }, no: string, kind: 'extend' | 'upgrade', amount: string, planDelta: string, appliedAt: string, days = 0) =>
      db
        .insertInto('change_order')
        .values({ company_id: company.id, change_no: no, order_id: o.orderId, customer_id: o.customerId, store_id: s.storeId, kind, days, amount_delta: amount, plan_delta: planDelta, status: 'approved', approval_step: 1, applied_at: new Date(appliedAt), created_by: null, updated_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();

    // The old rule: signed 27000 (reference 30000, 28 nights); 续住 3 nights +2892.86 → deal 29892.86, 31 nights;
    // then 升级 (40000 − 30000) × 29892.86 ÷ 30000 = +9964.29 → deal 39857.15, reference 30000 × 39857.15 ÷ 29892.86 = 40000.
    const old = await orderWorld(w, s);
    await line(old, 'final_payment', '27000');
    const ext = await change(old, 'BGM1', 'extend', '2892.86', '0', '2026-01-01T08:00:00Z', 3);
    const up = await change(old, 'BGM2', 'upgrade', '9964.29', '0', '2026-01-02T08:00:00Z');
    await line(old, 'extension', '2892.86', ext.id);
    await line(old, 'upgrade', '9964.29', up.id);
    await db.updateTable('sales_order').set({ days: 31, deal_price: '39857.15', reference_price: '40000.00', discount: '142.85' }).where('id', '=', old.orderId).execute();
    // Written the new way already (the demo seed): the deal stays, plan_delta is the line.
    const seeded = await orderWorld(w, s, { roomNo: '102' });
    await line(seeded, 'final_payment', '27000');
    const seededExt = await change(seeded, 'BGM3', 'extend', '2892.86', '2892.86', '2026-01-01T08:00:00Z', 3);
    await line(seeded, 'extension', '2892.86', seededExt.id);
    await db.updateTable('sales_order').set({ days: 31 }).where('id', '=', seeded.orderId).execute();

    expect(await migrate(db, all)).toEqual(all.filter((m) => m.version >= 36).map((m) => m.version));

    const order = (id: string) => db.selectFrom('sales_order').select(['days', 'deal_price', 'reference_price', 'discount']).where('id', '=', id).executeTakeFirstOrThrow();
    const lineOf = (id: string) => db.selectFrom('change_order').select(['amount_delta', 'reference_delta', 'discount_delta', 'plan_delta']).where('id', '=', id).executeTakeFirstOrThrow();
    expect(await order(old.orderId)).toEqual({ days: 31, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    // Each line at the signed discount: reference = amount × 30000 ÷ 27000.
    expect(await lineOf(ext.id)).toEqual({ amount_delta: '2892.86', reference_delta: '3214.29', discount_delta: '321.43', plan_delta: '2892.86' });
    expect(await lineOf(up.id)).toEqual({ amount_delta: '9964.29', reference_delta: '11071.43', discount_delta: '1107.14', plan_delta: '9964.29' });
    expect(await order(seeded.orderId)).toEqual({ days: 31, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    expect(await lineOf(seededExt.id)).toEqual({ amount_delta: '2892.86', reference_delta: '3214.29', discount_delta: '321.43', plan_delta: '2892.86' });

    const rules = await planRules(db, company.id, [old.orderId, seeded.orderId]);
    for (const rule of rules.values()) expect(rule.planCents).toBe(rule.expectedCents);
    expect(rules.get(old.orderId)).toMatchObject({ dealCents: 2_700_000, planDeltaCents: 1_285_715, planCents: 3_985_715 });
    // Nothing else in the database broke the rule.
    const broken = await sql<{ n: number }>`select count(*)::int as n from sales_order o
      where o.status not in ('draft', 'pending_audit')
        and (select coalesce(sum(r.amount + r.written_off), 0) from receivable r where r.order_id = o.id)
          <> o.deal_price + (select coalesce(sum(c.plan_delta), 0) from change_order c where c.order_id = o.id and c.status = 'approved')`.execute(db);
    expect(broken.rows[0]!.n).toBe(0);
  });
});
