-- Issue 29, extensions keep the deal (docs/ledger.md). A 续住 or 升级 no longer grows the order's deal
-- price: the order keeps its signed deal, reference and discount, and the change order is a priced
-- line of its own — amount_delta (its deal), reference_delta (its reference price) and
-- discount_delta (reference − amount) — carried into the plan by plan_delta, as 换房 already was:
--   Σ receivable.amount + Σ receivable.written_off = sales_order.deal_price + Σ change_order.plan_delta.
-- Other kinds keep 0 in both new columns.
alter table change_order add column reference_delta numeric(14, 2) not null default 0;
alter table change_order add column discount_delta numeric(14, 2) not null default 0;

-- Past 续住 / 升级 grew sales_order.deal_price by their amount (plan_delta 0; a cheaper 升级 kept its
-- refunded part, |amount| − lowered, in plan_delta), and an 升级 scaled the reference by the deal's
-- growth (reference × deal after ÷ deal before). Rows written that way (the demo seed already wrote a
-- 续住 the new way: plan_delta = amount) are put back: the deal less their amounts, the reference with
-- each 升级's factor undone in the order they were applied, plan_delta + amount (extend and a dearer
-- 升级: + the new line; a cheaper 升级: − what was lowered), and every 续住 / 升级's line priced at the
-- signed discount (reference = amount × signed reference ÷ signed deal, to the cent).
create temporary table extension_fix on commit drop as
with lines as (
  select
    c.id,
    c.order_id,
    c.kind,
    c.amount_delta,
    not (c.kind = 'extend' and c.plan_delta = c.amount_delta and c.amount_delta <> 0) as old_rule,
    coalesce(c.applied_at, c.decided_at, c.created_at) as applied
  from change_order c
  where c.status = 'approved' and c.kind in ('extend', 'upgrade') and c.order_id is not null
),
old as (
  select
    l.*,
    o.deal_price - sum(l.amount_delta) over (partition by l.order_id) as deal0,
    o.deal_price - sum(l.amount_delta) over (partition by l.order_id)
      + coalesce(sum(l.amount_delta) over (partition by l.order_id order by l.applied, l.id rows between unbounded preceding and 1 preceding), 0) as deal_before
  from lines l
  join sales_order o on o.id = l.order_id
  where l.old_rule
)
select
  o.id as order_id,
  coalesce(min(x.deal0), o.deal_price) as deal0,
  round(o.reference_price * exp(coalesce(sum(
    case when x.kind = 'upgrade' and x.deal_before > 0 and x.deal_before + x.amount_delta > 0 then ln(x.deal_before / (x.deal_before + x.amount_delta)) end
  ), 0)), 2) as reference0,
  count(x.id) > 0 as moved
from sales_order o
left join old x on x.order_id = o.id
where o.id in (select order_id from lines)
group by o.id, o.deal_price, o.reference_price;

update change_order c
set plan_delta = c.plan_delta + c.amount_delta
from extension_fix t
where t.order_id = c.order_id
  and c.status = 'approved'
  and c.kind in ('extend', 'upgrade')
  and not (c.kind = 'extend' and c.plan_delta = c.amount_delta and c.amount_delta <> 0);

update change_order c
set reference_delta = case when t.deal0 > 0 then round(c.amount_delta * t.reference0 / t.deal0, 2) else c.amount_delta end,
    discount_delta = case when t.deal0 > 0 then round(c.amount_delta * t.reference0 / t.deal0, 2) else c.amount_delta end - c.amount_delta
from extension_fix t
where t.order_id = c.order_id and c.status = 'approved' and c.kind in ('extend', 'upgrade');

update sales_order o
set deal_price = t.deal0, reference_price = t.reference0, discount = t.reference0 - t.deal0
from extension_fix t
where t.order_id = o.id and t.moved;
