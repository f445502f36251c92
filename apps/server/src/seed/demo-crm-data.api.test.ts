import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isChineseIdCard, type CrmOption, type Customer, type Lead, type PageResult, type Reservation } from '@care/shared';
import type { DB } from '../platform/db/schema.js';
import { createTestApp, type TestApp } from '../test/test-app.js';
import { releaseIdleLeads } from '../modules/lead/lead-pool.job.js';
import { seedDemoCrmDataIfEmpty } from './demo-crm-data.js';

const CONSULTANTS = { 'nanshan.sales1': 'NS', 'nanshan.sales2': 'NS', 'futian.sales1': 'FT', 'futian.sales2': 'FT' } as const;

describe('demo CRM records of the demo company', () => {
  let t: TestApp;
  let db: Kysely<DB>;
  const token: Record<string, string> = {};
  const userId: Record<string, string> = {};
  const store: Record<string, string> = {};

  const list = async <T>(path: string, who: string, body: Record<string, unknown> = {}) => {
    const res = await t.post<PageResult<T>>(path, { pageSize: 500, ...body }, { token: token[who] });
    expect(res.body.code).toBe('0');
    return res.body.result;
  };
  const count = async (query: ReturnType<typeof sql<{ n: string }>>) => Number((await query.execute(db)).rows[0]!.n);

  beforeAll(async () => {
    t = await createTestApp({ env: { DEMO_CRM_DATA: 'on' } });
    db = t.ctx.database.db;
    token.admin = await t.login();
    for (const name of [...Object.keys(CONSULTANTS), 'nanshan.manager', 'futian.manager']) {
      token[name] = await t.login(name, t.config.adminPassword);
      userId[name] = (await db.selectFrom('app_user').select('id').where('username', '=', name).executeTakeFirstOrThrow()).id;
    }
    for (const s of (await t.post<CrmOption[]>('/online/store/options', {}, { token: token.admin })).body.result) if (s.code) store[s.code] = s.id;
  }, 120_000);
  afterAll(() => t?.close());

  it('a year of leads, follow-ups, customers, babies and visits in both stores, seeded once', async () => {
    const leads = await count(sql`select count(*) as n from lead`);
    const customers = await count(sql`select count(*) as n from customer`);
    const visits = await count(sql`select count(*) as n from reservation`);
    expect(leads).toBeGreaterThanOrEqual(1_100);
    expect(leads).toBeLessThanOrEqual(1_300);
    expect(customers).toBeGreaterThanOrEqual(330);
    expect(customers).toBeLessThanOrEqual(480);
    expect(visits).toBeGreaterThanOrEqual(500);
    expect(visits).toBeLessThanOrEqual(720);
    expect(await count(sql`select count(*) as n from baby`)).toBeGreaterThan(100);
    expect(await count(sql`select count(*) as n from lead_channel`)).toBe(7);

    // Every lead status and both stores; the leads span the past year, none in the future.
    const statuses = (await sql<{ status: string; n: string }>`select status, count(*) as n from lead group by status`.execute(db)).rows;
    expect(statuses.map((s) => s.status).sort()).toEqual(['converted', 'following', 'invalid', 'lost', 'pending', 'visit_booked']);
    for (const code of ['NS', 'FT']) {
      expect(await count(sql`select count(*) as n from lead where preferred_store_id = ${store[code]}`)).toBeGreaterThan(400);
      expect(await count(sql`select count(*) as n from customer where store_id = ${store[code]}`)).toBeGreaterThan(130);
    }
    const span = (await sql<{ oldest: number; newest: number }>`
      select extract(epoch from now() - min(created_at)) / 86400 as oldest, extract(epoch from now() - max(created_at)) / 86400 as newest from lead`.execute(db)).rows[0]!;
    expect(Number(span.oldest)).toBeGreaterThan(300);
    expect(Number(span.oldest)).toBeLessThan(366);
    expect(Number(span.newest)).toBeGreaterThanOrEqual(0);
    // Due dates spread over the year: past and coming months.
    const months = await count(sql`select count(distinct date_trunc('month', due_date)) as n from customer`);
    expect(months).toBeGreaterThanOrEqual(12);

    // The pool holds some open leads; closed ones carry their reason; 2–6 follow-ups per followed lead.
    expect(await count(sql`select count(*) as n from lead where owner_id is null and status in ('pending', 'following') and released_at is not null`)).toBeGreaterThan(20);
    expect(await count(sql`select count(*) as n from lead where owner_id is null and status not in ('pending', 'following')`)).toBe(0);
    expect(await count(sql`select count(*) as n from lead where status in ('lost', 'invalid') and (close_reason is null or closed_at is null)`)).toBe(0);
    const perLead = (await sql<{ min: number; max: number }>`
      select min(n) as min, max(n) as max from (select count(*) as n from follow_up f join lead l on l.id = f.lead_id
      where l.status in ('following', 'visit_booked', 'converted', 'lost') group by f.lead_id) t`.execute(db)).rows[0]!;
    expect([Number(perLead.min), Number(perLead.max)]).toEqual([2, 6]);
    expect(await count(sql`select count(*) as n from follow_up f join lead l on l.id = f.lead_id where l.status = 'pending'`)).toBe(0);
    // Some open leads are overdue for their next follow-up, some are not.
    expect(await count(sql`select count(*) as n from lead where status = 'following' and next_follow_at < now()`)).toBeGreaterThan(10);
    expect(await count(sql`select count(*) as n from lead where status = 'following' and next_follow_at > now()`)).toBeGreaterThan(10);

    // Another start does not seed again.
    expect(await seedDemoCrmDataIfEmpty(db, t.config)).toBeNull();
    expect(await count(sql`select count(*) as n from lead`)).toBe(leads);
  });

  it('records hang together: conversions linked both ways, visits in the right states, valid phones and ID numbers', async () => {
    expect(await count(sql`select count(*) as n from lead where status = 'converted' and customer_id is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from customer c join lead l on l.id = c.lead_id where l.customer_id <> c.id or l.phone <> c.phone or l.owner_id is distinct from c.owner_id`)).toBe(0);
    expect(await count(sql`select count(*) as n from customer where lead_id is null`)).toBe(0);
    // Past visits are closed, coming ones pending; one pending visit per lead or customer; booked leads have theirs.
    expect(await count(sql`select count(*) as n from reservation where status = 'pending' and at < now()`)).toBe(0);
    expect(await count(sql`select count(*) as n from reservation where status <> 'pending' and (at > now() or closed_at is null)`)).toBe(0);
    expect(await count(sql`select count(*) as n from reservation where status = 'cancelled' and cancel_reason is null`)).toBe(0);
    expect(await count(sql`select count(*) as n from (select coalesce(lead_id, customer_id) from reservation where status = 'pending' group by 1 having count(*) > 1) t`)).toBe(0);
    expect(await count(sql`select count(*) as n from lead l where status = 'visit_booked' and not exists (select 1 from reservation r where r.lead_id = l.id and r.status = 'pending')`)).toBe(0);
    for (const status of ['pending', 'arrived', 'no_show', 'cancelled']) {
      expect(await count(sql`select count(*) as n from reservation where status = ${status}`)).toBeGreaterThan(10);
    }
    // Delivered customers have babies.
    expect(await count(sql`select count(*) as n from customer c where delivery_date is not null and not exists (select 1 from baby b where b.customer_id = c.id)`)).toBe(0);
    expect(await count(sql`select count(*) as n from customer where delivery_date is null and due_date < now() - interval '1 day'`)).toBe(0);

    const phones = (await sql<{ phone: string }>`select phone from lead`.execute(db)).rows.map((r) => r.phone);
    expect(new Set(phones).size).toBe(phones.length);
    for (const phone of phones) expect(phone).toMatch(/^1[58]\d{9}$/);
    const idNos = (await sql<{ id_no: string }>`select id_no from customer where id_no is not null`.execute(db)).rows;
    expect(idNos.length).toBeGreaterThan(200);
    for (const { id_no } of idNos) expect(isChineseIdCard(id_no)).toBe(true);
    const names = (await sql<{ name: string }>`select name from lead`.execute(db)).rows;
    for (const { name } of names) expect(name).toMatch(/^[\u4e00-\u9fa5]{2,3}$/);

    // The idle-release job leaves owned open leads with their consultant (their last contact is recent).
    expect(await releaseIdleLeads(db, 30)).toEqual([]);
  });

  it('each consultant sees only their own leads, customers and visits; a 店长 their store; admin the company', async () => {
    const total = async (path: string, who: string) => (await list(path, who)).total;
    for (const [name, code] of Object.entries(CONSULTANTS)) {
      const leads = await list<Lead>('/online/lead/list', name);
      expect(leads.total).toBe(await count(sql`select count(*) as n from lead where owner_id = ${userId[name]}`));
      expect(leads.total).toBeGreaterThan(150);
      expect(leads.records.every((l) => l.ownerId === userId[name] && l.preferredStoreId === store[code])).toBe(true);
      const customers = await list<Customer>('/online/customer/list', name);
      expect(customers.total).toBe(await count(sql`select count(*) as n from customer where owner_id = ${userId[name]}`));
      expect(customers.total).toBeGreaterThan(50);
      expect(customers.records.every((c) => c.ownerId === userId[name])).toBe(true);
      const visits = await list<Reservation>('/online/reservation/list', name);
      expect(visits.total).toBe(await count(sql`select count(*) as n from reservation where owner_id = ${userId[name]}`));
      expect(visits.records.every((v) => v.ownerId === userId[name])).toBe(true);
    }
    const allCustomers = await count(sql`select count(*) as n from customer`);
    expect(await total('/online/customer/list', 'admin')).toBe(allCustomers);
    const nanshan = await total('/online/customer/list', 'nanshan.manager');
    const futian = await total('/online/customer/list', 'futian.manager');
    expect(nanshan).toBe(await count(sql`select count(*) as n from customer where store_id = ${store.NS}`));
    expect(nanshan + futian).toBe(allCustomers);
    expect(await total('/online/lead/list', 'futian.manager')).toBe(await count(sql`select count(*) as n from lead where preferred_store_id = ${store.FT}`));
  });

  it('numbers drawn after the seed never collide with seeded ones, also today', async () => {
    const today = (await sql<{ d: string }>`select to_char(now() at time zone 'Asia/Shanghai', 'YYYYMMDD') as d`.execute(db)).rows[0]!.d;
    expect(await count(sql`select count(*) as n from lead where lead_no like ${`XS${today}%`}`)).toBeGreaterThan(0);
    const lead = await t.post<Lead>('/online/lead/add', { name: '测试新线索', phone: '13000000001', preferredStoreId: store.NS }, { token: token['nanshan.sales1'] });
    expect(lead.body.code).toBe('0');
    expect(lead.body.result.leadNo.startsWith(`XS${today}`)).toBe(true);
    const customer = await t.post<Customer>('/online/customer/add', { name: '测试新客户', phone: '13000000002', storeId: store.NS }, { token: token['nanshan.sales1'] });
    expect(customer.body.code).toBe('0');
    const visit = await t.post<Reservation>(
      '/online/reservation/add',
      { leadId: lead.body.result.id, storeId: store.NS, at: '2099-01-05 10:00', visitors: 2 },
      { token: token['nanshan.sales1'] },
    );
    expect(visit.body.code).toBe('0');
  });
});
