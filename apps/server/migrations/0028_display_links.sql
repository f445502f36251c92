-- Display links of the big screens (module display-link, docs/reports.md "Big screens"). The token is
-- 32 random bytes shown once to the administrator; only its SHA-256 is kept.
create table display_link (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  -- 1 经营驾驶舱 · 2 房态大屏 · 3 护理与月嫂.
  screen smallint not null check (screen in (1, 2, 3)),
  token_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by uuid,
  note text not null default '',
  last_used_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint display_link_token_key unique (token_hash)
);
create index display_link_company_idx on display_link (company_id, created_at desc);
