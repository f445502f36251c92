-- 订单服务 totals as a daily fact (module report-facts, docs/reports.md "Facts"): the report's totals
-- row summed every order checked in during the period and its completed services (a year of a large
-- company: ~430,000 orders read per call). Orders checked in (在住 / 已退房 / 已结算), day = check-in
-- day: their count, the package allowance (Σ quantity of the counted, not 按需, items of the product
-- snapshot) and the completed services' quantity, 套餐内 and 加购, whenever they were completed.

create table fact_serve_day (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  orders integer not null,
  allowance bigint not null,
  package_used bigint not null,
  extra_used bigint not null
);
create index fact_serve_day_idx on fact_serve_day (company_id, day);
create index fact_serve_day_store_idx on fact_serve_day (company_id, store_id, day);

alter table fact_dirty_day drop constraint fact_dirty_day_fact_check;
alter table fact_dirty_day add constraint fact_dirty_day_fact_check
  check (fact in ('order', 'payment', 'receivable', 'room_night', 'service', 'funnel', 'serve'));

-- An order's check-in day is dirty for 'serve' too (its check-in, status, store or snapshot changed).
create or replace function fact_dirty_sales_order() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, f.fact, f.day from fact_new n
    cross join lateral (values ('order', fact_day(n.created_at)), ('funnel', fact_day(n.created_at)), ('funnel', fact_day(n.checked_in_at)),
                               ('serve', fact_day(n.checked_in_at))) f(fact, day)
    where f.day is not null
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, f.fact, f.day from fact_old o
    cross join lateral (values ('order', fact_day(o.created_at)), ('funnel', fact_day(o.created_at)), ('funnel', fact_day(o.checked_in_at)),
                               ('serve', fact_day(o.checked_in_at))) f(fact, day)
    where f.day is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- A completed service (before or after the change) makes its order's check-in day dirty for 'serve'.
create or replace function fact_dirty_service_order() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'service', fact_day(n.completed_at) from fact_new n where n.completed_at is not null
    on conflict do nothing;
    insert into fact_dirty_day (company_id, fact, day)
    select distinct so.company_id, 'serve', fact_day(so.checked_in_at)
    from fact_new n join sales_order so on so.id = n.order_id
    where n.status = 'completed' and so.checked_in_at is not null
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'service', fact_day(o.completed_at) from fact_old o where o.completed_at is not null
    on conflict do nothing;
    insert into fact_dirty_day (company_id, fact, day)
    select distinct so.company_id, 'serve', fact_day(so.checked_in_at)
    from fact_old o join sales_order so on so.id = o.order_id
    where o.status = 'completed' and so.checked_in_at is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- Existing orders: every check-in day is dirty (the first read or the job computes it).
insert into fact_dirty_day (company_id, fact, day)
select distinct company_id, 'serve', fact_day(checked_in_at) from sales_order where checked_in_at is not null
on conflict do nothing;
