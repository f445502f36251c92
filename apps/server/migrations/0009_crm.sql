-- CRM, first half: 门店 stores (and who works in them), 线索渠道 lead channels, 合作渠道 channels,
-- 线索 leads with the pool (公海), and 跟进记录 follow-ups on a lead or a customer.

create table store (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  code text not null,
  name text not null,
  parent_id uuid references store (id),
  manager_id uuid references app_user (id),
  phone text not null default '',
  address text not null default '',
  region text not null default '',
  -- Operating modes of the store (mode_type enum: hospital, home); at least one.
  modes text[] not null default '{hospital}',
  enabled boolean not null default true,
  sort integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint store_company_code_key unique (company_id, code),
  constraint store_modes_check check (cardinality(modes) >= 1 and modes <@ array['hospital', 'home']::text[])
);
create index store_company_sort_idx on store (company_id, sort, code);
-- #{sys_store_ids}: the stores a user manages.
create index store_manager_idx on store (manager_id) where manager_id is not null;

-- The stores a user works in (besides those they manage); feeds #{sys_store_ids}.
create table user_store (
  user_id uuid not null references app_user (id) on delete cascade,
  store_id uuid not null references store (id) on delete cascade,
  primary key (user_id, store_id)
);
create index user_store_store_idx on user_store (store_id);

create table lead_channel (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  code text not null,
  name text not null,
  -- lead_channel_type dictionary (线上/线下/转介绍/内部).
  type text not null,
  cost_per_month numeric(14, 2) not null default 0,
  enabled boolean not null default true,
  sort integer not null default 0,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint lead_channel_company_code_key unique (company_id, code)
);

create table channel (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  name text not null,
  -- channel_kind dictionary (医院/产检机构/母婴店/同行/个人).
  kind text not null,
  contact text not null default '',
  phone text not null default '',
  -- Percent of the deal, 0–100.
  commission_rate numeric(5, 2) not null default 0 check (commission_rate >= 0 and commission_rate <= 100),
  contract_start date,
  contract_end date,
  enabled boolean not null default true,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint channel_company_name_key unique (company_id, name),
  constraint channel_period_check check (contract_end is null or contract_start is null or contract_end >= contract_start)
);

create table lead (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  lead_no text not null,
  name text not null,
  phone text not null,
  wechat text not null default '',
  lead_channel_id uuid references lead_channel (id),
  channel_id uuid references channel (id),
  referrer text not null default '',
  due_date date,
  gestation_weeks integer check (gestation_weeks between 0 and 45),
  parity integer check (parity between 1 and 10),
  preferred_store_id uuid references store (id),
  budget numeric(14, 2),
  -- intention_grade dictionary (A–E).
  intention_grade text,
  -- The consultant; null while the lead sits in the pool (公海).
  owner_id uuid references app_user (id),
  -- lead_status enum; moved only by the service's state machine.
  status text not null default 'pending'
    check (status in ('pending', 'following', 'visit_booked', 'converted', 'lost', 'invalid')),
  -- Why a lead was closed as 已流失 / 无效.
  close_reason text,
  closed_at timestamptz,
  -- When the current owner got the lead (idle time counts from here or the last follow-up).
  assigned_at timestamptz,
  -- When the lead last went into the pool.
  released_at timestamptz,
  next_follow_at timestamptz,
  last_follow_at timestamptz,
  -- The customer it became (customer table comes later; no FK yet).
  customer_id uuid,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint lead_company_no_key unique (company_id, lead_no),
  constraint lead_closed_reason_check check (status not in ('lost', 'invalid') or close_reason is not null)
);
-- One open lead per phone and company (closed and converted ones may repeat).
create unique index lead_open_phone_key on lead (company_id, phone) where status in ('pending', 'following', 'visit_booked');
-- The list filters: my leads by status, phone lookups, follow-ups due, due-date ranges, newest first.
create index lead_owner_status_idx on lead (company_id, owner_id, status, created_at desc);
create index lead_phone_idx on lead (company_id, phone);
create index lead_next_follow_idx on lead (company_id, next_follow_at) where next_follow_at is not null;
create index lead_due_date_idx on lead (company_id, due_date) where due_date is not null;
create index lead_store_idx on lead (company_id, preferred_store_id, status);
create index lead_created_idx on lead (company_id, created_at desc);
-- The pool (公海) list, newest released first.
create index lead_pool_idx on lead (company_id, released_at desc) where owner_id is null;
-- The idle-release job: owned open leads by last activity.
create index lead_idle_idx on lead ((coalesce(last_follow_at, assigned_at, created_at)))
  where owner_id is not null and status in ('pending', 'following');

create table follow_up (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  lead_id uuid references lead (id),
  -- The customer table comes later: no FK yet.
  customer_id uuid,
  -- follow_up_type dictionary (销售/咨询/回访/探访/投诉) and follow_up_way (电话/微信/面谈/到店).
  type text not null,
  way text not null,
  content text not null,
  next_follow_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint follow_up_subject_check check (lead_id is not null or customer_id is not null)
);
create index follow_up_lead_idx on follow_up (lead_id, created_at desc) where lead_id is not null;
create index follow_up_customer_idx on follow_up (customer_id, created_at desc) where customer_id is not null;
create index follow_up_company_created_idx on follow_up (company_id, created_at desc);
