-- The AI log (docs/reports.md "AI log", module ai-log): every AI-assisted action, and the expiring,
-- revocable links that show a company's log without a session.

create table ai_log (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  kind text not null check (kind in ('nurse_match', 'follow_up_summary')),
  -- What the explainer was given: the model's prompt is built from it, as is the rule-based text.
  input jsonb not null,
  output text not null default '',
  -- The model that wrote `output`: the configured one, or 'rule-based'.
  model text not null,
  operator_id uuid references app_user (id) on delete set null,
  linked_type text check (linked_type in ('order', 'lead', 'customer')),
  linked_id uuid,
  -- ok: the model answered · fallback: a configured model failed and the rules answered · error.
  status text not null check (status in ('ok', 'fallback', 'error')),
  error text,
  duration_ms integer not null default 0,
  created_at timestamptz not null default now(),
  constraint ai_log_linked_check check ((linked_type is null) = (linked_id is null))
);
-- The page: a company's log newest first, optionally of one kind or about one record.
create index ai_log_company_time_idx on ai_log (company_id, created_at desc, id);
create index ai_log_company_kind_idx on ai_log (company_id, kind, created_at desc);
create index ai_log_linked_idx on ai_log (company_id, linked_type, linked_id, created_at desc) where linked_id is not null;
create index ai_log_operator_idx on ai_log (company_id, operator_id, created_at desc);

create table ai_log_link (
  id uuid primary key default gen_random_uuid(),
  -- The scope: a link shows its company's log, read-only.
  company_id uuid not null references company (id),
  -- SHA-256 of the token; the token itself is shown once and never stored.
  token_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by uuid,
  last_used_at timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint ai_log_link_token_key unique (token_hash)
);
create index ai_log_link_company_idx on ai_log_link (company_id, created_at desc);
