-- 房型 room types and 房间 rooms of a store. Status changes are recorded in state_change
-- (resource 'room': who, when, from, to, why) by the kit's transition helper.

create table room_type (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  store_id uuid not null references store (id),
  code text not null,
  name text not null,
  -- Beds for the mother's companion, area in m² (0: not given), the usual daily price of its rooms.
  beds integer not null default 1,
  area numeric(14, 2) not null default 0,
  daily_price numeric(14, 2) not null default 0,
  description text not null default '',
  enabled boolean not null default true,
  sort integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint room_type_store_code_key unique (company_id, store_id, code)
);
create index room_type_store_idx on room_type (company_id, store_id, sort, code);

create table room (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  store_id uuid not null references store (id),
  room_type_id uuid not null references room_type (id),
  room_no text not null,
  floor integer not null,
  -- room_facing dictionary (朝南/朝北/…).
  facing text not null default '',
  area numeric(14, 2) not null default 0,
  daily_price numeric(14, 2) not null default 0,
  -- room_status: free 空闲, reserved 已预订, occupied 在住, checking_out 预退房, dirty 脏房, repair 维修, disabled 停用.
  status text not null default 'free',
  sort integer not null default 0,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint room_store_no_key unique (company_id, store_id, room_no),
  constraint room_status_check check (status in ('free', 'reserved', 'occupied', 'checking_out', 'dirty', 'repair', 'disabled'))
);
-- The board reads a store's rooms by floor; lists filter by store, type and status.
create index room_store_floor_idx on room (company_id, store_id, floor, sort, room_no);
create index room_type_idx on room (room_type_id);
create index room_store_status_idx on room (company_id, store_id, status);
