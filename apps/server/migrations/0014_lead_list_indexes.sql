-- Lead list indexes, as 0012 did for customers. A list call runs its page and a count capped at
-- 10,000 over the lead table alone; both should read index entries in the list's order:
-- * a 销售顾问's own leads (rule owner_id = me) and a 店长's store's (rule preferred_store_id in my
--   stores), newest first, with the other rule column and the status riding along (INCLUDE) so the
--   count decides each entry without the table;
-- * the pool (公海), by released_at desc nulls last, id — the order the pool list asks for.
create index lead_owner_created_idx on lead (company_id, owner_id, created_at desc) include (preferred_store_id, status);

drop index lead_store_idx;
create index lead_store_created_idx on lead (company_id, preferred_store_id, created_at desc) include (owner_id, status);

drop index lead_created_idx;
create index lead_created_idx on lead (company_id, created_at desc) include (owner_id, preferred_store_id, status);

drop index lead_pool_idx;
create index lead_pool_idx on lead (company_id, released_at desc nulls last, id) include (preferred_store_id, status) where owner_id is null;

-- A 店长 sorting the store's leads by 预产期 (due_date asc nulls last, id: the index's own order).
create index lead_store_due_idx on lead (company_id, preferred_store_id, due_date, id) include (owner_id, status);

-- A 销售顾问's 跟进到期 (open leads whose next follow-up has come): counted from the index alone.
create index lead_owner_follow_due_idx on lead (company_id, owner_id, next_follow_at) include (preferred_store_id)
  where status in ('pending', 'following', 'visit_booked');
