-- 访问日志: every API call, written in batches off the request path.
create table visit_log (
  id bigint generated always as identity primary key,
  user_id uuid,
  username text,
  method text not null,
  path text not null,
  ip text,
  duration_ms integer not null,
  http_status smallint not null,
  code text not null,
  created_at timestamptz not null default now()
);
create index visit_log_created_idx on visit_log (created_at desc);
create index visit_log_user_idx on visit_log (user_id, created_at desc);
