import { randomUUID } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import type { AppConfig } from '../platform/config.js';
import type { DB } from '../platform/db/schema.js';
import { someoneElse } from './demo-four-eyes.js';
import { DEMO_COMPANY_CODE } from './demo-roles.js';

/**
 * A year of demo transactions for the demo company's CRM customers: each customer due in the last
 * year or the next ~7 weeks gets an order for a package in a room of her store, from her delivery to
 * the end of the package, with its contract, receivable plan, payments, room stay and package
 * services, in the state the calendar implies (已结账 long ago … 已确认 for next month), plus a few
 * extensions, cancellations with refunds, drafts and discounts awaiting approval. Rooms never double
 * book (stays are laid room by room), money holds (received = audited allocations), customers' and
 * rooms' statuses follow their orders. `buildDemoTrade` is pure (seeded random); the insert reads the
 * inputs and writes everything in one transaction.
 */

const DAY = 86_400_000;
const TIERS = ['basic', 'deluxe', 'suite'] as const;
type Tier = (typeof TIERS)[number];
const TIER_CODES: Record<Tier, string> = { basic: 'BASIC', deluxe: 'DLX', suite: 'SUITE' };
const TIER_WORDS: Record<Tier, string[]> = { basic: ['基础', '标准', '普通', 'STD', 'BASIC'], deluxe: ['豪华', 'DLX', 'DELUXE', 'LUX'], suite: ['套房', 'STE', 'SUITE'] };
const BABY_ITEMS = new Set(['baby_swim', 'baby_massage', 'baby_bath', 'jaundice_check']);
const METHODS = ['wechat', 'alipay', 'pos', 'transfer', 'cash'];
const DEPOSIT_CENTS = 500_000;

export interface TradeRoom { id: string; storeId: string; roomTypeId: string; tier: Tier | null; status: string }
export interface TradeProduct { id: string; code: string; versionId: string; snapshot: { items?: { serviceItem: string; onDemand: boolean; quantity: number | null }[] } & Record<string, unknown> }
export interface TradePrice { productId: string; storeId: string; roomTypeId: string | null; days: number; reference: string; floor: string }
export interface TradeCustomer { id: string; storeId: string; ownerId: string | null; channelId: string | null; level: string | null; dueDate: string | null; deliveryDate: string | null; createdAt: Date; babyId: string | null }

export interface DemoTradeContext {
  companyId: string;
  /** Today in Asia/Shanghai, `YYYY-MM-DD`. */
  today: string;
  adminId: string;
  financeId: string;
  /** Who audits and approves per store (店长), and who performs services (护理主管) per store. */
  managers: Map<string, string>;
  carers: Map<string, string[]>;
  rooms: TradeRoom[];
  products: TradeProduct[];
  prices: TradePrice[];
  customers: TradeCustomer[];
  counters: Map<string, number>;
  seed?: number;
}

type Row = Record<string, unknown>;
export interface DemoTrade {
  orders: Row[];
  stays: Row[];
  contracts: Row[];
  receivables: Row[];
  payments: Row[];
  allocations: Row[];
  services: Row[];
  changeOrders: Row[];
  /** 补充协议 of the extensions (contract rows naming their change order, inserted after them). */
  supplements: Row[];
  approvals: Row[];
  customerStatus: Map<string, string>;
  roomStatus: Map<string, string>;
  counters: Map<string, number>;
  numbers: { rule: string; number: string }[];
}

function prng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const toMs = (date: string) => Date.parse(`${date}T00:00:00+08:00`);
const dateOf = (ms: number) => new Date(ms + 8 * 3_600_000).toISOString().slice(0, 10);
const addDays = (date: string, days: number) => dateOf(toMs(date) + days * DAY);
/** An instant on a Shanghai day at the given hour. */
const at = (date: string, hour: number) => new Date(toMs(date) + hour * 3_600_000);
const cents = (money: string) => Math.round(Number(money) * 100);
const money = (c: number) => (c / 100).toFixed(2);

export function tierOf(name: string, code: string): Tier | null {
  return TIERS.find((t) => TIER_WORDS[t].some((w) => name.includes(w) || code.toUpperCase().includes(w))) ?? null;
}

export function buildDemoTrade(ctx: DemoTradeContext): DemoTrade {
  const random = prng(ctx.seed ?? 20_261_124);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
  const out: DemoTrade = {
    orders: [], stays: [], contracts: [], receivables: [], payments: [], allocations: [], services: [], changeOrders: [], supplements: [], approvals: [],
    customerStatus: new Map(), roomStatus: new Map(), counters: new Map(ctx.counters), numbers: [],
  };
  const number = (rule: string, prefix: string, date: string) => {
    const day = date.replaceAll('-', '');
    const key = `${rule}:${day}`;
    const value = (out.counters.get(key) ?? 0) + 1;
    out.counters.set(key, value);
    const n = `${prefix}${day}${String(value).padStart(4, '0')}`;
    out.numbers.push({ rule, number: n });
    return n;
  };
  const audit = (userId: string, date: string) => ({ created_by: userId, created_at: at(date, 10), updated_by: userId, updated_at: at(date, 10) });
  const today = ctx.today;
  const from = addDays(today, -360);
  const until = addDays(today, 50);
  const product = (tier: Tier, days: number) => ctx.products.find((p) => p.code === `PKG-${TIER_CODES[tier]}-${days}`);
  const priceOf = (productId: string, storeId: string, roomTypeId: string, days: number) =>
    ctx.prices.find((p) => p.productId === productId && p.storeId === storeId && p.roomTypeId === roomTypeId && p.days === days);
  // Each usable room's next free night.
  const freeFrom = new Map(ctx.rooms.filter((r) => r.status === 'free' && r.tier).map((r) => [r.id, addDays(from, -45 + Math.floor(random() * 30))]));
  const lastStayOfRoom = new Map<string, { start: string; end: string; status: string }>();
  let futureCount = 0;

  const arrivals = ctx.customers
    .map((c) => ({ c, arrival: c.deliveryDate ? addDays(c.deliveryDate, 2) : c.dueDate ? addDays(c.dueDate, 3) : null }))
    .filter((a): a is { c: TradeCustomer; arrival: string } => a.arrival !== null && a.arrival >= from && a.arrival <= until)
    // Ties keep the customers' number order (a stable sort): their ids are random, and a tie broken by
    // id gave every seeded database another draw of the demo.
    .sort((a, b) => a.arrival.localeCompare(b.arrival));

  for (const { c, arrival } of arrivals) {
    const wanted: Tier = c.level === 'svip' ? 'suite' : c.level === 'vip' ? 'deluxe' : 'basic';
    const baseDays = pick([28, 28, 35, 42] as const);
    const tiers = [wanted, ...TIERS.filter((t) => t !== wanted)];
    let room: TradeRoom | undefined;
    for (const tier of tiers) {
      room = ctx.rooms.filter((r) => r.storeId === c.storeId && r.tier === tier && freeFrom.has(r.id) && freeFrom.get(r.id)! <= arrival).sort((a, b) => freeFrom.get(a.id)!.localeCompare(freeFrom.get(b.id)!))[0];
      if (room) break;
    }
    if (!room) continue;
    const pkg = product(room.tier!, baseDays);
    const price = pkg && priceOf(pkg.id, c.storeId, room.roomTypeId, baseDays);
    if (!pkg || !price) continue;
    const manager = ctx.managers.get(c.storeId) ?? ctx.adminId;
    const consultant = c.ownerId ?? manager;
    // 四眼原则: what the consultant records is approved and audited by others (the 店长 may sell too).
    const approver = someoneElse(consultant, manager, ctx.adminId);
    const auditor = someoneElse(consultant, ctx.financeId, ctx.adminId);
    const orderDate = [dateOf(Math.max(c.createdAt.getTime(), toMs(addDays(arrival, -75)))), addDays(arrival, -40 - Math.floor(random() * 40))].sort().at(-1)!;
    if (orderDate > today) continue;

    // Drafts and discounts awaiting approval only among arrivals to come (every 7th and the one after
    // next), a few cancellations before arrival.
    const futureArrival = arrival > today;
    if (futureArrival) futureCount++;
    const kind = futureArrival && futureCount % 7 === 1 ? 'draft' : futureArrival && futureCount % 7 === 3 ? 'pending_audit' : random() > 0.96 ? 'cancelled' : 'live';
    const extended = kind === 'live' && arrival < addDays(today, -45) && random() < 0.12 ? 7 : 0;
    const days = baseDays + extended;
    const end = addDays(arrival, days);
    const status =
      kind !== 'live' ? kind
      : end <= addDays(today, -6) ? 'settled'
      : end <= today ? 'checked_out'
      : arrival <= today ? 'checked_in'
      : 'confirmed';
    const referenceC = cents(price.reference);
    const discount = kind === 'pending_audit' ? 0.12 : pick([0, 0, 0.03, 0.05, 0.08]);
    const dealC = Math.round((referenceC * (1 - discount)) / 10_000) * 10_000;
    const orderId = randomUUID();
    const orderNo = number('order_no', 'DD', orderDate);
    const holdsRoom = status !== 'draft' && status !== 'pending_audit' && status !== 'cancelled';
    // Some confirmed orders for next month still wait for a room (待排房).
    const roomed = holdsRoom && !(status === 'confirmed' && arrival > addDays(today, 20) && random() < 0.3);
    out.orders.push({
      id: orderId, company_id: ctx.companyId, order_no: orderNo, customer_id: c.id, store_id: c.storeId, product_id: pkg.id, product_version_id: pkg.versionId,
      product_snapshot: JSON.stringify(pkg.snapshot), room_type_id: room.roomTypeId, days, planned_check_in: arrival, planned_check_out: end,
      reference_price: money(referenceC), floor_price: price.floor, deal_price: money(dealC), discount: money(referenceC - dealC),
      consultant_id: consultant, channel_id: c.channelId, deposit_applied: '0.00', status,
      approved_by: discount > 0.1 && status !== 'pending_audit' ? approver : null, approved_at: null,
      checked_in_at: ['checked_in', 'checked_out', 'settled'].includes(status) ? at(arrival, 11) : null,
      checked_out_at: ['checked_out', 'settled'].includes(status) ? at(end, 10) : null,
      settled_at: status === 'settled' ? at(addDays(end, 1), 15) : null,
      cancelled_at: status === 'cancelled' ? at(addDays(orderDate, 10), 16) : null,
      cancel_reason: status === 'cancelled' ? pick(['客户改为居家坐月子', '客户预产期变更，改选其他机构', '家庭原因取消']) : null,
      ...audit(consultant, orderDate), updated_at: at(status === 'settled' ? addDays(end, 1) : orderDate, 15),
    });
    out.customerStatus.set(
      c.id,
      { draft: 'intention', pending_audit: 'intention', cancelled: 'intention', confirmed: roomed ? 'room_booked' : 'contract_audited', checked_in: 'checked_in', checked_out: 'checked_out_unsettled', settled: 'checked_out_settled' }[status]!,
    );
    if (status === 'draft' || status === 'pending_audit') continue;

    // The contract: signed the day after the order, audited the day after; ended at settlement.
    const signed = addDays(orderDate, 1);
    const contractId = randomUUID();
    out.contracts.push({
      id: contractId, company_id: ctx.companyId, contract_no: number('contract_no', 'HT', signed), order_id: orderId, customer_id: c.id, store_id: c.storeId,
      type: 'confinement', signed_at: at(signed, 14), signer_id: consultant, amount: money(dealC), first_payment: money(Math.round(dealC / 2)),
      terms: `<h2>母婴护理服务合同</h2><p>甲方（客户）与乙方（会所）就「${String(pkg.snapshot.name ?? pkg.code)}」${days}天母婴护理服务达成如下约定：服务自 ${arrival} 起至 ${end} 止，合同总价人民币 ${money(dealC)} 元。</p>`,
      status: status === 'cancelled' ? 'voided' : status === 'settled' ? 'ended' : 'effective',
      audited_by: status === 'cancelled' && random() < 0.5 ? null : manager, audited_at: at(addDays(signed, 1), 11),
      close_reason: status === 'cancelled' ? '订单取消' : null, closed_at: status === 'cancelled' ? at(addDays(orderDate, 10), 16) : status === 'settled' ? at(addDays(end, 1), 15) : null,
      ...audit(consultant, signed),
    });

    // The plan: 定金 and 首付 before check-in, 尾款 at check-out, 续住 for an extension.
    const firstC = Math.round(dealC / 2) - DEPOSIT_CENTS;
    const extensionC = extended ? Math.round(((dealC / baseDays) * extended) / 100) * 100 : 0;
    // The extension's own line: its reference per signed night, its discount the difference.
    const extensionReferenceC = extended ? Math.round(((referenceC / baseDays) * extended) / 100) * 100 : 0;
    const finalC = dealC - DEPOSIT_CENTS - firstC;
    const plan = [
      { item: 'deposit', due: orderDate, amount: DEPOSIT_CENTS, before: true },
      { item: 'first_payment', due: addDays(arrival, -7) < orderDate ? orderDate : addDays(arrival, -7), amount: firstC, before: true },
      { item: 'final_payment', due: end, amount: finalC, before: false },
      ...(extended ? [{ item: 'extension', due: addDays(end, -extended), amount: extensionC, before: false }] : []),
    ];
    // What was paid: everything once settled; the first two once checked in; the deposit always;
    // 首付 for arrivals within two weeks; part of the 尾款 for some unsettled check-outs.
    const paidC = (item: string, amount: number): number => {
      if (status === 'settled') return amount;
      if (status === 'cancelled') return item === 'deposit' ? amount : 0;
      if (item === 'deposit') return amount;
      if (item === 'first_payment') return status !== 'confirmed' || arrival <= addDays(today, 14) ? amount : 0;
      if (item === 'final_payment' && status === 'checked_out') return random() < 0.5 ? Math.round(amount / 2 / 100) * 100 : 0;
      return 0;
    };
    let changeOrderId: string | null = null;
    if (extended) {
      changeOrderId = randomUUID();
      const asked = addDays(end, -extended - 5);
      out.changeOrders.push({
        id: changeOrderId, company_id: ctx.companyId, change_no: number('change_order_no', 'BG', asked), order_id: orderId, customer_id: c.id, store_id: c.storeId,
        // The signed deal stays; the extension's line is the plan's movement (docs/ledger.md: plan = deal + plan_delta).
        kind: 'extend', days: extended, amount_delta: money(extensionC), plan_delta: money(extensionC),
        reference_delta: money(extensionReferenceC), discount_delta: money(extensionReferenceC - extensionC), reason: '宝宝黄疸观察，客户申请续住一周', status: 'approved', approval_step: 1,
        submitted_at: at(asked, 10), decided_at: at(asked, 16), applied_at: at(asked, 16), ...audit(consultant, asked),
      });
      out.approvals.push({ id: randomUUID(), company_id: ctx.companyId, change_order_id: changeOrderId, step: 1, approver_id: approver, decision: 'approved', comment: '同意', decided_at: at(asked, 16) });
      // Its 补充协议 beside the contract (docs/ledger.md), signed and audited the next day.
      out.supplements.push({
        id: randomUUID(), company_id: ctx.companyId, contract_no: number('contract_no', 'HT', asked), order_id: orderId, customer_id: c.id, store_id: c.storeId, change_order_id: changeOrderId,
        type: 'extension', signed_at: at(addDays(asked, 1), 10), signer_id: consultant, amount: money(extensionC), first_payment: '0.00',
        terms: `<h1>补充协议</h1><p>原合同成交价人民币 ${money(dealC)} 元按原合同履行。变更内容：续住 ${extended} 天；变更参考价人民币 ${money(extensionReferenceC)} 元，变更优惠人民币 ${money(extensionReferenceC - extensionC)} 元，变更金额人民币 ${money(extensionC)} 元。</p>`,
        status: status === 'settled' ? 'ended' : 'effective', audited_by: manager, audited_at: at(addDays(asked, 1), 11),
        close_reason: null, closed_at: status === 'settled' ? at(addDays(end, 1), 15) : null,
        ...audit(consultant, asked),
      });
    }
    for (const line of plan) {
      const receivableId = randomUUID();
      const paid = paidC(line.item, line.amount);
      out.receivables.push({
        id: receivableId, company_id: ctx.companyId, order_id: orderId, contract_id: contractId, customer_id: c.id, store_id: c.storeId,
        item: line.item, due_date: line.due, amount: money(line.amount), received: money(paid), due_before_check_in: line.before,
        status: paid === 0 ? 'unpaid' : paid < line.amount ? 'partial' : 'paid', change_order_id: line.item === 'extension' ? changeOrderId : null,
        ...audit(consultant, orderDate),
      });
      if (paid === 0) continue;
      const paidOn = [line.due, today].sort()[0]!;
      const paymentId = randomUUID();
      out.payments.push({
        id: paymentId, company_id: ctx.companyId, payment_no: number('payment_no', 'SK', paidOn), customer_id: c.id, store_id: c.storeId, order_id: orderId,
        method: pick(METHODS), amount: money(paid), unapplied: '0.00', paid_at: at(paidOn, 11), payer: '客户本人', status: 'audited',
        audited_by: auditor, audited_at: at(paidOn, 17), ...audit(consultant, paidOn),
      });
      out.allocations.push({ id: randomUUID(), company_id: ctx.companyId, payment_id: paymentId, receivable_id: receivableId, amount: money(paid), created_at: at(paidOn, 11) });
    }
    // A payment of next month's 首付 waiting for finance's audit now and then.
    if (status === 'confirmed' && arrival > addDays(today, 14) && random() < 0.3) {
      const receivable = out.receivables.at(-2)!;
      const paymentId = randomUUID();
      out.payments.push({
        id: paymentId, company_id: ctx.companyId, payment_no: number('payment_no', 'SK', today), customer_id: c.id, store_id: c.storeId, order_id: orderId,
        method: 'transfer', amount: receivable.amount, unapplied: '0.00', paid_at: at(today, 9), payer: '客户本人', status: 'pending_audit', ...audit(consultant, today),
      });
      out.allocations.push({ id: randomUUID(), company_id: ctx.companyId, payment_id: paymentId, receivable_id: receivable.id, amount: receivable.amount, created_at: at(today, 9) });
    }
    if (status === 'cancelled') {
      // The deposit went back through an approved refund change order and an audited negative payment.
      const cancelled = addDays(orderDate, 10);
      const refundId = randomUUID();
      const coId = randomUUID();
      // The refund payment is written in the last approver's name (as applying does), so another audits it.
      const financeApprover = someoneElse(consultant, ctx.financeId, ctx.adminId);
      const refundAuditor = someoneElse(financeApprover, ctx.financeId, ctx.adminId);
      out.changeOrders.push({
        id: coId, company_id: ctx.companyId, change_no: number('change_order_no', 'BG', cancelled), order_id: orderId, customer_id: c.id, store_id: c.storeId,
        kind: 'refund', amount_delta: money(-DEPOSIT_CENTS), reason: '订单取消，退还定金', status: 'approved', approval_step: 2,
        submitted_at: at(cancelled, 16), decided_at: at(addDays(cancelled, 1), 11), applied_at: at(addDays(cancelled, 1), 11), refund_payment_id: refundId, ...audit(consultant, cancelled),
      });
      out.approvals.push(
        { id: randomUUID(), company_id: ctx.companyId, change_order_id: coId, step: 1, approver_id: approver, decision: 'approved', comment: '同意退定金', decided_at: at(cancelled, 17) },
        { id: randomUUID(), company_id: ctx.companyId, change_order_id: coId, step: 2, approver_id: financeApprover, decision: 'approved', comment: '已核对', decided_at: at(addDays(cancelled, 1), 11) },
      );
      // As the receivable module refunds: a negative payment with no allocation (it lowers what was
      // paid in, not the deposit line), after the plan was written off at what was received.
      out.payments.push({
        id: refundId, company_id: ctx.companyId, payment_no: number('payment_no', 'SK', addDays(cancelled, 1)), customer_id: c.id, store_id: c.storeId, order_id: orderId,
        method: 'transfer', amount: money(-DEPOSIT_CENTS), unapplied: money(-DEPOSIT_CENTS), paid_at: at(addDays(cancelled, 1), 14), payer: '退款', status: 'audited',
        change_order_id: coId, audited_by: refundAuditor, audited_at: at(addDays(cancelled, 1), 15), ...audit(financeApprover, addDays(cancelled, 1)),
      });
      for (const r of out.receivables.filter((x) => x.order_id === orderId)) {
        // Written off at what was received, the rest kept as written_off (docs/ledger.md).
        r.written_off = money(cents(String(r.amount)) - cents(String(r.received)));
        r.amount = r.received;
      }
      continue;
    }
    if (!roomed) continue;

    const stayStatus = status === 'confirmed' ? 'booked' : status === 'checked_in' ? 'in_house' : 'ended';
    out.stays.push({
      id: randomUUID(), company_id: ctx.companyId, store_id: c.storeId, room_id: room.id, order_id: orderId, customer_id: c.id, start_date: arrival, end_date: end,
      status: stayStatus, checked_in_at: stayStatus === 'booked' ? null : at(arrival, 11), checked_out_at: stayStatus === 'ended' ? at(end, 10) : null, ...audit(consultant, orderDate),
    });
    freeFrom.set(room.id, addDays(end, 1 + Math.floor(random() * 6)));
    lastStayOfRoom.set(room.id, { start: arrival, end, status: stayStatus });

    // Package services delivered during the stay: quantity-bound items, spread over the nights passed.
    if (status === 'confirmed') continue;
    const carers = ctx.carers.get(c.storeId) ?? [];
    const nightsPassed = Math.max(0, Math.min(days, (toMs(today) - toMs(arrival)) / DAY));
    for (const item of pkg.snapshot.items ?? []) {
      if (item.onDemand || !item.quantity) continue;
      const share = status === 'checked_in' ? nightsPassed / days : 0.7 + random() * 0.3;
      const done = Math.min(item.quantity, Math.round(item.quantity * share));
      const planned = status === 'checked_in' ? Math.min(item.quantity - done, 2) : 0;
      for (let i = 0; i < done + planned; i++) {
        const future = i >= done;
        const day = future ? addDays(today, 1 + i - done) : addDays(arrival, Math.floor(((i + 0.5) * (status === 'checked_in' ? nightsPassed : baseDays)) / Math.max(done, 1)));
        const baby = BABY_ITEMS.has(item.serviceItem) && c.babyId;
        out.services.push({
          id: randomUUID(), company_id: ctx.companyId, service_no: number('service_order_no', 'FW', [day, today].sort()[0]!), order_id: orderId, customer_id: c.id, store_id: c.storeId,
          subject: baby ? 'baby' : 'mother', baby_id: baby ? c.babyId : null, service_item: item.serviceItem, source: 'package', quantity: 1,
          scheduled_at: at(day, 9 + (i % 8)), executor_id: carers.length ? carers[i % carers.length] : null, status: future ? 'dispatched' : 'completed',
          result: future ? '' : '服务完成，客户满意', started_at: future ? null : at(day, 9 + (i % 8)), completed_at: future ? null : at(day, 10 + (i % 8)),
          ...audit(manager, [day, today].sort()[0]!),
        });
      }
    }
  }

  // Rooms follow their stays: 在住 (预退房 on the last night), 脏房 the day of a check-out, 已预订 for
  // an arrival tomorrow.
  for (const [roomId, stay] of lastStayOfRoom) {
    if (stay.status === 'in_house') out.roomStatus.set(roomId, stay.end <= addDays(today, 1) ? 'checking_out' : 'occupied');
    else if (stay.status === 'ended' && stay.end === today) out.roomStatus.set(roomId, 'dirty');
    else if (stay.status === 'booked' && stay.start <= addDays(today, 1)) out.roomStatus.set(roomId, 'reserved');
  }
  for (const s of out.stays) {
    if (s.status === 'in_house') out.roomStatus.set(s.room_id as string, (s.end_date as string) <= addDays(today, 1) ? 'checking_out' : 'occupied');
  }
  return out;
}

/** Reads the demo company's rooms, packages, prices and customers, then writes the year of transactions. */
export async function insertDemoTrade(trx: Transaction<DB>, companyId: string, now = new Date()): Promise<Record<string, number>> {
  const today = dateOf(now.getTime());
  const admin = await trx.selectFrom('user_company as uc').innerJoin('app_user as u', 'u.id', 'uc.user_id').select('u.id').where('uc.company_id', '=', companyId).where('u.username', '=', 'admin').executeTakeFirst();
  const byRole = async (role: string) =>
    sql<{ user_id: string; store_id: string | null }>`
      select ug.user_id, (select us.store_id from user_store us where us.user_id = ug.user_id order by us.store_id limit 1) as store_id
        from user_security_group ug join security_group g on g.id = ug.group_id
       where g.company_id = ${companyId} and g.name = ${role} order by ug.user_id`.execute(trx).then((r) => r.rows);
  const managers = await byRole('店长');
  const carers = await byRole('护理主管');
  const finance = (await byRole('财务'))[0];
  const adminId = admin?.id ?? managers[0]?.user_id;
  if (!adminId) return {};
  const roomTypes = await trx.selectFrom('room_type').select(['id', 'name', 'code']).where('company_id', '=', companyId).execute();
  const tierOfType = new Map(roomTypes.map((t) => [t.id, tierOf(t.name, t.code)]));
  const rooms = (await trx.selectFrom('room').select(['id', 'store_id', 'room_type_id', 'status']).where('company_id', '=', companyId).orderBy('store_id').orderBy('floor').orderBy('room_no').execute())
    .map((r) => ({ id: r.id, storeId: r.store_id, roomTypeId: r.room_type_id, tier: tierOfType.get(r.room_type_id) ?? null, status: r.status }));
  const products = (
    await sql<{ id: string; code: string; version_id: string; snapshot: TradeProduct['snapshot'] }>`
      select p.id, p.code, v.id as version_id, v.snapshot from product p join product_version v on v.id = p.current_version_id
       where p.company_id = ${companyId} and p.code like 'PKG-%'`.execute(trx)
  ).rows.map((p) => ({ id: p.id, code: p.code, versionId: p.version_id, snapshot: typeof p.snapshot === 'string' ? JSON.parse(p.snapshot) : p.snapshot }));
  const prices = (
    await sql<{ product_id: string; store_id: string; room_type_id: string | null; days: number; reference_price: string; floor_price: string }>`
      select product_id, store_id, room_type_id, days, reference_price, floor_price from finance_price
       where company_id = ${companyId} and effective_from <= ${today}::date and (effective_to is null or effective_to >= ${today}::date)`.execute(trx)
  ).rows.map((p) => ({ productId: p.product_id, storeId: p.store_id, roomTypeId: p.room_type_id, days: p.days, reference: p.reference_price, floor: p.floor_price }));
  const customers = (
    await sql<{ id: string; store_id: string; owner_id: string | null; channel_id: string | null; level: string | null; due_date: string | null; delivery_date: string | null; created_at: Date; baby_id: string | null }>`
      select c.id, c.store_id, c.owner_id, c.channel_id, c.level, c.due_date, c.delivery_date, c.created_at,
             (select b.id from baby b where b.customer_id = c.id order by b.created_at limit 1) as baby_id
        from customer c where c.company_id = ${companyId} and c.status = 'intention' order by c.customer_no`.execute(trx)
  ).rows.map((c) => ({ id: c.id, storeId: c.store_id, ownerId: c.owner_id, channelId: c.channel_id, level: c.level, dueDate: c.due_date, deliveryDate: c.delivery_date, createdAt: new Date(c.created_at), babyId: c.baby_id }));
  const counterRows = await trx.selectFrom('number_rule_counter').select(['rule_code', 'period', 'value']).execute();
  const carerMap = new Map<string, string[]>();
  for (const c of carers) if (c.store_id) carerMap.set(c.store_id, [...(carerMap.get(c.store_id) ?? []), c.user_id]);

  const data = buildDemoTrade({
    companyId, today, adminId, financeId: finance?.user_id ?? adminId,
    managers: new Map(managers.filter((m) => m.store_id).map((m) => [m.store_id!, m.user_id])), carers: carerMap,
    rooms, products, prices, customers, counters: new Map(counterRows.map((r) => [`${r.rule_code}:${r.period}`, Number(r.value)])),
  });

  const insert = async (table: keyof DB, rows: Row[]) => {
    for (let i = 0; i < rows.length; i += 400) await trx.insertInto(table).values(rows.slice(i, i + 400) as never).execute();
  };
  await insert('sales_order', data.orders);
  await insert('contract', data.contracts);
  await insert('change_order', data.changeOrders.map((c) => ({ ...c, refund_payment_id: null })));
  await insert('change_order_approval', data.approvals);
  await insert('contract', data.supplements);
  await insert('receivable', data.receivables);
  await insert('payment', data.payments);
  await insert('payment_allocation', data.allocations);
  for (const c of data.changeOrders) if (c.refund_payment_id) await trx.updateTable('change_order').set({ refund_payment_id: c.refund_payment_id as string }).where('id', '=', c.id as string).execute();
  await insert('room_stay', data.stays);
  await insert('service_order', data.services);
  for (const [status, ids] of groupBy(data.customerStatus)) await trx.updateTable('customer').set({ status: status as never }).where('id', 'in', ids).execute();
  for (const [status, ids] of groupBy(data.roomStatus)) await trx.updateTable('room').set({ status }).where('id', 'in', ids).execute();
  await sql`insert into number_rule_issued (rule_code, number) select * from unnest(${data.numbers.map((n) => n.rule)}::text[], ${data.numbers.map((n) => n.number)}::text[]) on conflict do nothing`.execute(trx);
  const counters = [...data.counters].map(([key, value]) => ({ rule: key.slice(0, key.indexOf(':')), period: key.slice(key.indexOf(':') + 1), value }));
  await sql`
    insert into number_rule_counter (rule_code, period, value)
    select * from unnest(${counters.map((c) => c.rule)}::text[], ${counters.map((c) => c.period)}::text[], ${counters.map((c) => c.value)}::bigint[])
    on conflict (rule_code, period) do update set value = greatest(number_rule_counter.value, excluded.value)`.execute(trx);
  return { orders: data.orders.length, stays: data.stays.length, payments: data.payments.length, services: data.services.length, changeOrders: data.changeOrders.length };
}

function groupBy(map: Map<string, string>): Map<string, string[]> {
  const groups = new Map<string, string[]>();
  for (const [id, value] of map) groups.set(value, [...(groups.get(value) ?? []), id]);
  return groups;
}

const LOCK_KEY = 7_202_660;
const SEED_KEY = 'demo:trade';
const AFTER = ['demo:crm:data', 'demo:finance-price'];

/** With the demo CRM records (DEMO_CRM_DATA=on), once, after them and the demo prices. */
export async function seedDemoTradeIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<Record<string, number> | null> {
  if (!config.demoCrmData) return null;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return null;
    const done = await trx.selectFrom('seed_record').select('key').where('key', 'in', [SEED_KEY, ...AFTER]).execute();
    if (done.some((d) => d.key === SEED_KEY) || done.length < AFTER.length) return null;
    const inserted = await insertDemoTrade(trx, company.id);
    await trx.insertInto('seed_record').values({ key: SEED_KEY }).execute();
    return inserted;
  });
}
