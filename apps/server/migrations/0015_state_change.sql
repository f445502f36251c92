-- Every state change a module makes through the kit's transition helper: who moved which record
-- from what to what, when, and why (rooms, orders, contracts and nurses' assignments use it too).
create table state_change (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company(id),
  resource text not null,
  record_id uuid not null,
  event text not null,
  from_state text not null,
  to_state text not null,
  reason text not null default '',
  changed_by uuid not null references app_user(id),
  changed_at timestamptz not null default now()
);
create index state_change_record_idx on state_change (company_id, resource, record_id, changed_at desc);
