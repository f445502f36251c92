import pg from 'pg';

/** The marker row (seed_record) of a filled customer-bench database. */
export const FILL_MARKER = 'bench:customers:1000000';
export const CUSTOMERS = 1_000_000;
export const FOLLOW_UPS_PER_CUSTOMER = 2;

/** Creates the database when missing; answers whether it was created. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<{ url: string; created: boolean }> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (!exists.rowCount) await client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    return { url: url.toString(), created: !exists.rowCount };
  } finally {
    await client.end();
  }
}

export async function isFilled(url: string): Promise<boolean> {
  return withClient(url, async (client) => Boolean((await client.query('select 1 from seed_record where key = $1', [FILL_MARKER])).rowCount));
}

/**
 * Fills a migrated and demo-seeded database (the server started on it once) with 3 more stores, 16
 * more consultants (20 in all, 4 per store), 1,000,000 customers and 2,000,000 follow-ups: set-based
 * SQL over generate_series, then VACUUM ANALYZE (statistics and the visibility map for index-only
 * scans). Customers: unique phones over 14 mobile prefixes, due dates over two years around today,
 * created over the past two years, statuses in realistic shares.
 */
export async function fillCustomers(url: string, log: (line: string) => void): Promise<void> {
  await withClient(url, async (client) => {
    const started = Date.now();
    await client.query('begin');
    const { rows: [company] } = await client.query<{ id: string }>(`select id from company where code = 'YX'`);
    if (!company) throw new Error('the demo company is missing: start the server with DEMO_DATA=on on this database first');
    await client.query(
      `insert into store (company_id, code, name, region, modes, sort)
       select $1, code, name, '深圳', '{hospital,home}', sort from (values ('BA', '宝安店', 3), ('LH', '龙华店', 4), ('LW', '罗湖店', 5)) v(code, name, sort)
       on conflict (company_id, code) do nothing`,
      [company.id],
    );
    // 16 more consultants (they own customers; only the demo users sign in).
    await client.query(
      `with added as (
         insert into app_user (username, password_hash, first_name, default_company_id)
         select 'bench.sales' || lpad(g::text, 2, '0'), '!', '顾问' || g, $1 from generate_series(1, 16) g
         on conflict do nothing returning id)
       insert into user_company (user_id, company_id, is_default) select id, $1, true from added`,
      [company.id],
    );
    await createOwnerTable(client, company.id);

    log(`  filling ${CUSTOMERS.toLocaleString('en')} customers…`);
    // hashint4 spreads g over owners, dates and statuses without patterns between the columns.
    await client.query(
      `insert into customer (company_id, customer_no, name, phone, due_date, owner_id, store_id, status, level, parity, tags,
                             next_follow_at, last_follow_at, created_at, updated_at, created_by, updated_by)
       select $1, 'BK' || lpad(g::text, 8, '0'),
              (string_to_array('王李张刘陈杨黄赵吴周徐孙马朱胡郭何高林罗郑梁谢宋唐许韩冯邓曹彭曾萧田董袁潘蒋蔡余', null))[1 + g % 40]
                || (string_to_array('静怡,雨桐,欣然,梓涵,诗涵,若汐,语嫣,子萱,雅琴,淑华,慧敏,婉清,晓彤,梦瑶,嘉琪,海燕,丽华,美玲,秋菊,月华', ','))[1 + (g / 40) % 20],
              (array['135','136','137','138','139','150','151','152','158','159','186','187','188','189'])[1 + g % 14]
                || lpad(((g / 14) * 1103)::text, 8, '0'),
              current_date - 365 + (h.due % 730)::int,
              o.user_id, o.store_id,
              case when h.st < 45 then 'intention' when h.st < 50 then 'contract_unaudited' when h.st < 60 then 'contract_audited'
                   when h.st < 68 then 'room_booked' when h.st < 72 then 'checked_in' when h.st < 75 then 'checked_out_unsettled'
                   when h.st < 90 then 'checked_out_settled' when h.st < 98 then 'lost' else 'walk_in' end,
              (array['normal','normal','normal','vip','svip'])[1 + h.st % 5], 1 + h.st % 2, '{}',
              now() + ((h.due % 60) - 20) * interval '1 day', now() - (h.due % 90) * interval '1 day',
              now() - (h.created % (730 * 86400)) * interval '1 second', now() - (h.created % (730 * 86400)) * interval '1 second',
              o.user_id, o.user_id
       from generate_series(1, ${CUSTOMERS}) g
       cross join lateral (select (hashint4(g) & 2147483647)::bigint as own, (hashint4(g + 7919) & 2147483647)::bigint as due,
                                  (hashint4(g + 104729) & 2147483647)::bigint % 100 as st, (hashint4(g + 15485863) & 2147483647)::bigint as created) h
       join bench_owner o on o.n = h.own % 20`,
      [company.id],
    );
    log(`  ${secondsSince(started)} s; filling ${(CUSTOMERS * FOLLOW_UPS_PER_CUSTOMER).toLocaleString('en')} follow-ups…`);
    await client.query(
      `insert into follow_up (company_id, customer_id, type, way, content, next_follow_at, created_by, created_at, updated_by, updated_at)
       select $1, c.id, (array['sales','consult','revisit','visit'])[1 + n % 4], (array['phone','wechat','face_to_face','in_store'])[1 + (n + 1) % 4],
              (array['电话回访，客户对28天套餐感兴趣', '微信发送月子餐菜单和房型视频', '客户到店参观，确认入住时间', '产后回访，妈妈和宝宝状况良好'])[1 + n % 4],
              c.next_follow_at, c.owner_id, c.created_at + n * interval '3 days', c.owner_id, c.created_at + n * interval '3 days'
       from customer c cross join generate_series(1, ${FOLLOW_UPS_PER_CUSTOMER}) n
       where c.company_id = $1 and c.customer_no like 'BK%'`,
      [company.id],
    );
    await client.query(`insert into seed_record (key) values ($1)`, [FILL_MARKER]);
    await client.query('commit');
    log(`  ${secondsSince(started)} s; VACUUM ANALYZE…`);
    await client.query('vacuum analyze customer');
    await client.query('vacuum analyze follow_up');
    log(`  filled in ${secondsSince(started)} s`);
  });
}

/**
 * The temporary table bench_owner (dropped at commit): owner n (0–19) is a consultant of store n / 4;
 * NS and FT have their two demo consultants plus two bench ones each.
 */
async function createOwnerTable(client: pg.Client, companyId: string): Promise<void> {
  await client.query(`create temporary table bench_owner (n int primary key, user_id uuid not null, store_id uuid not null) on commit drop`);
  await client.query(
    `insert into bench_owner
     select row_number() over (order by s.sort, u.username) - 1, u.id, s.id
     from (values ('NS', 'nanshan.sales1'), ('NS', 'nanshan.sales2'), ('NS', 'bench.sales01'), ('NS', 'bench.sales02'),
                  ('FT', 'futian.sales1'), ('FT', 'futian.sales2'), ('FT', 'bench.sales03'), ('FT', 'bench.sales04'),
                  ('BA', 'bench.sales05'), ('BA', 'bench.sales06'), ('BA', 'bench.sales07'), ('BA', 'bench.sales08'),
                  ('LH', 'bench.sales09'), ('LH', 'bench.sales10'), ('LH', 'bench.sales11'), ('LH', 'bench.sales12'),
                  ('LW', 'bench.sales13'), ('LW', 'bench.sales14'), ('LW', 'bench.sales15'), ('LW', 'bench.sales16')) v(store, username)
     join app_user u on u.username = v.username
     join store s on s.code = v.store and s.company_id = $1`,
    [companyId],
  );
  const owners = Number((await client.query<{ n: string }>('select count(*) as n from bench_owner')).rows[0]!.n);
  if (owners !== 20) throw new Error(`expected 20 consultants, found ${owners}`);
}

/** The marker row of the leads added for the lead list's EXPLAIN check. */
export const LEAD_FILL_MARKER = 'bench:leads:600000';
export const LEADS = 600_000;

export async function leadsFilled(url: string): Promise<boolean> {
  return withClient(url, async (client) => Boolean((await client.query('select 1 from seed_record where key = $1', [LEAD_FILL_MARKER])).rowCount));
}

/**
 * Adds 600,000 leads to a filled customer-bench database, for the lead list's plans: owned by the 20
 * consultants (their store preferred), one in ten in the pool (公海) with a release time, statuses
 * across the lifecycle, created over two years, due dates over two years around today.
 */
export async function fillLeads(url: string, log: (line: string) => void): Promise<void> {
  await withClient(url, async (client) => {
    const started = Date.now();
    log(`  filling ${LEADS.toLocaleString('en')} leads…`);
    await client.query('begin');
    const { rows: [company] } = await client.query<{ id: string }>(`select id from company where code = 'YX'`);
    if (!company) throw new Error('the demo company is missing');
    await createOwnerTable(client, company.id);
    await client.query(
      `insert into lead (company_id, lead_no, name, phone, preferred_store_id, owner_id, status, close_reason, intention_grade,
                         due_date, assigned_at, released_at, next_follow_at, created_at, updated_at)
       select $1, 'BL' || lpad(g::text, 9, '0'), '线索' || g, '166' || lpad(g::text, 8, '0'), o.store_id,
              case when h.st % 10 = 0 then null else o.user_id end,
              s.status, case when s.status in ('lost', 'invalid') then '批量数据' end, (array['A','B','C','D','E'])[1 + h.st % 5],
              current_date - 365 + (h.due % 730)::int,
              case when h.st % 10 <> 0 then now() - (h.created % (730 * 86400)) * interval '1 second' end,
              case when h.st % 10 = 0 then now() - (h.due % 300) * interval '1 day' end,
              now() + ((h.due % 60) - 20) * interval '1 day',
              now() - (h.created % (730 * 86400)) * interval '1 second', now() - (h.created % (730 * 86400)) * interval '1 second'
       from generate_series(1, ${LEADS}) g
       cross join lateral (select (hashint4(g + 31) & 2147483647)::bigint as own, (hashint4(g + 7927) & 2147483647)::bigint as due,
                                  (hashint4(g + 104723) & 2147483647)::bigint % 100 as st, (hashint4(g + 15485867) & 2147483647)::bigint as created) h
       cross join lateral (select case when h.st < 25 then 'pending' when h.st < 55 then 'following' when h.st < 65 then 'visit_booked'
                                       when h.st < 80 then 'converted' when h.st < 95 then 'lost' else 'invalid' end as status) s
       join bench_owner o on o.n = h.own % 20`,
      [company.id],
    );
    await client.query(`insert into seed_record (key) values ($1)`, [LEAD_FILL_MARKER]);
    await client.query('commit');
    await client.query('vacuum analyze lead');
    log(`  leads filled in ${secondsSince(started)} s`);
  });
}

const secondsSince = (start: number) => ((Date.now() - start) / 1000).toFixed(0);

export async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}
