-- Dictionaries (字典类型 / 数据字典), check rules (校验规则) and number rules (编码规则). All three are
-- site-wide configuration shared by every company of the deployment (docs/dictionaries.md).

create table dict_type (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index dict_type_created_idx on dict_type (created_at);

create table dict_item (
  id uuid primary key default gen_random_uuid(),
  dict_type_id uuid not null references dict_type (id) on delete cascade,
  value text not null,
  label text not null,
  -- antd preset colour name or #rrggbb; '' = default tag.
  color text not null default '',
  sort integer not null default 0,
  enabled boolean not null default true,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  unique (dict_type_id, value)
);
create index dict_item_type_sort_idx on dict_item (dict_type_id, sort, value);

-- Bumped by every change to dictionaries, so each server keeps items in memory and re-reads them only
-- when they changed (on any instance, through any path, even plain SQL).
create table dict_version (
  id integer primary key default 1 check (id = 1),
  version bigint not null default 0
);
insert into dict_version (id, version) values (1, 0);

create function bump_dict_version() returns trigger
language plpgsql as $$
begin
  update dict_version set version = version + 1 where id = 1;
  return null;
end;
$$;

create trigger dict_type_changed
after insert or update or delete or truncate on dict_type
for each statement execute function bump_dict_version();

create trigger dict_item_changed
after insert or update or delete or truncate on dict_item
for each statement execute function bump_dict_version();

-- A rule is a list of segments [{digits: '*' | '1'..'999', pattern, message}], checked in order.
create table check_rule (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null,
  segments jsonb not null,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index check_rule_created_idx on check_rule (created_at);

create table number_rule (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null,
  prefix text not null default '',
  date_pattern text not null check (date_pattern in ('none', 'YYYY', 'YYYYMM', 'YYYYMMDD', 'YYMM', 'YYMMDD')),
  seq_length smallint not null check (seq_length between 1 and 12),
  reset_period text not null check (reset_period in ('never', 'year', 'month', 'day')),
  enabled boolean not null default true,
  description text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index number_rule_created_idx on number_rule (created_at);

-- One counter per rule code and reset period ('all', '2025', '202501', '20250131'), advanced by an
-- upsert … returning (row lock, so concurrent draws get distinct values). Keyed by code, not by rule
-- id, and kept when a rule is deleted: a rule created again under the code continues the counter.
create table number_rule_counter (
  rule_code text not null,
  period text not null,
  value bigint not null,
  primary key (rule_code, period)
);

-- Every number issued under a code. The primary key makes a repeat impossible even after a rule's
-- prefix, date format or reset period is edited; a draw that collides takes the next value.
create table number_rule_issued (
  rule_code text not null,
  number text not null,
  issued_at timestamptz not null default now(),
  primary key (rule_code, number)
);
