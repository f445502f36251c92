-- Online development, 报表配置 (docs/online.md "As built: online report", module online-report): the
-- configured reports, and what their SQL may read: the views of the schema report_api, each showing
-- the session company's rows only, readable by the NOLOGIN role care_report_reader alone.

-- A report's definition is global (shared by every company, like sys_permission).
create table online_report (
  id uuid primary key default gen_random_uuid(),
  code text not null,
  name text not null,
  sql_text text not null,
  -- [{ name, label, type, defaultValue, required, dictCode }]
  params jsonb not null default '[]',
  -- [{ field, label, width, dictCode, show, export, sum }]
  columns jsonb not null default '[]',
  -- { type, xField, yFields }
  chart jsonb not null default '{"type":"none","xField":"","yFields":[]}',
  -- The menu entry of its generated page (生成菜单).
  menu_permission_id uuid references sys_permission (id) on delete set null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint online_report_code_key unique (code)
);
create index online_report_created_idx on online_report (created_at desc, id);

-- The role a report runs as (SET LOCAL ROLE inside its read-only transaction). Roles belong to the
-- whole PostgreSQL cluster: another database of the same server may have created it already.
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'care_report_reader') then
    create role care_report_reader nologin;
  end if;
exception when duplicate_object or unique_violation then
  null;
end
$$;

create schema report_api;

-- Each view reads as its owner (the migrating user) and filters by the company the report runs for,
-- set with set_config('care.company_id', …, true) before SET ROLE; unset, a view shows nothing.
-- Identity numbers, phones and free-text notes are left out.
create view report_api.stores as
  select id, code, name, parent_id, region, enabled, created_at
  from public.store where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.customers as
  select id, customer_no, name, store_id, level, status, lead_channel_id, channel_id, owner_id,
         due_date, delivery_date, delivery_mode, fetus_type, parity, created_at
  from public.customer where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.orders as
  select id, order_no, customer_id, store_id, product_id, room_type_id, days, planned_check_in,
         planned_check_out, reference_price, deal_price, discount, deposit_applied, consultant_id,
         channel_id, status, checked_in_at, checked_out_at, settled_at, cancelled_at, created_at
  from public.sales_order where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.receivables as
  select id, order_id, customer_id, store_id, item, due_date, amount, received, status, created_at
  from public.receivable where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.payments as
  select id, payment_no, customer_id, store_id, order_id, method, amount, unapplied, paid_at, created_at
  from public.payment where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.rooms as
  select id, store_id, room_type_id, room_no, floor, facing, area, daily_price, status, created_at
  from public.room where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.services as
  select id, service_no, order_id, customer_id, store_id, subject, service_item, source, quantity,
         scheduled_at, executor_id, nurse_id, status, started_at, completed_at, created_at
  from public.service_order where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.nurses as
  select id, nurse_no, name, level, practice_type, service_type, employment, price_26_days, store_id,
         status, rating, rating_count, created_at
  from public.monthly_nurse where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

create view report_api.leads as
  select id, lead_no, name, lead_channel_id, channel_id, due_date, preferred_store_id, budget,
         intention_grade, owner_id, status, closed_at, customer_id, created_at
  from public.lead where company_id = nullif(current_setting('care.company_id', true), '')::uuid;

grant usage on schema report_api to care_report_reader;
grant select on all tables in schema report_api to care_report_reader;
