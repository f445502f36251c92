-- 订房预约 room holds on the reservation table (kind room_hold): planned check-in, nights, room type or
-- room, and the deposit taken as a payment. 待排房 → 已预订 → 已转订单 / 已取消.

alter table reservation
  add column planned_check_in date,
  add column days integer check (days is null or days between 1 and 365),
  add column room_type_id uuid references room_type (id),
  add column room_id uuid references room (id),
  add column deposit_amount numeric(14, 2) not null default 0 check (deposit_amount >= 0),
  add column deposit_payment_id uuid references payment (id),
  add column order_id uuid references sales_order (id);

alter table reservation add constraint reservation_room_hold_check check (
  kind <> 'room_hold' or (planned_check_in is not null and days is not null and status in ('pending', 'booked', 'converted', 'cancelled')));
create index reservation_hold_idx on reservation (company_id, store_id, planned_check_in) where kind = 'room_hold';
