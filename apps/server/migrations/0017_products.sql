-- 产品 products and packages, their versions, and 财务定价 finance set prices.

create table product (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  code text not null,
  name text not null,
  -- product_kind dictionary (月子套餐/小月子/月嫂服务/单项服务/商品).
  kind text not null,
  -- The stores that sell it (store ids; checked by the service like store.modes).
  store_ids text[] not null default '{}',
  days integer not null default 0 check (days >= 0),
  room_type_id uuid references room_type (id),
  list_price numeric(14, 2) not null default 0 check (list_price >= 0),
  -- Included services: [{ serviceItem (service_item dictionary), onDemand, quantity, validDays }].
  items jsonb not null default '[]',
  enabled boolean not null default true,
  remark text not null default '',
  -- The version orders placed now take (product_version); set in the same transaction as the row.
  current_version_id uuid,
  version_no integer not null default 0,
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint product_company_code_key unique (company_id, code)
);
create index product_created_idx on product (company_id, created_at desc, id);
create index product_kind_idx on product (company_id, kind, name);
create index product_store_ids_idx on product using gin (store_ids);

-- What was sold: one row per version of a product's sellable content (code, name, kind, days, room
-- type, list price, items). Orders keep the version id they were placed with, so a row is written
-- once and never changed: an edit of the product inserts the next version instead. The trigger below
-- refuses every update and delete, whoever writes.
create table product_version (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  product_id uuid not null references product (id),
  version_no integer not null check (version_no >= 1),
  snapshot jsonb not null,
  created_by uuid,
  created_at timestamptz not null default now(),
  constraint product_version_no_key unique (product_id, version_no)
);
alter table product add constraint product_current_version_fk foreign key (current_version_id) references product_version (id);

create function product_version_frozen() returns trigger language plpgsql as $$
begin
  raise exception 'product_version % is frozen: edit the product to write a new version', old.id using errcode = '55000';
end
$$;
create trigger product_version_frozen before update or delete on product_version for each row execute function product_version_frozen();

create table finance_price (
  id uuid primary key default gen_random_uuid(),
  company_id uuid not null references company (id),
  product_id uuid not null references product (id),
  store_id uuid not null references store (id),
  -- None for products sold without a room (单项服务, 月嫂服务 …).
  room_type_id uuid references room_type (id),
  days integer not null default 0 check (days >= 0),
  reference_price numeric(14, 2) not null check (reference_price >= 0),
  floor_price numeric(14, 2) not null check (floor_price >= 0),
  effective_from date not null,
  -- Inclusive; none: open-ended.
  effective_to date,
  remark text not null default '',
  created_by uuid,
  created_at timestamptz not null default now(),
  updated_by uuid,
  updated_at timestamptz not null default now(),
  version integer not null default 1,
  constraint finance_price_floor_check check (floor_price <= reference_price),
  constraint finance_price_period_check check (effective_to is null or effective_to >= effective_from)
);
-- The look-up and the overlap check read one combination's periods.
create index finance_price_combination_idx on finance_price (company_id, product_id, store_id, days, effective_from);
create index finance_price_list_idx on finance_price (company_id, effective_from desc, id);

-- Serialises writers of one product × store × room type × days until their transaction ends (the
-- service takes it before its check, the trigger again before the insert or update).
create function finance_price_lock(company uuid, product uuid, store uuid, room_type uuid, days integer) returns void language sql as $$
  select pg_advisory_xact_lock(hashtextextended(concat_ws('|', 'finance_price', company, product, store, coalesce(room_type::text, '-'), days), 0));
$$;

-- No two rows of a combination in force on the same day. An exclusion constraint would need
-- btree_gist, which PGlite only has when the app loads it; a trigger under the combination's lock
-- holds on both databases (each statement of the function reads what committed before the lock).
create function finance_price_no_overlap() returns trigger language plpgsql as $$
declare
  clash record;
begin
  perform finance_price_lock(new.company_id, new.product_id, new.store_id, new.room_type_id, new.days);
  select f.effective_from, f.effective_to into clash
    from finance_price f
   where f.company_id = new.company_id and f.product_id = new.product_id and f.store_id = new.store_id
     and f.room_type_id is not distinct from new.room_type_id and f.days = new.days and f.id <> new.id
     and daterange(f.effective_from, f.effective_to, '[]') && daterange(new.effective_from, new.effective_to, '[]')
   limit 1;
  if found then
    raise exception 'finance_price period overlaps % .. %', clash.effective_from, coalesce(clash.effective_to::text, 'open')
      using errcode = '23P01', constraint = 'finance_price_no_overlap';
  end if;
  return new;
end
$$;
create trigger finance_price_no_overlap before insert or update on finance_price for each row execute function finance_price_no_overlap();
