-- Customer list indexes for 1,000,000 customers (bench:customers). A list call runs a page query
-- and a count capped at 10,000 rows; both must read index entries, not the table:
-- * the columns a data rule filters on (store_id for a 店长's 门店范围, owner_id for a consultant's
--   own records) ride along (INCLUDE), so an index-only scan decides each row without the table;
-- * a 店长 of one store filtering by status and due date gets an index led by the store, in the
--   list's (due_date, id) order, so the page reads 20 entries and the count only that store's.
drop index customer_owner_created_idx;
create index customer_owner_created_idx on customer (company_id, owner_id, created_at desc) include (store_id);

drop index customer_owner_status_idx;
create index customer_owner_status_idx on customer (company_id, owner_id, status, created_at desc) include (store_id, due_date);

drop index customer_status_due_idx;
create index customer_status_due_idx on customer (company_id, status, due_date, id) include (store_id, owner_id);

create index customer_store_status_due_idx on customer (company_id, store_id, status, due_date, id) include (owner_id);

drop index customer_due_date_idx;
create index customer_due_date_idx on customer (company_id, due_date, id) include (store_id, owner_id) where due_date is not null;
