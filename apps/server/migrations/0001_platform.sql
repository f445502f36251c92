-- Platform tables: organisation roots, users, site configuration, shared nonce store.

create table company (
  id uuid primary key default gen_random_uuid(),
  code text not null unique,
  name text not null,
  enabled boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);

-- Departments form a tree per company; `code` is hierarchical (A01, A01A01, …) so a subtree is a prefix.
create table department (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  parent_id uuid references department (id),
  code text not null,
  name text not null,
  sort integer not null default 0,
  enabled boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  unique (company_id, code)
);
create index department_parent_idx on department (company_id, parent_id, sort);
create index department_code_prefix_idx on department (company_id, code text_pattern_ops);

create table app_user (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  password_hash text not null,
  first_name text not null,
  gender text check (gender in ('M', 'F')),
  birth_date date,
  phone text,
  email text,
  avatar_url text,
  status text not null default 'enabled' check (status in ('enabled', 'disabled')),
  default_company_id uuid references company (id),
  department_id uuid references department (id),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create unique index app_user_username_idx on app_user (lower(username));
create index app_user_phone_idx on app_user (phone);

-- A user may work for several companies; one is the default.
create table user_company (
  user_id uuid not null references app_user (id),
  company_id uuid not null references company (id),
  is_default boolean not null default false,
  primary key (user_id, company_id)
);
create index user_company_company_idx on user_company (company_id);

-- One row: the site-wide configuration shown before sign-in (login page) and in the shell.
create table system_config (
  id integer primary key default 1 check (id = 1),
  config jsonb not null,
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);

-- Request nonces seen within the signing window, shared by every server instance.
create table api_nonce (
  nonce text primary key,
  expires_at timestamptz not null
);
create index api_nonce_expires_idx on api_nonce (expires_at);
