-- Online development, 表单配置 (docs/online.md, module online-form): the configured forms and the
-- history of their syncs. The synced tables live in the schema `online_data`, created and altered
-- only by the form's sync (identifiers validated, then quoted).

create schema if not exists online_data;

-- A form's definition is global (shared by every company, like sys_permission); its rows are not.
create table online_form (
  id uuid primary key default gen_random_uuid(),
  -- The master table's name in online_data; also the form's code in paths and actions.
  table_name text not null,
  title text not null,
  form_type text not null check (form_type in ('single', 'master', 'tree', 'erp', 'inner')),
  -- { fields, indexes, treeLabelField, subTables }: what the administrator configured.
  config jsonb not null,
  -- The configuration the database holds since the last sync; null until the first.
  synced_config jsonb,
  sync_state text not null default 'unsynced' check (sync_state in ('unsynced', 'synced', 'changed')),
  synced_at timestamptz,
  -- The menu entry of its generated page (生成菜单, or the seeded example's entry).
  menu_permission_id uuid references sys_permission (id) on delete set null,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint online_form_table_name_key unique (table_name)
);
create index online_form_created_idx on online_form (created_at desc, id);

-- Every sync that changed the database: the statements run, for the form's history.
create table online_form_migration (
  id uuid primary key default gen_random_uuid(),
  form_id uuid not null references online_form (id) on delete cascade,
  form_version integer not null,
  statements jsonb not null,
  created_by uuid,
  created_at timestamptz not null default now()
);
create index online_form_migration_form_idx on online_form_migration (form_id, created_at desc);
