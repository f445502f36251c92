-- Daily facts behind reports, BI and screens (module report-facts, docs/reports.md "Facts"). Each fact
-- table holds one company's aggregates per Shanghai day and dimensions; the module recomputes a day
-- from the records when the statement triggers below have marked it in fact_dirty_day, so a figure is
-- never stale and a read never scans a whole source table. Dimension names are joined at read time.

create function fact_day(at timestamptz) returns date language sql immutable as $$
  select (at at time zone 'Asia/Shanghai')::date
$$;

-- 订单: sales_order not 草稿, day = created day; cancelled orders count only in `cancelled`.
create table fact_order_day (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  consultant_id uuid,
  channel_id uuid,
  -- order → customer (→ its lead) lead channel.
  lead_channel_id uuid,
  product_id uuid not null,
  product_kind text not null,
  room_type_id uuid,
  orders integer not null,
  deal_total numeric(16, 2) not null,
  reference_total numeric(16, 2) not null,
  discount_total numeric(16, 2) not null,
  cancelled integer not null
);
create index fact_order_day_idx on fact_order_day (company_id, day);
create index fact_order_day_store_idx on fact_order_day (company_id, store_id, day);

-- 收款: audited payments, day = paid_at day, item from the allocations (the unallocated rest is
-- `unapplied`); a negative payment counts in `refunded` as a positive amount. A payment counts once in
-- `payments`, on its first item (so a sum over items counts each payment once).
create table fact_payment_day (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  method text not null,
  item text not null,
  received numeric(16, 2) not null,
  refunded numeric(16, 2) not null,
  payments integer not null
);
create index fact_payment_day_idx on fact_payment_day (company_id, day);
create index fact_payment_day_store_idx on fact_payment_day (company_id, store_id, day);

-- 应收: by due day and item; outstanding = amount - received.
create table fact_receivable_day (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  item text not null,
  amount numeric(16, 2) not null,
  received numeric(16, 2) not null,
  receivables integer not null
);
create index fact_receivable_day_idx on fact_receivable_day (company_id, day);
create index fact_receivable_day_store_idx on fact_receivable_day (company_id, store_id, day);

-- 间夜: room_stay booked / in_house / ended covering the night (start_date <= day < end_date).
create table fact_room_night_day (
  company_id uuid not null,
  store_id uuid not null,
  room_type_id uuid not null,
  day date not null,
  occupied integer not null
);
create index fact_room_night_day_idx on fact_room_night_day (company_id, day);
create index fact_room_night_day_store_idx on fact_room_night_day (company_id, store_id, day);

-- 服务: service_order 已完成, day = completion day.
create table fact_service_day (
  company_id uuid not null,
  store_id uuid not null,
  day date not null,
  item text not null,
  source text not null,
  completed integer not null
);
create index fact_service_day_idx on fact_service_day (company_id, day);
create index fact_service_day_store_idx on fact_service_day (company_id, store_id, day);

-- 漏斗: leads created (store = preferred store, may be none), 参观 arrived (day of the visit), orders
-- (not 草稿, not cancelled; created day), orders checked in (check-in day).
create table fact_funnel_day (
  company_id uuid not null,
  store_id uuid,
  day date not null,
  lead_channel_id uuid,
  leads integer not null,
  visits integer not null,
  orders integer not null,
  check_ins integer not null
);
create index fact_funnel_day_idx on fact_funnel_day (company_id, day);
create index fact_funnel_day_store_idx on fact_funnel_day (company_id, store_id, day);

-- The (company, fact, day) pairs a change touched, recomputed by the next read or the minute job.
create table fact_dirty_day (
  company_id uuid not null,
  fact text not null check (fact in ('order', 'payment', 'receivable', 'room_night', 'service', 'funnel')),
  day date not null,
  primary key (company_id, fact, day)
);

-- Source indexes the day recomputation reads through (by company and day).
create index if not exists receivable_company_due_idx on receivable (company_id, due_date);
create index if not exists room_stay_company_period_idx on room_stay (company_id, start_date, end_date);
create index if not exists service_order_completed_idx on service_order (company_id, completed_at) where completed_at is not null;
create index if not exists sales_order_checked_in_idx on sales_order (company_id, checked_in_at) where checked_in_at is not null;
create index if not exists payment_allocation_payment_idx on payment_allocation (payment_id);

-- Statement triggers (transition tables): one insert per statement, whatever the number of rows.
create function fact_dirty_sales_order() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, f.fact, f.day from fact_new n
    cross join lateral (values ('order', fact_day(n.created_at)), ('funnel', fact_day(n.created_at)), ('funnel', fact_day(n.checked_in_at))) f(fact, day)
    where f.day is not null
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, f.fact, f.day from fact_old o
    cross join lateral (values ('order', fact_day(o.created_at)), ('funnel', fact_day(o.created_at)), ('funnel', fact_day(o.checked_in_at))) f(fact, day)
    where f.day is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_payment() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'payment', fact_day(n.paid_at) from fact_new n
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'payment', fact_day(o.paid_at) from fact_old o
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_payment_allocation() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct p.company_id, 'payment', fact_day(p.paid_at) from fact_new n join payment p on p.id = n.payment_id
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct p.company_id, 'payment', fact_day(p.paid_at) from fact_old o join payment p on p.id = o.payment_id
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_receivable() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'receivable', n.due_date from fact_new n
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'receivable', o.due_date from fact_old o
    on conflict do nothing;
  end if;
  if tg_op = 'UPDATE' then
    -- A receivable's item or store names the item and store of the payments allocated to it.
    insert into fact_dirty_day (company_id, fact, day)
    select distinct p.company_id, 'payment', fact_day(p.paid_at)
    from fact_new n join fact_old o on o.id = n.id
    join payment_allocation a on a.receivable_id = n.id
    join payment p on p.id = a.payment_id
    where o.item <> n.item
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_room_stay() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'room_night', d::date from fact_new n
    cross join lateral generate_series(n.start_date, n.end_date - 1, interval '1 day') d
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'room_night', d::date from fact_old o
    cross join lateral generate_series(o.start_date, o.end_date - 1, interval '1 day') d
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_service_order() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'service', fact_day(n.completed_at) from fact_new n where n.completed_at is not null
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'service', fact_day(o.completed_at) from fact_old o where o.completed_at is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_lead() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'funnel', fact_day(n.created_at) from fact_new n
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'funnel', fact_day(o.created_at) from fact_old o
    on conflict do nothing;
  end if;
  if tg_op = 'UPDATE' then
    -- A lead's channel is the lead channel of its visits.
    insert into fact_dirty_day (company_id, fact, day)
    select distinct r.company_id, 'funnel', fact_day(r.at)
    from fact_new n join fact_old o on o.id = n.id
    join reservation r on r.lead_id = n.id and r.kind = 'visit'
    where o.lead_channel_id is distinct from n.lead_channel_id and r.at is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

create function fact_dirty_reservation() returns trigger language plpgsql as $$
begin
  if tg_op <> 'DELETE' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct n.company_id, 'funnel', fact_day(n.at) from fact_new n where n.kind = 'visit' and n.at is not null
    on conflict do nothing;
  end if;
  if tg_op <> 'INSERT' then
    insert into fact_dirty_day (company_id, fact, day)
    select distinct o.company_id, 'funnel', fact_day(o.at) from fact_old o where o.kind = 'visit' and o.at is not null
    on conflict do nothing;
  end if;
  return null;
end
$$;

-- A room's type (or store) is the room type of the nights of its stays.
create function fact_dirty_room() returns trigger language plpgsql as $$
begin
  insert into fact_dirty_day (company_id, fact, day)
  select distinct s.company_id, 'room_night', d::date
  from fact_new n join fact_old o on o.id = n.id
  join room_stay s on s.room_id = n.id
  cross join lateral generate_series(s.start_date, s.end_date - 1, interval '1 day') d
  where o.room_type_id <> n.room_type_id or o.store_id <> n.store_id
  on conflict do nothing;
  return null;
end
$$;

-- A customer's lead channel is the lead channel of its orders.
create function fact_dirty_customer() returns trigger language plpgsql as $$
begin
  insert into fact_dirty_day (company_id, fact, day)
  select distinct so.company_id, f.fact, f.day
  from fact_new n join fact_old o on o.id = n.id
  join sales_order so on so.customer_id = n.id
  cross join lateral (values ('order', fact_day(so.created_at)), ('funnel', fact_day(so.created_at)), ('funnel', fact_day(so.checked_in_at))) f(fact, day)
  where (o.lead_channel_id is distinct from n.lead_channel_id or o.lead_id is distinct from n.lead_id) and f.day is not null
  on conflict do nothing;
  return null;
end
$$;

create trigger fact_dirty_sales_order_ins after insert on sales_order referencing new table as fact_new for each statement execute function fact_dirty_sales_order();
create trigger fact_dirty_sales_order_upd after update on sales_order referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_sales_order();
create trigger fact_dirty_sales_order_del after delete on sales_order referencing old table as fact_old for each statement execute function fact_dirty_sales_order();

create trigger fact_dirty_payment_ins after insert on payment referencing new table as fact_new for each statement execute function fact_dirty_payment();
create trigger fact_dirty_payment_upd after update on payment referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_payment();
create trigger fact_dirty_payment_del after delete on payment referencing old table as fact_old for each statement execute function fact_dirty_payment();

create trigger fact_dirty_payment_allocation_ins after insert on payment_allocation referencing new table as fact_new for each statement execute function fact_dirty_payment_allocation();
create trigger fact_dirty_payment_allocation_upd after update on payment_allocation referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_payment_allocation();
create trigger fact_dirty_payment_allocation_del after delete on payment_allocation referencing old table as fact_old for each statement execute function fact_dirty_payment_allocation();

create trigger fact_dirty_receivable_ins after insert on receivable referencing new table as fact_new for each statement execute function fact_dirty_receivable();
create trigger fact_dirty_receivable_upd after update on receivable referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_receivable();
create trigger fact_dirty_receivable_del after delete on receivable referencing old table as fact_old for each statement execute function fact_dirty_receivable();

create trigger fact_dirty_room_stay_ins after insert on room_stay referencing new table as fact_new for each statement execute function fact_dirty_room_stay();
create trigger fact_dirty_room_stay_upd after update on room_stay referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_room_stay();
create trigger fact_dirty_room_stay_del after delete on room_stay referencing old table as fact_old for each statement execute function fact_dirty_room_stay();

create trigger fact_dirty_service_order_ins after insert on service_order referencing new table as fact_new for each statement execute function fact_dirty_service_order();
create trigger fact_dirty_service_order_upd after update on service_order referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_service_order();
create trigger fact_dirty_service_order_del after delete on service_order referencing old table as fact_old for each statement execute function fact_dirty_service_order();

create trigger fact_dirty_lead_ins after insert on lead referencing new table as fact_new for each statement execute function fact_dirty_lead();
create trigger fact_dirty_lead_upd after update on lead referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_lead();
create trigger fact_dirty_lead_del after delete on lead referencing old table as fact_old for each statement execute function fact_dirty_lead();

create trigger fact_dirty_reservation_ins after insert on reservation referencing new table as fact_new for each statement execute function fact_dirty_reservation();
create trigger fact_dirty_reservation_upd after update on reservation referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_reservation();
create trigger fact_dirty_reservation_del after delete on reservation referencing old table as fact_old for each statement execute function fact_dirty_reservation();

create trigger fact_dirty_room_upd after update on room referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_room();
create trigger fact_dirty_customer_upd after update on customer referencing old table as fact_old new table as fact_new for each statement execute function fact_dirty_customer();

-- Existing records: every day they touch is dirty (the first read or the job computes it).
insert into fact_dirty_day (company_id, fact, day)
select distinct company_id, 'order', fact_day(created_at) from sales_order
union select distinct company_id, 'funnel', fact_day(created_at) from sales_order
union select distinct company_id, 'funnel', fact_day(checked_in_at) from sales_order where checked_in_at is not null
union select distinct company_id, 'payment', fact_day(paid_at) from payment
union select distinct company_id, 'receivable', due_date from receivable
union select distinct s.company_id, 'room_night', d::date from room_stay s cross join lateral generate_series(s.start_date, s.end_date - 1, interval '1 day') d
union select distinct company_id, 'service', fact_day(completed_at) from service_order where completed_at is not null
union select distinct company_id, 'funnel', fact_day(created_at) from lead
union select distinct company_id, 'funnel', fact_day(at) from reservation where kind = 'visit' and at is not null
on conflict do nothing;
