-- 合同模板 contract templates and 合同 contracts. DOMAIN.md: 待签署 → 待审核 → 已生效 → 已结束 /
-- 已作废 / 已终止; auditing one makes the customer 已签合同未入住. Terms are the template's HTML with
-- the order's placeholders filled, sanitised before they are stored.

create table contract_template (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  name text not null,
  -- contract_type dictionary: 月子/小月子/到家/续住/婴儿托管.
  type text not null,
  content text not null default '',
  enabled boolean not null default true,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint contract_template_name_key unique (company_id, name)
);

create table contract (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  contract_no text not null,
  order_id uuid not null references sales_order (id),
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  template_id uuid references contract_template (id),
  type text not null,
  signed_at timestamptz,
  signer_id uuid references app_user (id),
  amount numeric(14, 2) not null default 0 check (amount >= 0),
  first_payment numeric(14, 2) not null default 0 check (first_payment >= 0),
  terms text not null default '',
  -- Scanned pages (upload paths).
  attachments text[] not null default '{}',
  -- contract_status enum.
  status text not null default 'pending_sign',
  audited_by uuid references app_user (id),
  audited_at timestamptz,
  -- Why it was voided or terminated, and when it ended.
  close_reason text,
  closed_at timestamptz,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint contract_company_no_key unique (company_id, contract_no),
  constraint contract_status_check check (status in ('pending_sign', 'pending_audit', 'effective', 'ended', 'voided', 'terminated'))
);
create index contract_created_idx on contract (company_id, created_at desc, id);
create index contract_store_status_idx on contract (company_id, store_id, status);
create index contract_order_idx on contract (order_id);
create index contract_customer_idx on contract (customer_id);
-- One live contract per order (a voided or terminated one may be replaced).
create unique index contract_one_live_per_order_idx on contract (order_id) where status not in ('voided', 'terminated');

alter table receivable add constraint receivable_contract_fk foreign key (contract_id) references contract (id);
