-- 数据规则: row filters attached to a permission (menu or button), per company. A rule names a column
-- key that a module registered in code (never SQL); its value may hold #{variables} and is always
-- bound as a parameter. Rules of one permission and resource combine with AND.

create table data_rule (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  permission_id uuid not null references sys_permission (id) on delete cascade,
  -- The registered data resource the rule filters (e.g. 'user'); a permission may scope several.
  resource text not null,
  name text not null,
  column_key text not null,
  condition text not null check (condition in ('=', '!=', '>', '>=', '<', '<=', 'IN', 'NOT_IN', 'LIKE', 'LEFT_LIKE', 'RIGHT_LIKE', 'IS_NULL', 'NOT_NULL')),
  value text not null default '',
  enabled boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
-- The per-request loader reads (company, permission); the admin list pages by company, newest first.
create index data_rule_permission_idx on data_rule (company_id, permission_id);
create index data_rule_created_idx on data_rule (company_id, created_at desc);
