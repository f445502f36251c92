-- Sign-in: sessions, captchas, SMS codes, the login list; permissions: menu/button tree, security
-- groups (roles) and their members.

create table user_session (
  id uuid primary key default gen_random_uuid(),
  -- Only the SHA-256 of the token is stored; the token itself never is.
  token_hash text not null unique,
  user_id uuid not null references app_user (id),
  company_id uuid not null references company (id),
  department_id uuid references department (id),
  login_method text not null check (login_method in ('password', 'phone', 'cas', 'wechat')),
  ip text,
  user_agent text,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_reason text check (revoked_reason in ('logout', 'superseded', 'password', 'disabled'))
);
create index user_session_active_idx on user_session (user_id) where revoked_at is null;

create table captcha (
  check_key text primary key,
  code text not null,
  expires_at timestamptz not null
);
create index captcha_expires_idx on captcha (expires_at);

create table sms_code (
  mobile text primary key,
  code_hash text not null,
  sent_at timestamptz not null,
  expires_at timestamptz not null,
  attempts integer not null default 0
);

-- Every sign-in attempt, successful or not (用户登录列表).
create table login_log (
  id uuid primary key default gen_random_uuid(),
  username text not null,
  user_id uuid references app_user (id),
  method text not null,
  ip text,
  user_agent text,
  success boolean not null,
  message text not null,
  created_at timestamptz not null default now()
);
create index login_log_created_idx on login_log (created_at desc);
create index login_log_user_idx on login_log (username, created_at desc);

-- Menus (menu_type 0 top level, 1 sub menu) and buttons/actions (menu_type 2) in one tree.
create table sys_permission (
  id uuid primary key default gen_random_uuid(),
  parent_id uuid references sys_permission (id),
  menu_type smallint not null check (menu_type in (0, 1, 2)),
  name text not null,
  path text,
  route_name text,
  component text,
  redirect text,
  icon text,
  url text,
  -- Route flag: false = listed in the menu but never registered as a route.
  is_route boolean not null default true,
  hidden boolean not null default false,
  always_show boolean not null default false,
  keep_alive boolean not null default false,
  internal_or_external boolean not null default false,
  sort integer not null default 0,
  -- The permission action a route or button needs (e.g. user:add); null for plain menus.
  action text,
  -- '1' hide when not held, '2' show disabled (excluded from the browser's checks, spec §5).
  auth_type text not null default '1' check (auth_type in ('1', '2')),
  -- '1' enforced; '0' open to every signed-in user (the all-auth list's "enabled", spec §3/§5).
  status text not null default '1' check (status in ('0', '1')),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index sys_permission_parent_idx on sys_permission (parent_id, sort);
create unique index sys_permission_action_idx on sys_permission (action) where action is not null;
create unique index sys_permission_path_idx on sys_permission (path) where path is not null and menu_type in (0, 1);

-- Security groups (安全组 / 角色). all_permissions: holds every permission, present and future.
create table security_group (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  code text not null,
  name text not null,
  description text not null default '',
  all_permissions boolean not null default false,
  enabled boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  unique (company_id, code)
);

create table security_group_permission (
  group_id uuid not null references security_group (id) on delete cascade,
  permission_id uuid not null references sys_permission (id) on delete cascade,
  primary key (group_id, permission_id)
);
create index security_group_permission_perm_idx on security_group_permission (permission_id);

create table user_security_group (
  user_id uuid not null references app_user (id) on delete cascade,
  group_id uuid not null references security_group (id) on delete cascade,
  primary key (user_id, group_id)
);
create index user_security_group_group_idx on user_security_group (group_id);

-- A user may belong to several departments and switches between them; app_user.department_id is the current one.
create table user_department (
  user_id uuid not null references app_user (id) on delete cascade,
  department_id uuid not null references department (id) on delete cascade,
  primary key (user_id, department_id)
);
create index user_department_department_idx on user_department (department_id);

alter table app_user add column age smallint check (age between 0 and 100);

-- Product reference data (menus, buttons) inserted once each; an administrator's later deletion sticks.
create table seed_record (
  key text primary key,
  applied_at timestamptz not null default now()
);

-- WeChat sign-in: the unionid (or openid) a user has bound.
alter table app_user add column wechat_id text;
create unique index app_user_wechat_idx on app_user (wechat_id) where wechat_id is not null;
