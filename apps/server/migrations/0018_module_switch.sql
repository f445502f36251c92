-- 一级模块: which first-level menu modules a company, or one of its stores, switches off. No row
-- means on. A module off for the company is off for everyone in it; a module off for stores is off
-- for a user all of whose stores switched it off. Menus of an off module are not served and the
-- routes under it answer 403.
create table module_switch (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  store_id uuid references store (id) on delete cascade,
  -- The first-level menu folder's path, e.g. /room.
  path text not null,
  enabled boolean not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index module_switch_company_key on module_switch (company_id, path) where store_id is null;
create unique index module_switch_store_key on module_switch (company_id, store_id, path) where store_id is not null;

-- The per-request check keeps switches (and the 到家模式 of the system configuration) in memory,
-- reloaded when the access rules version moves.
create trigger module_switch_access_changed after insert or update or delete or truncate on module_switch
for each statement execute function bump_access_rules_version();
create trigger system_config_access_changed after insert or update or delete or truncate on system_config
for each statement execute function bump_access_rules_version();
