-- 变更单 change orders: 续住 extend · 换房 change room · 升级 upgrade · 退款 refund. 待提交 → 待审核 →
-- 已通过 / 已驳回; each step of its approval chain is a change_order_approval row, and the last
-- approval applies the change in the same transaction (a receivable or a refund payment, the stay).

create table change_order (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  change_no text not null,
  -- None for the refund of a cancelled 订房预约's deposit (no order yet).
  order_id uuid references sales_order (id),
  reservation_id uuid references reservation (id),
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- change_order_kind enum.
  kind text not null,
  -- 续住: nights added.
  days integer not null default 0 check (days >= 0),
  from_room_id uuid references room (id),
  to_room_id uuid references room (id),
  -- 升级: to which product (and the version it is priced from).
  from_product_id uuid references product (id),
  to_product_id uuid references product (id),
  to_product_version_id uuid references product_version (id),
  -- From which night a 换房 applies.
  effective_date date,
  -- Computed from the finance price and the order's snapshot: > 0 owed by the customer, < 0 refunded.
  amount_delta numeric(14, 2) not null default 0,
  reason text not null default '',
  -- change_order_status enum.
  status text not null default 'draft',
  -- The approval step waiting (1-based); 0 before submission.
  approval_step integer not null default 0,
  submitted_at timestamptz,
  decided_at timestamptz,
  applied_at timestamptz,
  -- What applying it made.
  receivable_id uuid references receivable (id),
  refund_payment_id uuid references payment (id),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint change_order_company_no_key unique (company_id, change_no),
  constraint change_order_kind_check check (kind in ('extend', 'change_room', 'upgrade', 'refund')),
  constraint change_order_status_check check (status in ('draft', 'pending_audit', 'approved', 'rejected')),
  constraint change_order_subject_check check (order_id is not null or reservation_id is not null)
);
create index change_order_created_idx on change_order (company_id, created_at desc, id);
create index change_order_store_status_idx on change_order (company_id, store_id, status, created_at desc);
create index change_order_order_idx on change_order (order_id) where order_id is not null;

create table change_order_approval (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  change_order_id uuid not null references change_order (id),
  step integer not null check (step >= 1),
  approver_id uuid not null references app_user (id),
  -- approved / rejected.
  decision text not null check (decision in ('approved', 'rejected')),
  comment text not null default '',
  decided_at timestamptz not null default now(),
  constraint change_order_approval_step_key unique (change_order_id, step)
);

alter table receivable add constraint receivable_change_order_fk foreign key (change_order_id) references change_order (id);
alter table payment add constraint payment_change_order_fk foreign key (change_order_id) references change_order (id);
