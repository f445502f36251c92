-- 系统通告 (announcements addressed to everyone, departments or users), their read records, 消息模板
-- and personal messages (消息记录). HTML columns hold sanitised HTML only.

create table announcement (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  title text not null,
  content text not null,
  priority text not null default 'L' check (priority in ('L', 'M', 'H')),
  open_type text check (open_type in ('url', 'component')),
  open_page text,
  bus_id text,
  audience_type text not null default 'all' check (audience_type in ('all', 'departments', 'users')),
  status text not null default 'draft' check (status in ('draft', 'published', 'revoked')),
  sender_id uuid references app_user (id),
  send_time timestamptz,
  revoke_time timestamptz,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index announcement_company_created_idx on announcement (company_id, created_at desc);
-- The bell: published announcements of a company, newest first.
create index announcement_published_idx on announcement (company_id, send_time desc) where status = 'published';

-- The audience when audience_type is 'departments' (members through user_department) or 'users'.
create table announcement_department (
  announcement_id uuid not null references announcement (id) on delete cascade,
  department_id uuid not null references department (id) on delete cascade,
  primary key (announcement_id, department_id)
);
create index announcement_department_department_idx on announcement_department (department_id);

create table announcement_user (
  announcement_id uuid not null references announcement (id) on delete cascade,
  user_id uuid not null references app_user (id) on delete cascade,
  primary key (announcement_id, user_id)
);
create index announcement_user_user_idx on announcement_user (user_id);

-- Who has read an announcement and when (阅读记录); a missing row means unread.
create table announcement_read (
  announcement_id uuid not null references announcement (id) on delete cascade,
  user_id uuid not null references app_user (id) on delete cascade,
  read_time timestamptz not null default now(),
  primary key (announcement_id, user_id)
);
create index announcement_read_user_idx on announcement_read (user_id);

create table message_template (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  code text not null,
  name text not null,
  channel text not null default 'system' check (channel in ('system')),
  -- Plain text with ${name} placeholders.
  title text not null,
  -- Sanitised HTML with ${name} placeholders.
  body text not null,
  priority text not null default 'L' check (priority in ('L', 'M', 'H')),
  enabled boolean not null default true,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  unique (company_id, code)
);
create index message_template_created_idx on message_template (company_id, created_at desc);

-- One row per recipient; read_time null = unread.
create table message (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  recipient_id uuid not null references app_user (id) on delete cascade,
  title text not null,
  content text not null,
  priority text not null default 'L' check (priority in ('L', 'M', 'H')),
  open_type text check (open_type in ('url', 'component')),
  open_page text,
  bus_id text,
  template_code text,
  -- Null when a module of the system sent it.
  sender_id uuid references app_user (id) on delete set null,
  send_time timestamptz not null default now(),
  read_time timestamptz
);
create index message_recipient_idx on message (recipient_id, company_id, send_time desc);
create index message_unread_idx on message (recipient_id, company_id, send_time desc) where read_time is null;

-- 我的消息 is open to every signed-in user: the bell's "view more" leads there.
update sys_permission set status = '0' where path = '/food/messageRecord' and menu_type in (0, 1);
