-- 订单 orders (sales_order: "order" is a reserved word). DOMAIN.md: 草稿 → 待审核 (below the floor
-- price) → 已确认 → 已入住 → 已退房 → 已结账; 已取消 from 草稿/待审核/已确认. The product's version and
-- its snapshot are kept so later product edits never change an order.

create table sales_order (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  order_no text not null,
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  product_id uuid not null references product (id),
  product_version_id uuid not null references product_version (id),
  -- The version's snapshot (code, name, kind, days, room type, list price, items) copied for reading.
  product_snapshot jsonb not null,
  room_type_id uuid references room_type (id),
  days integer not null default 0 check (days >= 0),
  planned_check_in date,
  -- Derived: planned_check_in + days (kept so lists and the board filter on it).
  planned_check_out date,
  -- From the finance price in force on the order date (reference) and its lowest price without approval.
  reference_price numeric(14, 2) not null default 0 check (reference_price >= 0),
  floor_price numeric(14, 2) not null default 0 check (floor_price >= 0),
  deal_price numeric(14, 2) not null default 0 check (deal_price >= 0),
  -- Derived: reference_price - deal_price.
  discount numeric(14, 2) not null default 0,
  consultant_id uuid references app_user (id),
  channel_id uuid references channel (id),
  -- The 订房预约 it was converted from, and the deposit taken over from it.
  reservation_id uuid references reservation (id),
  deposit_applied numeric(14, 2) not null default 0 check (deposit_applied >= 0),
  -- order_status enum.
  status text not null default 'draft',
  remark text not null default '',
  -- 折扣审批 (approval of a deal below the floor price).
  approved_by uuid references app_user (id),
  approved_at timestamptz,
  approval_remark text not null default '',
  checked_in_at timestamptz,
  checked_out_at timestamptz,
  settled_at timestamptz,
  cancelled_at timestamptz,
  cancel_reason text,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint sales_order_company_no_key unique (company_id, order_no),
  constraint sales_order_status_check check (status in ('draft', 'pending_audit', 'confirmed', 'checked_in', 'checked_out', 'settled', 'cancelled')),
  constraint sales_order_period_check check (planned_check_out is null or planned_check_in is null or planned_check_out >= planned_check_in)
);
create index sales_order_created_idx on sales_order (company_id, created_at desc, id);
create index sales_order_store_status_idx on sales_order (company_id, store_id, status, planned_check_in);
create index sales_order_customer_idx on sales_order (customer_id, created_at desc);
create index sales_order_consultant_idx on sales_order (company_id, consultant_id, created_at desc);
