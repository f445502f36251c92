-- 住房安排 room stays: which room an order (or a 订房预约's hold) has on which nights. The room board's
-- timeline, check-in and check-out read and move these rows. start_date is the first night,
-- end_date the check-out day (exclusive). No two active stays of a room share a night: the trigger
-- below, under the room's lock, refuses the second and names the order (or hold) in the way.

create table room_stay (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  store_id uuid not null references store (id),
  room_id uuid not null references room (id),
  order_id uuid references sales_order (id),
  reservation_id uuid references reservation (id),
  customer_id uuid not null references customer (id),
  start_date date not null,
  end_date date not null,
  -- held 预留 (a hold) · booked 已排房 · in_house 在住 · ended 已退房 · cancelled 已取消.
  status text not null default 'booked',
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint room_stay_period_check check (end_date > start_date),
  constraint room_stay_owner_check check (order_id is not null or reservation_id is not null),
  constraint room_stay_status_check check (status in ('held', 'booked', 'in_house', 'ended', 'cancelled'))
);
create index room_stay_room_idx on room_stay (room_id, start_date);
create index room_stay_store_period_idx on room_stay (company_id, store_id, end_date, start_date);
create index room_stay_order_idx on room_stay (order_id) where order_id is not null;
create index room_stay_reservation_idx on room_stay (reservation_id) where reservation_id is not null;

create function room_stay_lock(room uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended(concat('room_stay|', room), 0));
$$;

-- Like finance_price_no_overlap: a trigger under the room's lock holds on PGlite and PostgreSQL alike.
create function room_stay_no_overlap() returns trigger language plpgsql as $$
declare
  clash record;
begin
  if new.status not in ('held', 'booked', 'in_house') then
    return new;
  end if;
  perform room_stay_lock(new.room_id);
  select s.start_date, s.end_date, coalesce(o.order_no, r.reservation_no) as holder into clash
    from room_stay s
    left join sales_order o on o.id = s.order_id
    left join reservation r on r.id = s.reservation_id
   where s.room_id = new.room_id and s.id <> new.id and s.status in ('held', 'booked', 'in_house')
     and daterange(s.start_date, s.end_date, '[)') && daterange(new.start_date, new.end_date, '[)')
   limit 1;
  if found then
    raise exception 'room_stay overlaps % (% .. %)', clash.holder, clash.start_date, clash.end_date
      using errcode = '23P01', constraint = 'room_stay_no_overlap', detail = clash.holder;
  end if;
  return new;
end
$$;
create trigger room_stay_no_overlap before insert or update on room_stay for each row execute function room_stay_no_overlap();
