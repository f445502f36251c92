-- 服务单 service orders: services for the mother or a baby under an order. 待派工 → 已派工 → 服务中 →
-- 已完成 / 已取消. Completing a 套餐内 one consumes the order's package allowance (the snapshot's items),
-- refused when used up unless it is 加购.

create table service_order (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  service_no text not null,
  order_id uuid not null references sales_order (id),
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- mother 妈妈 / baby 宝宝.
  subject text not null default 'mother' check (subject in ('mother', 'baby')),
  baby_id uuid references baby (id),
  -- service_item dictionary (as in the product's items).
  service_item text not null,
  -- service_source enum: package 套餐内 / extra 加购.
  source text not null default 'package' check (source in ('package', 'extra')),
  quantity integer not null default 1 check (quantity >= 1),
  scheduled_at timestamptz not null,
  executor_id uuid references app_user (id),
  -- A monthly nurse (the nurse table comes with the nurses' issue).
  nurse_id uuid,
  -- service_order_status enum.
  status text not null default 'pending',
  result text not null default '',
  -- Consumables used: [{ name, quantity }].
  consumables jsonb not null default '[]',
  started_at timestamptz,
  completed_at timestamptz,
  cancel_reason text,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint service_order_company_no_key unique (company_id, service_no),
  constraint service_order_status_check check (status in ('pending', 'dispatched', 'in_service', 'completed', 'cancelled'))
);
create index service_order_store_scheduled_idx on service_order (company_id, store_id, scheduled_at desc, id);
create index service_order_order_item_idx on service_order (order_id, service_item, status);
create index service_order_executor_idx on service_order (company_id, executor_id, scheduled_at) where executor_id is not null;
