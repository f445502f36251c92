-- Issue 29, the ledger rules (docs/ledger.md): an order's plan equals its price.
--   Σ receivable.amount + Σ receivable.written_off = sales_order.deal_price + Σ change_order.plan_delta
--   (approved change orders), for every order past 草稿/待审核.
-- written_off: what a cancellation closed unpaid (it no longer owes, but the plan's story keeps it).
-- plan_delta: how much an approved change order moved the plan beyond the deal price (换房 difference
-- raised or lowered on what is still owed, 调账); 续住 and 升级 move the deal price itself, so 0.
-- 调账 (adjust): a change order on one receivable (receivable_id, named when it is raised) by
-- amount_delta, with its reason and approval.
alter table receivable add column written_off numeric(14, 2) not null default 0;
alter table change_order add column plan_delta numeric(14, 2) not null default 0;
alter table change_order drop constraint change_order_kind_check;
alter table change_order add constraint change_order_kind_check check (kind in ('extend', 'change_room', 'upgrade', 'refund', 'adjust'));
