import pg from 'pg';

/** The marker row (seed_record) of a filled reports-bench database. */
export const REPORTS_FILL_MARKER = 'bench:reports:1000000';
export const ORDERS = 1_000_000;
export const PAYMENTS_PER_ORDER = 3;
export const CUSTOMERS = 200_000;
export const STAYS = 100_000;
export const SERVICES = 300_000;
export const LEADS = 300_000;
export const VISITS = 100_000;

export async function reportsFilled(url: string): Promise<boolean> {
  return withClient(url, async (client) => Boolean((await client.query('select 1 from seed_record where key = $1', [REPORTS_FILL_MARKER])).rowCount));
}

/**
 * Fills a migrated, demo-seeded database (the server started on it once) with set-based SQL over
 * generate_series: 200,000 customers, 1,000,000 orders over the past two years, 2,000,000 receivables
 * (定金 + 尾款), 3,000,000 payments (定金, 尾款, and an unallocated extra or a refund; ~92 % audited)
 * with 2,000,000 allocations, 100,000 stays, 300,000 services, 300,000 leads and 100,000 visits.
 * Foreign keys and triggers (the dirty-day marks among them) are off during the load
 * (session_replication_role = replica); the caller rebuilds the facts afterwards.
 */
export async function fillReports(url: string, log: (line: string) => void): Promise<void> {
  await withClient(url, async (client) => {
    const step = async (label: string, text: string, params: unknown[] = []) => {
      const started = Date.now();
      const result = await client.query(text, params);
      log(`  ${label}: ${result.rowCount ?? 0} rows, ${((Date.now() - started) / 1000).toFixed(1)} s`);
    };
    const { rows: [company] } = await client.query<{ id: string }>(`select id from company where code = 'YX'`);
    if (!company) throw new Error('the demo company is missing: start the server with DEMO_DATA=on on this database first');
    const c = company.id;
    await client.query('begin');
    await client.query(`set local session_replication_role = replica`);
    await client.query(`set local work_mem = '256MB'`);
    // Dimension tables numbered for hashed picks.
    await client.query(`create temp table b_store on commit drop as select id, (row_number() over (order by code) - 1)::int as n from store where company_id = $1`, [c]);
    await client.query(
      `create temp table b_product on commit drop as
       select p.id, p.current_version_id as vid, p.kind, p.room_type_id, (row_number() over (order by p.code) - 1)::int as n
       from product p where p.company_id = $1 and p.current_version_id is not null`,
      [c],
    );
    await client.query(`create temp table b_user on commit drop as select u.id, (row_number() over (order by u.username) - 1)::int as n from app_user u join user_company uc on uc.user_id = u.id where uc.company_id = $1`, [c]);
    await client.query(`create temp table b_channel on commit drop as select id, (row_number() over (order by name) - 1)::int as n from channel where company_id = $1`, [c]);
    await client.query(`create temp table b_lc on commit drop as select id, (row_number() over (order by code) - 1)::int as n from lead_channel where company_id = $1`, [c]);
    await client.query(`create temp table b_room on commit drop as select id, store_id, (row_number() over (order by store_id, room_no) - 1)::int as n from room where company_id = $1`, [c]);
    const counts = (await client.query<Record<string, number>>(
      `select (select count(*) from b_store)::int as stores, (select count(*) from b_product)::int as products, (select count(*) from b_user)::int as users,
              (select count(*) from b_channel)::int as channels, (select count(*) from b_lc)::int as lcs, (select count(*) from b_room)::int as rooms`,
    )).rows[0]!;
    log(`  demo dimensions: ${JSON.stringify(counts)}`);
    if (!counts.stores || !counts.products || !counts.rooms || !counts.users) throw new Error('demo stores, products, rooms or users are missing');

    await step(
      'customers',
      `insert into customer (company_id, customer_no, name, phone, store_id, lead_channel_id, status)
       select $1, 'RB' || lpad(g::text, 7, '0'), '报表客户' || g, '199' || lpad(g::text, 8, '0'),
              (select id from b_store where n = g % ${counts.stores}),
              case when ${counts.lcs} > 0 then (select id from b_lc where n = abs(hashint4(g)) % greatest(${counts.lcs}, 1)) end,
              'checked_out_settled'
       from generate_series(1, ${CUSTOMERS}) g`,
      [c],
    );
    await client.query(`create temp table b_customer on commit drop as select id, store_id, (row_number() over (order by customer_no) - 1)::int as n from customer where company_id = $1 and customer_no like 'RB%'`, [c]);
    await client.query(`create unique index on b_customer (n)`);
    // One row per order with everything derived from g (ids made up front, so receivables, payments and
    // allocations need no joins back).
    await step(
      'order plan',
      `create temp table b_o on commit drop as
       select g, gen_random_uuid() as id, cu.id as customer_id, cu.store_id, p.id as product_id, p.vid, p.kind, p.room_type_id,
              (select id from b_user where n = abs(hashint4(g + 7)) % ${counts.users}) as consultant_id,
              case when ${counts.channels} > 0 and g % 3 = 0 then (select id from b_channel where n = abs(hashint4(g + 11)) % greatest(${counts.channels}, 1)) end as channel_id,
              t.created_at,
              case when h < 6 then 'cancelled' when h < 20 then 'confirmed' when h < 30 then 'checked_in' when h < 45 then 'checked_out' else 'settled' end as status,
              (20000 + abs(hashint4(g + 3)) % 40000)::numeric(14, 2) as deal,
              (abs(hashint4(g + 5)) % 5000)::numeric(14, 2) as discount,
              gen_random_uuid() as r1, gen_random_uuid() as r2, gen_random_uuid() as p1, gen_random_uuid() as p2, gen_random_uuid() as p3,
              abs(hashint4(g + 13)) % 100 as s
       from generate_series(1, ${ORDERS}) g
       cross join lateral (select abs(hashint4(g + 1)) % 100 as h, now() - make_interval(secs => abs(hashint4(g + 2)) % (730 * 86400)) as created_at) t
       join b_customer cu on cu.n = g % ${CUSTOMERS}
       join b_product p on p.n = abs(hashint4(g + 4)) % ${counts.products}`,
    );
    await step(
      'orders',
      `insert into sales_order (id, company_id, order_no, customer_id, store_id, product_id, product_version_id, product_snapshot, room_type_id, days,
                                reference_price, floor_price, deal_price, discount, consultant_id, channel_id, status, created_at, updated_at, checked_in_at, cancelled_at)
       select id, $1, 'RB' || lpad(g::text, 8, '0'), customer_id, store_id, product_id, vid, jsonb_build_object('kind', kind), room_type_id, 28,
              deal + discount, deal, deal, discount, consultant_id, channel_id, status, created_at, created_at,
              case when status in ('checked_in', 'checked_out', 'settled') then least(now(), created_at + interval '30 days') end,
              case when status = 'cancelled' then created_at + interval '2 days' end
       from b_o`,
      [c],
    );
    // 定金 30 % due on the order day, 尾款 the rest 40 days later; received as the audited payments say.
    await step(
      'receivables',
      `insert into receivable (id, company_id, order_id, customer_id, store_id, item, due_date, amount, received, status, created_at)
       select r.id, $1, o.id, o.customer_id, o.store_id, r.item, r.due, r.amount, case when r.paid then r.amount else 0 end,
              case when r.paid then 'paid' else 'unpaid' end, o.created_at
       from b_o o cross join lateral (values
         (o.r1, 'deposit', (o.created_at at time zone 'Asia/Shanghai')::date, round(o.deal * 0.3, 2), o.s >= 8),
         (o.r2, 'final_payment', (o.created_at at time zone 'Asia/Shanghai')::date + 40, o.deal - round(o.deal * 0.3, 2), o.s >= 8 and o.status in ('checked_out', 'settled'))
       ) r(id, item, due, amount, paid)`,
      [c],
    );
    // Three payments an order: 定金 and 尾款 (audited unless s < 8: pending 5 %, rejected 3 %), and an
    // unallocated extra of 500 or, for one in three orders, a refund of 500.
    await step(
      'payments',
      `insert into payment (id, company_id, payment_no, customer_id, store_id, order_id, method, amount, unapplied, paid_at, status, created_at)
       select x.id, $1, 'RB' || lpad(o.g::text, 8, '0') || '-' || x.k, o.customer_id, o.store_id, o.id, x.method, x.amount, x.unapplied,
              least(now(), o.created_at + x.after), x.status, o.created_at
       from b_o o cross join lateral (values
         (o.p1, 1, (array['cash', 'pos', 'wechat', 'alipay', 'transfer'])[1 + o.g % 5], round(o.deal * 0.3, 2), 0::numeric, interval '1 hour',
          case when o.s < 5 then 'pending_audit' when o.s < 8 then 'rejected' else 'audited' end),
         (o.p2, 2, (array['cash', 'pos', 'wechat', 'alipay', 'transfer'])[1 + (o.g / 5) % 5], o.deal - round(o.deal * 0.3, 2), 0::numeric, interval '35 days',
          case when o.s < 5 then 'pending_audit' when o.s < 8 then 'rejected' else 'audited' end),
         (o.p3, 3, 'wechat', case when o.g % 3 = 0 then -500 else 500 end::numeric, case when o.g % 3 = 0 then -500 else 500 end::numeric, interval '36 days', 'audited')
       ) x(id, k, method, amount, unapplied, after, status)`,
      [c],
    );
    await step(
      'allocations',
      `insert into payment_allocation (company_id, payment_id, receivable_id, amount, created_at)
       select $1, a.payment_id, a.receivable_id, a.amount, o.created_at
       from b_o o cross join lateral (values (o.p1, o.r1, round(o.deal * 0.3, 2)), (o.p2, o.r2, o.deal - round(o.deal * 0.3, 2))) a(payment_id, receivable_id, amount)`,
      [c],
    );
    await step(
      'stays',
      `insert into room_stay (company_id, store_id, room_id, order_id, customer_id, start_date, end_date, status, created_at)
       select $1, rm.store_id, rm.id, o.id, o.customer_id, d, d + 28, case when d + 28 < current_date then 'ended' when d <= current_date then 'in_house' else 'booked' end, o.created_at
       from b_o o
       cross join lateral (select ((o.created_at at time zone 'Asia/Shanghai')::date + 30) as d) s
       join b_room rm on rm.n = o.g % ${counts.rooms}
       where o.g <= ${STAYS}`,
      [c],
    );
    await step(
      'services',
      `insert into service_order (company_id, service_no, order_id, customer_id, store_id, service_item, source, scheduled_at, status, completed_at, created_at)
       select $1, 'RB' || lpad(o.g::text, 8, '0'), o.id, o.customer_id, o.store_id, (array['bath', 'massage', 'newborn_care', 'lactation'])[1 + o.g % 4],
              case when o.g % 5 = 0 then 'extra' else 'package' end, o.created_at + interval '31 days',
              case when o.g % 10 = 0 then 'cancelled' else 'completed' end,
              case when o.g % 10 <> 0 then least(now(), o.created_at + interval '31 days 2 hours') end, o.created_at
       from b_o o where o.g <= ${SERVICES}`,
      [c],
    );
    await step(
      'leads',
      `insert into lead (company_id, lead_no, name, phone, lead_channel_id, preferred_store_id, status, created_at)
       select $1, 'RB' || lpad(g::text, 7, '0'), '报表线索' || g, '188' || lpad(g::text, 8, '0'),
              case when ${counts.lcs} > 0 then (select id from b_lc where n = abs(hashint4(g + 17)) % greatest(${counts.lcs}, 1)) end,
              case when g % 7 = 0 then null else (select id from b_store where n = g % ${counts.stores}) end,
              'converted', now() - make_interval(secs => abs(hashint4(g + 19)) % (730 * 86400))
       from generate_series(1, ${LEADS}) g`,
      [c],
    );
    await step(
      'visits',
      `insert into reservation (company_id, reservation_no, kind, status, lead_id, store_id, at, created_at)
       select $1, 'RB' || lpad(row_number() over ()::text, 7, '0'), 'visit', case when row_number() over () % 4 = 0 then 'no_show' else 'arrived' end,
              l.id, coalesce(l.preferred_store_id, (select id from b_store where n = 0)), least(now(), l.created_at + interval '3 days'), l.created_at
       from lead l where l.company_id = $1 and l.lead_no like 'RB%' and l.lead_no <= 'RB' || lpad('${VISITS}', 7, '0')`,
      [c],
    );
    await client.query(`insert into seed_record (key) values ($1) on conflict do nothing`, [REPORTS_FILL_MARKER]);
    await client.query('commit');
    const started = Date.now();
    await client.query('vacuum analyze');
    log(`  vacuum analyze: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });
}

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } catch (err) {
    await client.query('rollback').catch(() => undefined);
    throw err;
  } finally {
    await client.end();
  }
}
