-- 应收 receivables (a payment plan per order), 收款 payments and their allocations, 欠款授权 debt
-- authorisations. Money counts only when a payment is audited; a reversal is a new negative payment,
-- never an edit. receivable.received is the sum of the audited allocations to it, kept by the service
-- under the receivable's row lock; the checks below make an over-paid receivable impossible: what a
-- payment does not allocate stays on the payment as `unapplied` (the explicit overpayment/advance record).

create table receivable (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  order_id uuid not null references sales_order (id),
  -- Set when a contract covers it (the FK comes with the contract table).
  contract_id uuid,
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- receivable_item dictionary: 定金/首付/尾款/押金/续住/升级/其他.
  item text not null,
  due_date date not null,
  amount numeric(14, 2) not null check (amount >= 0),
  received numeric(14, 2) not null default 0,
  -- Money that must be in before check-in (定金, 首付): check-in is refused while it is owed.
  due_before_check_in boolean not null default false,
  -- receivable_status enum: unpaid 未收 → partial 部分收款 → paid 已收清.
  status text not null default 'unpaid',
  -- The change order that created it (续住, 升级); FK with the change_order table.
  change_order_id uuid,
  remark text not null default '',
  -- The Shanghai day the overdue reminder last went out (at most one a day per receivable).
  reminded_on date,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint receivable_received_check check (received >= 0 and received <= amount),
  constraint receivable_status_check check (status in ('unpaid', 'partial', 'paid'))
);
create index receivable_order_idx on receivable (order_id, due_date);
create index receivable_store_due_idx on receivable (company_id, store_id, due_date, id);
create index receivable_status_due_idx on receivable (company_id, status, due_date);

create table payment (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  payment_no text not null,
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- None for a 订房预约's deposit until the hold becomes an order.
  order_id uuid references sales_order (id),
  reservation_id uuid references reservation (id),
  -- payment_method dictionary: 现金/POS/微信/支付宝/转账/定金抵扣/押金抵扣.
  method text not null,
  -- Negative for a reversal or a refund.
  amount numeric(14, 2) not null check (amount <> 0),
  -- The part not allocated to any receivable (an advance or overpayment, shown as such).
  unapplied numeric(14, 2) not null default 0,
  paid_at timestamptz not null default now(),
  payer text not null default '',
  bank_ref text not null default '',
  invoice_no text not null default '',
  attachments text[] not null default '{}',
  -- payment_status enum: pending_audit 待审核 → audited 已审核 / rejected 已驳回.
  status text not null default 'pending_audit',
  -- A reversal names the payment it reverses (at most one live reversal per payment: a rejected one
  -- leaves room for another).
  reversal_of uuid references payment (id),
  -- A refund names its change order (FK with the change_order table).
  change_order_id uuid,
  audited_by uuid references app_user (id),
  audited_at timestamptz,
  reject_reason text,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint payment_company_no_key unique (company_id, payment_no),
  constraint payment_status_check check (status in ('pending_audit', 'audited', 'rejected')),
  constraint payment_unapplied_sign_check check ((amount > 0 and unapplied >= 0 and unapplied <= amount) or (amount < 0 and unapplied <= 0 and unapplied >= amount))
);
create unique index payment_one_reversal_idx on payment (reversal_of) where reversal_of is not null and status <> 'rejected';
create index payment_order_idx on payment (order_id, paid_at) where order_id is not null;
create index payment_store_paid_idx on payment (company_id, store_id, paid_at desc, id);
create index payment_status_paid_idx on payment (company_id, status, paid_at desc);
create index payment_customer_idx on payment (customer_id, paid_at desc);

-- Which receivables a payment pays, and how much of it each (same sign as the payment).
create table payment_allocation (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  payment_id uuid not null references payment (id),
  receivable_id uuid not null references receivable (id),
  amount numeric(14, 2) not null check (amount <> 0),
  created_at timestamptz not null default now(),
  constraint payment_allocation_key unique (payment_id, receivable_id)
);
create index payment_allocation_receivable_idx on payment_allocation (receivable_id);

-- 欠款授权: lets an order check in while money due before check-in is owed.
create table debt_authorization (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  order_id uuid not null references sales_order (id),
  amount numeric(14, 2) not null check (amount > 0),
  reason text not null,
  authorized_by uuid not null references app_user (id),
  authorized_at timestamptz not null default now(),
  revoked_by uuid references app_user (id),
  revoked_at timestamptz
);
create index debt_authorization_order_idx on debt_authorization (order_id) where revoked_at is null;
