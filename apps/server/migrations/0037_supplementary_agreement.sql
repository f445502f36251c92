-- Issue 29, extensions keep the deal: each applied 续住 / 升级 produces a 补充协议, a contract of its
-- own (numbered, printed, signed and audited like the order's contract) naming its change order. The
-- order keeps one live main contract (the index now reads main contracts only) and one agreement per
-- change order. An agreement's amount is its change order's: below 0 for a cheaper 升级.
alter table contract add column change_order_id uuid references change_order (id);
drop index contract_one_live_per_order_idx;
create unique index contract_one_live_per_order_idx on contract (order_id) where status not in ('voided', 'terminated') and change_order_id is null;
create unique index contract_change_order_idx on contract (change_order_id) where change_order_id is not null;
alter table contract drop constraint contract_amount_check;
alter table contract add constraint contract_amount_check check (amount >= 0 or change_order_id is not null);
