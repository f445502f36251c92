-- Excel imports run as jobs: the upload creates the job and answers at once, rows are imported
-- after the answer and the job's counts and per-row errors are written as they go, so any instance
-- can answer the progress and a crash leaves a readable trace.

create table import_job (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  -- What is imported ('lead' now; customers and others later).
  kind text not null check (kind in ('lead')),
  file_name text not null default '',
  status text not null default 'running' check (status in ('running', 'done', 'failed')),
  total integer not null check (total >= 0),
  processed integer not null default 0,
  succeeded integer not null default 0,
  failed integer not null default 0,
  -- Why a failed job stopped (服务重启 …).
  message text,
  created_by uuid not null references app_user (id),
  created_at timestamptz not null default now(),
  -- Moved by every processed row: a running job whose heartbeat is old was left by a stopped server.
  updated_at timestamptz not null default now(),
  finished_at timestamptz,
  constraint import_job_counts_check check (processed = succeeded + failed and processed <= total)
);

create index import_job_creator_idx on import_job (company_id, created_by, created_at desc);
create index import_job_running_idx on import_job (updated_at) where status = 'running';

-- One bad row of a job: its cells as read (for the error report) and its errors [{field, message}].
create table import_job_error (
  job_id uuid not null references import_job (id) on delete cascade,
  row_no integer not null,
  cells jsonb not null,
  errors jsonb not null,
  primary key (job_id, row_no)
);
