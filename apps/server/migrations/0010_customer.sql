-- CRM, second half: 客户 customers, 宝宝 babies and 预约 reservations (参观 visits now; 订房 holds
-- with deposits come with the transactions issue and add their columns and states then).

create table customer (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  customer_no text not null,
  name text not null,
  -- One customer per phone and company (customer_phone_key below).
  phone text not null,
  wechat text not null default '',
  -- id_type dictionary; the full number is stored and masked in lists.
  id_type text,
  id_no text,
  birth_date date,
  hometown text not null default '',
  address text not null default '',
  due_date date,
  delivery_date date,
  -- delivery_mode / fetus_type dictionaries.
  delivery_mode text,
  delivery_hospital text not null default '',
  fetus_type text,
  parity integer check (parity between 1 and 10),
  companion_name text not null default '',
  companion_phone text not null default '',
  emergency_contact text not null default '',
  emergency_phone text not null default '',
  diet_notes text not null default '',
  allergies text not null default '',
  -- customer_tag dictionary values.
  tags text[] not null default '{}',
  -- customer_level dictionary.
  level text,
  lead_channel_id uuid references lead_channel (id),
  channel_id uuid references channel (id),
  owner_id uuid references app_user (id),
  store_id uuid not null references store (id),
  -- customer_status enum; moved only by the actions of DOMAIN.md (contract, room, check-in …).
  status text not null default 'intention'
    check (status in ('intention', 'contract_unaudited', 'contract_audited', 'room_booked', 'checked_in',
                      'checked_out_unsettled', 'checked_out_settled', 'lost', 'walk_in')),
  -- The lead it was converted from (the lead keeps customer_id too).
  lead_id uuid references lead (id),
  last_follow_at timestamptz,
  next_follow_at timestamptz,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint customer_company_no_key unique (company_id, customer_no)
);
-- text_pattern_ops: the same index answers phone equality (uniqueness, duplicate check) and the
-- list's phone-prefix LIKE under any collation.
create unique index customer_phone_key on customer (company_id, phone text_pattern_ops);
-- The list: my customers by status, newest first; due-date ranges; a store's customers; follow-ups due.
create index customer_owner_status_idx on customer (company_id, owner_id, status, created_at desc);
create index customer_owner_created_idx on customer (company_id, owner_id, created_at desc);
create index customer_status_due_idx on customer (company_id, status, due_date);
create index customer_due_date_idx on customer (company_id, due_date) where due_date is not null;
create index customer_store_idx on customer (company_id, store_id, status, created_at desc);
create index customer_created_idx on customer (company_id, created_at desc);
create index customer_next_follow_idx on customer (company_id, next_follow_at) where next_follow_at is not null;
create index customer_lead_idx on customer (lead_id) where lead_id is not null;

create table baby (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  customer_id uuid not null references customer (id),
  name text not null,
  -- sex dictionary (M / F).
  gender text,
  birth_at timestamptz,
  gestation_weeks integer check (gestation_weeks between 20 and 45),
  -- Grams and centimetres.
  birth_weight integer check (birth_weight between 300 and 8000),
  birth_length numeric(4, 1) check (birth_length between 20 and 70),
  -- blood_type dictionary.
  blood_type text,
  notes text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index baby_customer_idx on baby (customer_id, created_at);

create table reservation (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  reservation_no text not null,
  -- reservation_kind enum: visit (参观) now; room_hold (订房) comes with its own columns later.
  kind text not null default 'visit' check (kind in ('visit', 'room_hold')),
  -- visit_status enum for visits (待到店 → 已到店 / 未到店 / 已取消).
  status text not null default 'pending',
  lead_id uuid references lead (id),
  customer_id uuid references customer (id),
  store_id uuid not null references store (id),
  -- The visit time.
  at timestamptz,
  visitors integer not null default 1 check (visitors between 1 and 20),
  receptionist_id uuid references app_user (id),
  -- The consultant responsible (the lead's or customer's owner when booked); data rules scope on it.
  owner_id uuid references app_user (id),
  remark text not null default '',
  -- When it was marked 已到店 / 未到店 / 已取消, and why it was cancelled.
  closed_at timestamptz,
  cancel_reason text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint reservation_company_no_key unique (company_id, reservation_no),
  constraint reservation_subject_check check (lead_id is not null or customer_id is not null),
  constraint reservation_visit_check check (
    kind <> 'visit' or (at is not null and status in ('pending', 'arrived', 'no_show', 'cancelled')))
);
-- The calendar (a store's day or week) and the list (my visits by time).
create index reservation_store_at_idx on reservation (company_id, store_id, at);
create index reservation_owner_at_idx on reservation (company_id, owner_id, at);
create index reservation_at_idx on reservation (company_id, at);
create index reservation_lead_idx on reservation (lead_id) where lead_id is not null;
create index reservation_customer_idx on reservation (customer_id) where customer_id is not null;

-- lead.customer_id and follow_up.customer_id waited for this table; nothing set them before, so the
-- keys hold on every existing row.
alter table lead add constraint lead_customer_fk foreign key (customer_id) references customer (id);
alter table follow_up add constraint follow_up_customer_fk foreign key (customer_id) references customer (id);
create index lead_customer_idx on lead (customer_id) where customer_id is not null;
