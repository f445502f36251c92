-- Issue 29, one definition of every figure (docs/reports.md): in the 收款 fact a reversal (冲销) takes
-- the kind of the payment it names, so a reversed receipt lowers `received` and never counts in
-- `refunded` (only a refund does); and each row counts its payments per item in `item_payments`, so a
-- figure by item (尾款 35,500.00) has its 笔数 (the first-item `payments` left other items at 0).
alter table fact_payment_day add column item_payments integer not null default 0;

-- Every day with payments is recomputed under the new definitions on the next read (or by the job).
insert into fact_dirty_day (company_id, fact, day)
select distinct company_id, 'payment', fact_day(paid_at) from payment
on conflict do nothing;
