import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DB } from '../platform/db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { seedDemoTradeIfEmpty } from './demo-trade-data.js';

describe('demo transactions of the demo company', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const rows = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(db)).rows;
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_CRM_DATA: 'on' } });
    db = t.ctx.database.db;
  }, 180_000);
  afterAll(() => t?.close());

  it('orders in every state over a year, in both stores, seeded once', async () => {
    const states = await rows<{ status: string; n: string }>(sql`select status, count(*) as n from sales_order group by status`);
    expect(states.map((s) => s.status).sort()).toEqual(['cancelled', 'checked_in', 'checked_out', 'confirmed', 'draft', 'pending_audit', 'settled']);
    expect(await count(sql`select count(*) as n from sales_order`)).toBeGreaterThan(200);
    expect(await count(sql`select count(distinct store_id) as n from sales_order`)).toBe(2);
    const span = (await rows<{ oldest: string; newest: string }>(sql`select min(planned_check_in)::text as oldest, max(planned_check_in)::text as newest from sales_order`))[0]!;
    expect(Date.now() - Date.parse(span.oldest)).toBeGreaterThan(300 * 86_400_000);
    expect(Date.parse(span.newest)).toBeGreaterThan(Date.now());
    expect(await seedDemoTradeIfEmpty(db, t.config)).toBeNull();
  });

  it('money holds: every receivable received = its audited allocations, never over its amount', async () => {
    const wrong = await count(sql`
      select count(*) as n from receivable r
       where r.received <> coalesce((select sum(a.amount) from payment_allocation a join payment p on p.id = a.payment_id
                                      where a.receivable_id = r.id and p.status = 'audited'), 0)
          or r.received > r.amount
          or r.status <> case when r.received = 0 then 'unpaid' when r.received < r.amount then 'partial' else 'paid' end`);
    expect(wrong).toBe(0);
    // Settled orders owe nothing; each payment's allocations add up to it.
    expect(await count(sql`select count(*) as n from receivable r join sales_order o on o.id = r.order_id where o.status = 'settled' and r.received < r.amount`)).toBe(0);
    expect(await count(sql`select count(*) as n from payment p where p.amount - p.unapplied <> coalesce((select sum(a.amount) from payment_allocation a where a.payment_id = p.id), 0)`)).toBe(0);
    // A cancelled order's deposit went back through an approved refund change order.
    expect(await count(sql`select count(*) as n from sales_order o where o.status = 'cancelled' and not exists (select 1 from change_order c where c.order_id = o.id and c.kind = 'refund' and c.status = 'approved')`)).toBe(0);
  });

  it('the plan equals the price (docs/ledger.md): every order past 草稿/待审核 has Σ amount + Σ written off = deal + Σ plan_delta; net money in never below zero', async () => {
    const off = await rows<{ order_no: string }>(sql`
      select o.order_no from sales_order o
       where o.status not in ('draft', 'pending_audit')
         and (select coalesce(sum(r.amount + r.written_off), 0) from receivable r where r.order_id = o.id)
             <> o.deal_price + (select coalesce(sum(c.plan_delta), 0) from change_order c where c.order_id = o.id and c.status = 'approved')`);
    expect(off).toEqual([]);
    expect(await count(sql`select count(*) as n from sales_order o where (select coalesce(sum(p.amount), 0) from payment p where p.order_id = o.id and p.status = 'audited') < 0`)).toBe(0);
  });

  it('extensions keep the deal (docs/ledger.md): an extended order keeps its contract\'s deal; the 续住 is a line of its own, plan_delta its amount, discount its reference less its amount', async () => {
    expect(await count(sql`select count(*) as n from change_order where kind = 'extend' and status = 'approved'`)).toBeGreaterThan(0);
    expect(await rows(sql`
      select o.order_no from sales_order o join change_order c on c.order_id = o.id and c.kind = 'extend' and c.status = 'approved'
        join contract k on k.order_id = o.id and k.change_order_id is null
       where k.amount <> o.deal_price or o.discount <> o.reference_price - o.deal_price`)).toEqual([]);
    expect(await rows(sql`
      select change_no from change_order
       where kind = 'extend' and status = 'approved'
         and (plan_delta <> amount_delta or reference_delta < amount_delta or discount_delta <> reference_delta - amount_delta)`)).toEqual([]);
    // Each has its 补充协议, and an order's contracts still binding (its contract + agreements) add up to its plan (客户360: 合同金额 = 应收合计).
    expect(await rows(sql`select c.change_no from change_order c where c.kind = 'extend' and c.status = 'approved' and not exists (select 1 from contract k where k.change_order_id = c.id and k.amount = c.amount_delta)`)).toEqual([]);
    expect(await rows(sql`
      select o.order_no from sales_order o
       where o.status not in ('draft', 'pending_audit', 'cancelled')
         and exists (select 1 from contract k where k.order_id = o.id and k.status not in ('voided', 'terminated'))
         and (select sum(k.amount) from contract k where k.order_id = o.id and k.status not in ('voided', 'terminated'))
             <> (select coalesce(sum(r.amount + r.written_off), 0) from receivable r where r.order_id = o.id)`)).toEqual([]);
  });

  it('obeys 四眼原则 (docs/money.md): no payment, refund or reversal audited, no change order or discount approved by the person who made it', async () => {
    // The demo has them: audited payments and refunds, approved change orders of both kinds.
    expect(await count(sql`select count(*) as n from payment where status = 'audited' and amount < 0`)).toBeGreaterThan(0);
    expect(await count(sql`select count(*) as n from change_order_approval a join change_order c on c.id = a.change_order_id where c.kind = 'extend'`)).toBeGreaterThan(0);
    expect(await rows(sql`select payment_no from payment where audited_by = created_by`)).toEqual([]);
    expect(await rows(sql`select c.change_no, a.step from change_order_approval a join change_order c on c.id = a.change_order_id where a.approver_id = c.created_by`)).toEqual([]);
    expect(await rows(sql`select order_no from sales_order where approved_by = created_by`)).toEqual([]);
  });

  it('rooms and customers follow the orders: no double booking, statuses consistent', async () => {
    expect(await count(sql`
      select count(*) as n from room_stay a join room_stay b on a.room_id = b.room_id and a.id < b.id
       where a.status <> 'cancelled' and b.status <> 'cancelled' and daterange(a.start_date, a.end_date) && daterange(b.start_date, b.end_date)`)).toBe(0);
    // Who is in house is 已入住 in a room 在住 or 预退房; each checked-in order has exactly that stay.
    expect(await count(sql`
      select count(*) as n from room_stay s join customer c on c.id = s.customer_id join room r on r.id = s.room_id
       where s.status = 'in_house' and (c.status <> 'checked_in' or r.status not in ('occupied', 'checking_out'))`)).toBe(0);
    expect(await count(sql`select count(*) as n from sales_order o where o.status = 'checked_in' and (select count(*) from room_stay s where s.order_id = o.id and s.status = 'in_house') <> 1`)).toBe(0);
    expect(await count(sql`select count(*) as n from room r where r.status in ('occupied', 'checking_out') and not exists (select 1 from room_stay s where s.room_id = r.id and s.status = 'in_house')`)).toBe(0);
    const customerStates = await rows<{ order_status: string; customer_status: string }>(sql`
      select distinct o.status as order_status, c.status as customer_status from sales_order o join customer c on c.id = o.customer_id`);
    const allowed: Record<string, string[]> = {
      draft: ['intention'], pending_audit: ['intention'], cancelled: ['intention'], confirmed: ['room_booked', 'contract_audited'],
      checked_in: ['checked_in'], checked_out: ['checked_out_unsettled'], settled: ['checked_out_settled'],
    };
    for (const s of customerStates) expect(allowed[s.order_status]).toContain(s.customer_status);
  });

  it('services consume the package allowance and no more', async () => {
    expect(await count(sql`select count(*) as n from service_order where status = 'completed'`)).toBeGreaterThan(500);
    const over = await count(sql`
      select count(*) as n from (
        select s.order_id, s.service_item, sum(s.quantity) as used,
               (select (i->>'quantity')::int from sales_order o, jsonb_array_elements(o.product_snapshot->'items') i
                 where o.id = s.order_id and i->>'serviceItem' = s.service_item) as allowed
          from service_order s where s.source = 'package' and s.status = 'completed' group by s.order_id, s.service_item) u
       where u.allowed is not null and u.used > u.allowed`);
    expect(over).toBe(0);
  });
});

describe('demo roles and the transactions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_CRM_DATA: 'on' } });
  }, 180_000);
  afterAll(() => t?.close());

  it("a 店长 lists her store's orders only; 财务 every store's payments", async () => {
    const db = t.ctx.database.db;
    const stores = new Map((await db.selectFrom('store').select(['id', 'code']).execute()).map((s) => [s.code, s.id]));
    const manager = await t.login('nanshan.manager', t.config.adminPassword);
    const orders = await t.post<{ records: { storeId: string }[]; total: number }>('/online/order/list', { pageSize: 200 }, { token: manager });
    expect(orders.body.code).toBe('0');
    expect(orders.body.result.total).toBeGreaterThan(20);
    expect(new Set(orders.body.result.records.map((o) => o.storeId))).toEqual(new Set([stores.get('NS')]));
    const finance = await t.login('hq.finance', t.config.adminPassword);
    const payments = await t.post<{ records: { storeId: string }[] }>('/online/payment/list', { pageSize: 500 }, { token: finance });
    expect(payments.body.code).toBe('0');
    expect(new Set(payments.body.result.records.map((p) => p.storeId))).toEqual(new Set([stores.get('NS'), stores.get('FT')]));
  });
});
