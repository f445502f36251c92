-- 月嫂 monthly nurses (issue 17; docs/nurses.md): profiles with certificates and leave, 派工
-- assignments (no two live ones of a nurse share a day), evaluations, 薪酬标准 pay standards and
-- settlements, and the expiring links through which a nurse edits her own page.
--
-- Days: an assignment's start_date is its first day (上户) and end_date its 下户 day, exclusive, so
-- days = end_date - start_date (a 26-day job from 1 Mar ends 27 Mar). A leave is inclusive on both
-- ends (请假 3–5 Mar is three days), as the nurse enters it.

create table monthly_nurse (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  nurse_no text not null,
  name text not null,
  phone text not null default '',
  id_no text,
  birth_date date,
  hometown text not null default '',
  -- An upload path (ImageUpload), or ''.
  photo text not null default '',
  -- Dictionaries nurse_level, nurse_practice_type, nurse_service_type, nurse_employment.
  level text not null,
  practice_type text not null,
  service_type text not null,
  employment text not null,
  price_26_days numeric(14, 2) not null default 0,
  -- nurse_skill dictionary values.
  skills text[] not null default '{}',
  health_cert_expiry date,
  insurance_expiry date,
  -- Expiry reminders (at most one a day): the day the last one went out.
  health_reminded_on date,
  insurance_reminded_on date,
  store_id uuid references store (id),
  -- nurse_status enum: active 在职 · on_duty 上户中 · resting 休息 · left 离职.
  status text not null default 'active',
  -- Mean of the evaluations' overall scores (1–5), null until the first.
  rating numeric(3, 2),
  rating_count integer not null default 0,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint monthly_nurse_company_no_key unique (company_id, nurse_no),
  constraint monthly_nurse_status_check check (status in ('active', 'on_duty', 'resting', 'left')),
  constraint monthly_nurse_price_check check (price_26_days >= 0)
);
create unique index monthly_nurse_id_no_key on monthly_nurse (company_id, id_no) where id_no is not null;
create index monthly_nurse_store_idx on monthly_nurse (company_id, store_id, status);
create index monthly_nurse_level_idx on monthly_nurse (company_id, level, status);
create index monthly_nurse_health_expiry_idx on monthly_nurse (company_id, health_cert_expiry) where status <> 'left';
create index monthly_nurse_insurance_expiry_idx on monthly_nurse (company_id, insurance_expiry) where status <> 'left';

create table nurse_certificate (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  nurse_id uuid not null references monthly_nurse (id) on delete cascade,
  -- nurse_certificate dictionary value (母婴护理师证, 健康证 …).
  kind text not null,
  name text not null default '',
  cert_no text not null default '',
  issued_on date,
  expires_on date,
  image text not null default '',
  -- Reminders sent for this expiry (at most one a day): the day the last one went out.
  reminded_on date,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1
);
create index nurse_certificate_nurse_idx on nurse_certificate (nurse_id);
create index nurse_certificate_expiry_idx on nurse_certificate (company_id, expires_on) where expires_on is not null;

create table nurse_leave (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  nurse_id uuid not null references monthly_nurse (id) on delete cascade,
  start_date date not null,
  -- Inclusive.
  end_date date not null,
  reason text not null default '',
  -- staff (entered in the back office) or link (by the nurse on her page).
  source text not null default 'staff' check (source in ('staff', 'link')),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_leave_period_check check (end_date >= start_date)
);
create index nurse_leave_nurse_idx on nurse_leave (nurse_id, start_date);
create index nurse_leave_period_idx on nurse_leave (company_id, end_date, start_date);

create table nurse_assignment (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  assignment_no text not null,
  nurse_id uuid not null references monthly_nurse (id),
  order_id uuid references sales_order (id),
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- nurse_service_type dictionary: center 会所 · home 到家 · hospital 医院陪护.
  service_form text not null,
  address text not null default '',
  -- Planned period: first day and 下户 day (exclusive).
  start_date date not null,
  end_date date not null,
  daily_rate numeric(14, 2) not null,
  -- 上户 and 下户 as they happened.
  actual_start date,
  actual_end date,
  -- nurse_assignment_status enum.
  status text not null default 'pending_audit',
  -- A swap mid-service: the assignment this one took over from.
  replaces_id uuid references nurse_assignment (id),
  audited_by uuid,
  audited_at timestamptz,
  cancel_reason text,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_assignment_company_no_key unique (company_id, assignment_no),
  constraint nurse_assignment_period_check check (end_date > start_date),
  constraint nurse_assignment_actual_check check (actual_end is null or (actual_start is not null and actual_end >= actual_start)),
  constraint nurse_assignment_rate_check check (daily_rate >= 0),
  constraint nurse_assignment_status_check check (status in ('pending_audit', 'dispatched', 'in_service', 'completed', 'cancelled'))
);
create index nurse_assignment_nurse_idx on nurse_assignment (nurse_id, start_date);
create index nurse_assignment_store_period_idx on nurse_assignment (company_id, store_id, end_date, start_date);
create index nurse_assignment_order_idx on nurse_assignment (order_id) where order_id is not null;
create index nurse_assignment_customer_idx on nurse_assignment (customer_id);

create function nurse_assignment_lock(nurse uuid) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended(concat('nurse_assignment|', nurse), 0));
$$;

-- The days a live assignment keeps its nurse busy: from 上户 (or the plan) to 下户 when finished,
-- else to the planned end. Cancelled ones hold nothing.
create function nurse_assignment_busy(status text, start_date date, end_date date, actual_start date, actual_end date)
returns daterange language sql immutable as $$
  select case
    when status = 'cancelled' then null
    when status = 'completed' then daterange(coalesce(actual_start, start_date), greatest(coalesce(actual_end, end_date), coalesce(actual_start, start_date) + 1), '[)')
    else daterange(coalesce(actual_start, start_date), greatest(end_date, coalesce(actual_start, start_date) + 1), '[)')
  end;
$$;

-- As room_stay_no_overlap: a trigger under the nurse's lock holds on PGlite and PostgreSQL alike; the
-- refusal (23P01) names the assignment in the way in `detail`.
create function nurse_assignment_no_overlap() returns trigger language plpgsql as $$
declare
  mine daterange := nurse_assignment_busy(new.status, new.start_date, new.end_date, new.actual_start, new.actual_end);
  clash record;
begin
  if mine is null then
    return new;
  end if;
  perform nurse_assignment_lock(new.nurse_id);
  select a.assignment_no, a.start_date, a.end_date into clash
    from nurse_assignment a
   where a.nurse_id = new.nurse_id and a.id <> new.id and a.status <> 'cancelled'
     and nurse_assignment_busy(a.status, a.start_date, a.end_date, a.actual_start, a.actual_end) && mine
   limit 1;
  if found then
    raise exception 'nurse_assignment overlaps % (% .. %)', clash.assignment_no, clash.start_date, clash.end_date
      using errcode = '23P01', constraint = 'nurse_assignment_no_overlap', detail = clash.assignment_no;
  end if;
  return new;
end
$$;
create trigger nurse_assignment_no_overlap before insert or update on nurse_assignment for each row execute function nurse_assignment_no_overlap();

create table nurse_evaluation (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  assignment_id uuid not null references nurse_assignment (id),
  nurse_id uuid not null references monthly_nurse (id),
  customer_id uuid not null references customer (id),
  store_id uuid not null references store (id),
  -- 1–5.
  overall smallint not null check (overall between 1 and 5),
  -- { skill, attitude, hygiene, communication }: 1–5 each (docs/nurses.md).
  aspects jsonb not null default '{}',
  comment text not null default '',
  evaluated_at timestamptz not null default now(),
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_evaluation_assignment_key unique (assignment_id)
);
create index nurse_evaluation_nurse_idx on nurse_evaluation (nurse_id, evaluated_at desc);
create index nurse_evaluation_store_idx on nurse_evaluation (company_id, store_id, evaluated_at desc);

create table nurse_pay_standard (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  level text not null,
  practice_type text not null,
  service_type text not null,
  -- 26天参考价 and 日薪 (what the nurse is paid per day).
  price_26_days numeric(14, 2) not null,
  daily_rate numeric(14, 2) not null,
  enabled boolean not null default true,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_pay_standard_key unique (company_id, level, practice_type, service_type),
  constraint nurse_pay_standard_amounts_check check (price_26_days >= 0 and daily_rate >= 0)
);

create table nurse_settlement (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  settlement_no text not null,
  assignment_id uuid not null references nurse_assignment (id),
  nurse_id uuid not null references monthly_nurse (id),
  store_id uuid not null references store (id),
  days integer not null check (days >= 0),
  daily_rate numeric(14, 2) not null,
  base_amount numeric(14, 2) not null,
  bonus numeric(14, 2) not null default 0,
  deduction numeric(14, 2) not null default 0,
  total numeric(14, 2) not null,
  -- [{ kind: 'bonus' | 'deduction', name, amount }].
  items jsonb not null default '[]',
  -- pending_audit 待审核 · audited 已审核 · rejected 已驳回.
  status text not null default 'pending_audit',
  audited_by uuid,
  audited_at timestamptz,
  reject_reason text,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_settlement_company_no_key unique (company_id, settlement_no),
  constraint nurse_settlement_status_check check (status in ('pending_audit', 'audited', 'rejected'))
);
-- One live settlement per assignment; a rejected one may be settled again.
create unique index nurse_settlement_assignment_key on nurse_settlement (assignment_id) where status <> 'rejected';
create index nurse_settlement_store_idx on nurse_settlement (company_id, store_id, created_at desc);
create index nurse_settlement_nurse_idx on nurse_settlement (nurse_id);

-- The nurse's own page: a link an administrator issues for one nurse. Only the token's SHA-256 is kept.
create table nurse_link (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  nurse_id uuid not null references monthly_nurse (id) on delete cascade,
  token_hash text not null,
  expires_at timestamptz not null,
  revoked_at timestamptz,
  revoked_by uuid,
  last_used_at timestamptz,
  -- Images uploaded through this link: the only new paths her record may take from it.
  uploads text[] not null default '{}',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint nurse_link_token_key unique (token_hash)
);
create index nurse_link_nurse_idx on nurse_link (nurse_id, created_at desc);

-- 服务单 may name a monthly nurse.
alter table service_order add constraint service_order_nurse_fkey foreign key (nurse_id) references monthly_nurse (id);
