import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  biContract,
  BiPermission,
  centsToPrice,
  priceCents,
  type AnalysisKpi,
  type CustomerBi,
  type IndexChart,
  type NurseBi,
  type OrderBi,
  type RoomBi,
  type StoreAmount,
  type StoreBoard,
} from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import * as data from '../report-facts/report-facts.test-data.js';
import { addAssignment, addLeave, addNurse, newStore } from '../nurse-schedule/nurse-schedule.test-data.js';

// A prepared data set in two new stores (X, Y): June 2025 for the BI pages and 指标图表, today for 分析页
// and 门店看板. Every expected figure is computed below from the records as they are inserted.

const FROM = '2025-06-01';
const TO = '2025-06-30';
const today = shanghaiDate();
const days = (from: string, to: string) => Array.from({ length: Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1 }, (_, i) => addDays(from, i));
const inPeriod = (day: string, from = FROM, to = TO) => day >= from && day <= to;
const yuan = (cents: number) => centsToPrice(cents);
const pct = (part: number, whole: number) => (whole === 0 ? null : Math.round((part * 1000) / whole) / 10);
const sum = <T>(rows: readonly T[], f: (r: T) => number) => rows.reduce((s, r) => s + f(r), 0);

interface OrderRec { key: string; store: 'X' | 'Y'; customer: string; product: 'P1' | 'P2'; created: string; reference: string; deal: string; status: string; checkedIn?: string; roomType?: 'T1' | 'T2' }
interface StayRec { room: string; order: string; start: string; end: string; status: string }
interface PaymentRec { order: string; method: string; amount: string; status: string; paid: string; allocations?: { receivable: string; amount: string }[] }
interface ReceivableRec { key: string; order: string; item: string; due: string; amount: string; received: string }

describe('BI, 分析页, 指标图表, 门店看板 and 门店金额', () => {
  const app = useAdminApp();
  const ids: Record<string, string> = {};
  const post = <T>(path: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(path, body, { token });
  const call = <T>(path: string, body: Record<string, unknown>, token = app.admin) => resultOf(post<T>(path, body, token));
  const worksIn = (userId: string, stores: string[]) => app.db.insertInto('user_store').values(stores.map((k) => ({ user_id: userId, store_id: ids[k]! }))).execute();

  // ---- the records
  const channels = [
    { key: 'LC1', name: `抖音BI${Date.now()}`, cost: '3000.00' },
    { key: 'LC2', name: `转介绍BI${Date.now()}`, cost: '0.00' },
  ];
  const leads = [
    { key: 'L1', store: 'X', channel: 'LC1', created: '2025-06-02 09:00' },
    { key: 'L2', store: 'X', channel: 'LC1', created: '2025-06-10 23:59' },
    { key: 'L3', store: 'X', channel: 'LC2', created: '2025-06-15 08:00' },
    { key: 'L4', store: 'X', channel: null, created: '2025-06-20 10:00' },
    { key: 'L5', store: 'X', channel: 'LC1', created: '2025-05-31 23:00' },
    { key: 'LY', store: 'Y', channel: 'LC1', created: '2025-06-05 10:00' },
    { key: 'LT', store: 'X', channel: 'LC1', created: `${today} 09:00` },
  ] as const;
  const visits = [
    { lead: 'L1', store: 'X', at: '2025-06-03 15:00', status: 'arrived' },
    { lead: 'L2', store: 'X', at: '2025-06-12 15:00', status: 'arrived' },
    { lead: 'L3', store: 'X', at: '2025-06-16 15:00', status: 'pending' },
    { lead: 'LT', store: 'X', at: `${today} 10:00`, status: 'arrived' },
  ] as const;
  const customers = [
    { key: 'c1', store: 'X', channel: 'LC1' },
    { key: 'c2', store: 'X', channel: 'LC2' },
    { key: 'cy', store: 'Y', channel: 'LC1' },
  ] as const;
  const orders: OrderRec[] = [
    { key: 'o1', store: 'X', customer: 'c1', product: 'P1', created: '2025-06-05 10:00', reference: '32000', deal: '30000', status: 'confirmed', roomType: 'T1' },
    { key: 'o2', store: 'X', customer: 'c1', product: 'P2', created: '2025-06-12 11:00', reference: '10000', deal: '9000', status: 'checked_in', checkedIn: '2025-06-20 09:00' },
    { key: 'o3', store: 'X', customer: 'c2', product: 'P1', created: '2025-06-18 12:00', reference: '30000', deal: '30000', status: 'confirmed' },
    { key: 'o4', store: 'X', customer: 'c2', product: 'P1', created: '2025-06-20 12:00', reference: '5000', deal: '5000', status: 'cancelled' },
    { key: 'o5', store: 'X', customer: 'c2', product: 'P1', created: '2025-06-21 12:00', reference: '9000', deal: '9000', status: 'draft' },
    { key: 'oy', store: 'Y', customer: 'cy', product: 'P1', created: '2025-06-07 12:00', reference: '20000', deal: '18000', status: 'confirmed' },
    { key: 'oT', store: 'X', customer: 'c1', product: 'P1', created: `${today} 10:00`, reference: '20000', deal: '19000', status: 'confirmed' },
    { key: 'oT2', store: 'X', customer: 'c2', product: 'P2', created: `${today} 11:00`, reference: '8000', deal: '8000', status: 'checked_in', checkedIn: `${today} 12:00` },
    { key: 'oTY', store: 'Y', customer: 'cy', product: 'P2', created: `${today} 11:00`, reference: '7777', deal: '7777', status: 'confirmed' },
  ];
  const receivables: ReceivableRec[] = [
    { key: 'r1', order: 'o1', item: 'deposit', due: '2025-06-05', amount: '5000', received: '5000' },
    { key: 'r2', order: 'o1', item: 'final_payment', due: '2025-07-01', amount: '25000', received: '0' },
    { key: 'r3', order: 'o2', item: 'final_payment', due: '2025-06-12', amount: '9000', received: '9000' },
    { key: 'r4', order: 'o3', item: 'other', due: addDays(today, 10), amount: '800', received: '0' },
    { key: 'rT', order: 'oT', item: 'deposit', due: addDays(today, -1), amount: '5000', received: '3000' },
  ];
  const payments: PaymentRec[] = [
    { order: 'o1', method: 'cash', amount: '6000', status: 'audited', paid: '2025-06-05 12:00', allocations: [{ receivable: 'r1', amount: '5000' }] },
    { order: 'o2', method: 'wechat', amount: '9000', status: 'audited', paid: '2025-06-12 12:00', allocations: [{ receivable: 'r3', amount: '9000' }] },
    { order: 'o1', method: 'cash', amount: '-1000', status: 'audited', paid: '2025-06-15 12:00' },
    { order: 'o3', method: 'cash', amount: '500', status: 'pending_audit', paid: '2025-06-16 12:00' },
    { order: 'oT', method: 'wechat', amount: '3000', status: 'audited', paid: `${today} 12:00`, allocations: [{ receivable: 'rT', amount: '3000' }] },
    { order: 'oT', method: 'cash', amount: '-200', status: 'audited', paid: `${today} 13:00` },
  ];
  // Rooms of X: T1 豪华 R1, R2; T2 标准 R3 and the 停用 R4.
  const rooms = [
    { key: 'R1', type: 'T1', status: 'free' },
    { key: 'R2', type: 'T1', status: 'free' },
    { key: 'R3', type: 'T2', status: 'free' },
    { key: 'R4', type: 'T2', status: 'disabled' },
  ] as const;
  const stays: StayRec[] = [
    { room: 'R1', order: 'o1', start: '2025-06-01', end: '2025-06-11', status: 'booked' },
    { room: 'R2', order: 'o2', start: '2025-06-20', end: '2025-07-10', status: 'in_house' },
    { room: 'R3', order: 'o3', start: '2025-06-25', end: '2025-06-28', status: 'ended' },
    { room: 'R3', order: 'o3', start: '2025-06-05', end: '2025-06-09', status: 'cancelled' },
    { room: 'R1', order: 'oT', start: addDays(today, -1), end: addDays(today, 5), status: 'booked' },
  ];
  // Nurses of X: N1 金牌 rated 4.80, N2 中级 rated 3.20, N3 中级 unrated with a leave, N4 离职.
  const nurses = [
    { key: 'N1', level: 'gold', rating: '4.80', status: 'active' },
    { key: 'N2', level: 'middle', rating: '3.20', status: 'active' },
    { key: 'N3', level: 'middle', rating: null, status: 'active' },
    { key: 'N4', level: 'senior', rating: '5.00', status: 'left' },
  ] as const;
  const assignments = [
    { nurse: 'N1', status: 'completed', start: '2025-06-01', end: '2025-06-27', actualStart: '2025-06-01', actualEnd: '2025-06-27' },
    { nurse: 'N2', status: 'dispatched', start: '2025-06-20', end: '2025-07-16' },
    { nurse: 'N3', status: 'cancelled', start: '2025-06-01', end: '2025-06-27' },
    { nurse: 'N4', status: 'completed', start: '2025-06-01', end: '2025-06-27', actualStart: '2025-06-01', actualEnd: '2025-06-27' },
  ] as const;
  const leaves = [{ nurse: 'N3', start: '2025-06-10', end: '2025-06-14' }];

  beforeAll(async () => {
    const db = app.db;
    const c = app.companyId;
    const w = { db, companyId: c };
    const x = await newStore(w);
    const y = await newStore(w);
    ids.X = x.storeId;
    ids.Y = y.storeId;
    const store = (k: 'X' | 'Y') => ids[k]!;
    for (const ch of channels) {
      ids[ch.key] = await data.leadChannel(db, c, ch.name);
      await db.updateTable('lead_channel').set({ cost_per_month: ch.cost }).where('id', '=', ids[ch.key]!).execute();
    }
    const p1 = await data.product(db, c, `28天套餐BI`, 'confinement_package');
    const p2 = await data.product(db, c, `产后修复BI`, 'service_package');
    const products = { P1: p1, P2: p2 };
    for (const l of leads) ids[l.key] = await data.lead(db, c, { storeId: store(l.store), leadChannelId: l.channel ? ids[l.channel]! : null, created: l.created });
    for (const v of visits) await data.visit(db, c, { storeId: store(v.store), leadId: ids[v.lead]!, at: v.at, status: v.status });
    for (const cu of customers) ids[cu.key] = await data.customer(db, c, { storeId: store(cu.store), leadChannelId: ids[cu.channel]! });
    ids.T1 = await data.roomType(db, c, ids.X, '豪华套房BI');
    ids.T2 = await data.roomType(db, c, ids.X, '标准间BI');
    for (const o of orders) {
      ids[o.key] = await data.order(db, c, { storeId: store(o.store), customerId: ids[o.customer]!, product: products[o.product], created: o.created, reference: o.reference, deal: o.deal, status: o.status, checkedIn: o.checkedIn ?? null, roomTypeId: o.roomType ? ids[o.roomType]! : null });
    }
    for (const r of receivables) ids[r.key] = await data.receivable(db, c, { orderId: ids[r.order]!, item: r.item, due: r.due, amount: r.amount, received: r.received });
    for (const p of payments) {
      await data.payment(db, c, { orderId: ids[p.order]!, method: p.method, amount: p.amount, status: p.status, paid: p.paid, allocations: (p.allocations ?? []).map((a) => ({ receivableId: ids[a.receivable]!, amount: a.amount })) });
    }
    for (const r of rooms) ids[r.key] = await data.room(db, c, ids.X, ids[r.type]!, r.status);
    for (const s of stays) await data.stay(db, c, { roomId: ids[s.room]!, orderId: ids[s.order]!, start: s.start, end: s.end, status: s.status });
    for (const [i, n] of nurses.entries()) ids[n.key] = await addNurse(w, x, { nurseNo: `BI${Date.now().toString(36)}${i}`, level: n.level, rating: n.rating, ratingCount: n.rating ? 1 : 0, status: n.status });
    for (const a of assignments) await addAssignment(w, x, { nurseId: ids[a.nurse]!, status: a.status, start: a.start, end: a.end, actualStart: 'actualStart' in a ? a.actualStart : undefined, actualEnd: 'actualEnd' in a ? a.actualEnd : undefined });
    for (const l of leaves) await addLeave(w, ids[l.nurse]!, l.start, l.end);
  });

  // ---- what the records say
  const dayOf = (text: string) => text.slice(0, 10);
  const counted = (o: OrderRec) => o.status !== 'draft' && o.status !== 'cancelled';
  const ordersOf = (storeKey: string, from = FROM, to = TO) => orders.filter((o) => o.store === storeKey && counted(o) && inPeriod(dayOf(o.created), from, to));
  const channelOfCustomer = (key: string) => customers.find((c) => c.key === key)!.channel;
  const nightsOn = (day: string, roomKeys: readonly string[]) => stays.filter((s) => roomKeys.includes(s.room) && ['booked', 'in_house', 'ended'].includes(s.status) && s.start <= day && day < s.end).length;
  const sellableRooms = (type?: string) => rooms.filter((r) => r.status !== 'disabled' && (!type || r.type === type)).map((r) => r.key);
  const auditedIn = (orderKeys: string[], from: string, to: string) => payments.filter((p) => p.status === 'audited' && orderKeys.includes(p.order) && inPeriod(dayOf(p.paid), from, to));
  const xOrderKeys = orders.filter((o) => o.store === 'X').map((o) => o.key);
  const received = (ps: PaymentRec[]) => sum(ps, (p) => Math.max(0, priceCents(p.amount)));
  const refunded = (ps: PaymentRec[]) => sum(ps, (p) => Math.max(0, -priceCents(p.amount)));
  const xLeads = (from: string, to: string) => leads.filter((l) => l.store === 'X' && inPeriod(dayOf(l.created), from, to));
  const xVisits = (from: string, to: string) => visits.filter((v) => v.store === 'X' && v.status === 'arrived' && inPeriod(dayOf(v.at), from, to));
  const xCheckIns = (from: string, to: string) => orders.filter((o) => o.store === 'X' && o.checkedIn && inPeriod(dayOf(o.checkedIn), from, to));
  const overdueDays = (due: string) => Math.round((Date.parse(today) - Date.parse(due)) / 86_400_000);
  const xReceivables = () => receivables.filter((r) => orders.find((o) => o.key === r.order)!.store === 'X');
  const outstanding = (rs: ReceivableRec[]) => sum(rs, (r) => priceCents(r.amount) - priceCents(r.received));

  it('BI 客户: the funnel, its monthly trend, lead sources and ROI per lead channel in one store', async () => {
    const d = await call<CustomerBi>(biContract.customer.path, { from: FROM, to: TO, storeId: ids.X });
    const funnel = { leads: xLeads(FROM, TO).length, visits: xVisits(FROM, TO).length, orders: ordersOf('X').length, checkIns: xCheckIns(FROM, TO).length };
    expect(funnel).toEqual({ leads: 4, visits: 2, orders: 3, checkIns: 1 });
    expect(d.funnel).toEqual(funnel);
    expect(d.trend).toEqual([{ month: '2025-06', ...funnel }]);
    const byChannel = (key: string | null) => xLeads(FROM, TO).filter((l) => l.channel === key).length;
    expect(d.sources.find((s) => s.leadChannelId === ids.LC1)?.leads).toBe(byChannel('LC1'));
    expect(d.sources.find((s) => s.leadChannelId === ids.LC2)?.leads).toBe(byChannel('LC2'));
    expect(d.sources.find((s) => s.leadChannelId === null)?.leads).toBe(byChannel(null));
    expect(d.months).toBe(1);
    for (const ch of channels) {
      const mine = ordersOf('X').filter((o) => channelOfCustomer(o.customer) === ch.key);
      const revenue = sum(mine, (o) => priceCents(o.deal));
      const cost = priceCents(ch.cost) * 1;
      expect(d.roi.find((r) => r.leadChannelId === ids[ch.key])).toEqual({
        leadChannelId: ids[ch.key],
        leadChannelName: ch.name,
        orders: mine.length,
        revenue: yuan(revenue),
        cost: yuan(cost),
        roi: cost === 0 ? null : Math.round((revenue * 100) / cost) / 100,
      });
    }
    // A cost over two calendar months counts twice.
    const two = await call<CustomerBi>(biContract.customer.path, { from: '2025-05-15', to: TO, storeId: ids.X });
    expect(two.months).toBe(2);
    expect(two.roi.find((r) => r.leadChannelId === ids.LC1)?.cost).toBe(yuan(priceCents('3000') * 2));
    expect(two.funnel.leads).toBe(xLeads('2025-05-15', TO).length);
    expect(two.trend.map((t) => t.month)).toEqual(['2025-05', '2025-06']);
  });

  it('BI 订单: revenue trend by day, product mix and discount', async () => {
    const d = await call<OrderBi>(biContract.order.path, { from: FROM, to: TO, storeId: ids.X });
    const mine = ordersOf('X');
    const deal = sum(mine, (o) => priceCents(o.deal));
    const reference = sum(mine, (o) => priceCents(o.reference));
    expect(d.totals).toEqual({
      orders: mine.length,
      dealTotal: yuan(deal),
      referenceTotal: yuan(reference),
      discountTotal: yuan(reference - deal),
      cancelled: orders.filter((o) => o.store === 'X' && o.status === 'cancelled' && inPeriod(dayOf(o.created))).length,
      discountRate: pct(reference - deal, reference),
      averageDeal: yuan(Math.round(deal / mine.length)),
    });
    expect(d.grain).toBe('day');
    expect(d.trend).toEqual(days(FROM, TO).map((key) => {
      const on = mine.filter((o) => dayOf(o.created) === key);
      return { key, orders: on.length, dealTotal: yuan(sum(on, (o) => priceCents(o.deal))) };
    }));
    for (const p of ['P1', 'P2'] as const) {
      const of = mine.filter((o) => o.product === p);
      expect(d.products.find((r) => r.productName === (p === 'P1' ? '28天套餐BI' : '产后修复BI'))).toMatchObject({
        orders: of.length,
        dealTotal: yuan(sum(of, (o) => priceCents(o.deal))),
        discountTotal: yuan(sum(of, (o) => priceCents(o.reference) - priceCents(o.deal))),
      });
    }
    expect(d.kinds.find((k) => k.productKind === 'confinement_package')?.dealTotal).toBe(yuan(sum(mine.filter((o) => o.product === 'P1'), (o) => priceCents(o.deal))));
    // A period over 62 days is charted by month.
    const long = await call<OrderBi>(biContract.order.path, { from: '2025-04-01', to: TO, storeId: ids.X });
    expect(long.grain).toBe('month');
    expect(long.trend).toEqual([
      { key: '2025-04', orders: 0, dealTotal: '0.00' },
      { key: '2025-05', orders: 0, dealTotal: '0.00' },
      { key: '2025-06', orders: mine.length, dealTotal: yuan(deal) },
    ]);
  });

  it('BI 房间: occupancy per room type and per night, and the 30-night forecast', async () => {
    const d = await call<RoomBi>(biContract.room.path, { from: FROM, to: TO, storeId: ids.X });
    const june = days(FROM, TO);
    for (const [type, name] of [['T1', '豪华套房BI'], ['T2', '标准间BI']] as const) {
      const roomsOf = sellableRooms(type);
      const occupied = sum(june, (day) => nightsOn(day, roomsOf));
      expect(d.roomTypes.find((t) => t.roomTypeId === ids[type])).toEqual({ roomTypeId: ids[type], roomTypeName: name, occupied, sellable: roomsOf.length * june.length, rate: pct(occupied, roomsOf.length * june.length) });
    }
    const all = sellableRooms();
    const occupied = sum(june, (day) => nightsOn(day, all));
    expect(d.total).toEqual({ occupied, sellable: all.length * 30, rate: pct(occupied, all.length * 30) });
    expect(d.trend).toEqual(june.map((day) => ({ day, occupied: nightsOn(day, all), sellable: all.length, rate: pct(nightsOn(day, all), all.length) })));
    expect(d.today).toBe(today);
    expect(d.forecast).toEqual(days(today, addDays(today, 29)).map((day) => ({ day, occupied: nightsOn(day, all), sellable: all.length, rate: pct(nightsOn(day, all), all.length) })));
    expect(d.forecast[0]!.occupied).toBe(1);
  });

  it('BI 月嫂: utilisation overall and by level, level mix, ratings', async () => {
    const d = await call<NurseBi>(biContract.monthlyNurse.path, { from: FROM, to: TO, storeId: ids.X });
    const june = days(FROM, TO);
    const working = nurses.filter((n) => n.status !== 'left');
    const busyOn = (key: string, day: string) =>
      assignments.some((a) => a.nurse === key && a.status !== 'cancelled' && ('actualStart' in a ? a.actualStart : a.start) <= day && day < ('actualEnd' in a ? a.actualEnd : a.end));
    const onLeave = (key: string, day: string) => leaves.some((l) => l.nurse === key && l.start <= day && day <= l.end);
    const per = working.map((n) => ({ n, busy: june.filter((day) => busyOn(n.key, day)).length, available: june.filter((day) => !onLeave(n.key, day)).length }));
    const busyDays = sum(per, (p) => p.busy);
    const availableDays = sum(per, (p) => p.available);
    expect({ busyDays, availableDays }).toEqual({ busyDays: 26 + 11, availableDays: 30 + 30 + 25 });
    expect(d).toMatchObject({ nurses: working.length, busyDays, availableDays, utilisation: pct(busyDays, availableDays) });
    for (const level of ['gold', 'middle']) {
      const of = per.filter((p) => p.n.level === level);
      expect(d.levels.find((l) => l.level === level)).toEqual({ level, nurses: of.length, busyDays: sum(of, (p) => p.busy), availableDays: sum(of, (p) => p.available), utilisation: pct(sum(of, (p) => p.busy), sum(of, (p) => p.available)) });
    }
    expect(d.levels.find((l) => l.level === 'senior')).toBeUndefined();
    // In the 月嫂等级 dictionary's order (初级 … 金牌), not by code.
    const order = (await app.db.selectFrom('dict_item as i').innerJoin('dict_type as t', 't.id', 'i.dict_type_id').select('i.value').where('t.code', '=', 'nurse_level').orderBy('i.sort').orderBy('i.value').execute()).map((i) => i.value);
    expect(d.levels.map((l) => l.level)).toEqual(order.filter((v) => d.levels.some((l) => l.level === v)));
    const rated = working.filter((n) => n.rating !== null);
    for (const stars of [5, 4, 3, 2, 1]) expect(d.ratings.find((r) => r.stars === stars)?.nurses).toBe(rated.filter((n) => Math.round(Number(n.rating)) === stars).length);
    expect(d.ratings.find((r) => r.stars === null)?.nurses).toBe(working.length - rated.length);
    expect(d.averageRating).toBe(yuan(Math.round(sum(rated, (n) => priceCents(n.rating!)) / rated.length)));
  });

  it('指标图表: every point of the period from the records', async () => {
    const d = await call<IndexChart>(biContract.indexChart.path, { from: FROM, to: TO, storeId: ids.X });
    const all = sellableRooms();
    expect(d.grain).toBe('day');
    expect(d.points).toEqual(days(FROM, TO).map((key) => {
      const ps = auditedIn(xOrderKeys, key, key);
      const on = ordersOf('X', key, key);
      return {
        key,
        leads: xLeads(key, key).length,
        visits: xVisits(key, key).length,
        orders: on.length,
        checkIns: xCheckIns(key, key).length,
        dealTotal: yuan(sum(on, (o) => priceCents(o.deal))),
        received: yuan(received(ps)),
        refunded: yuan(refunded(ps)),
        occupied: nightsOn(key, all),
        sellable: all.length,
        occupancy: pct(nightsOn(key, all), all.length),
      };
    }));
  });

  it('门店看板: today\'s figures of the chosen store; 门店金额: money in over the period and what is owed', async () => {
    const all = sellableRooms();
    const b = await call<StoreBoard>(biContract.storeBoard.path, { storeId: ids.X });
    const todays = ordersOf('X', today, today);
    const paidToday = auditedIn(xOrderKeys, today, today);
    const owed = xReceivables();
    // Overdue = due before today (money due today is not overdue yet).
    const notDue = owed.filter((r) => overdueDays(r.due) <= 0);
    expect(b).toMatchObject({
      storeId: ids.X,
      today,
      leads: xLeads(today, today).length,
      visits: xVisits(today, today).length,
      orders: todays.length,
      dealTotal: yuan(sum(todays, (o) => priceCents(o.deal))),
      received: yuan(received(paidToday)),
      refunded: yuan(refunded(paidToday)),
      checkIns: xCheckIns(today, today).length,
      occupancy: { occupied: nightsOn(today, all), sellable: all.length, rate: pct(nightsOn(today, all), all.length) },
      outstanding: yuan(outstanding(owed)),
      overdue: yuan(outstanding(owed) - outstanding(notDue)),
    });
    expect(b.stores.map((s) => s.id)).toEqual(expect.arrayContaining([ids.X, ids.Y]));
    expect(b.orders).toBe(2);

    const a = await call<StoreAmount>(biContract.storeAmount.path, { from: FROM, to: TO, storeId: ids.X });
    const june = auditedIn(xOrderKeys, FROM, TO);
    expect(a).toMatchObject({ storeId: ids.X, received: yuan(received(june)), refunded: yuan(refunded(june)), net: yuan(received(june) - refunded(june)), payments: june.length });
    for (const method of ['cash', 'wechat']) {
      const of = june.filter((p) => p.method === method);
      expect(a.methods.find((m) => m.method === method)).toEqual({ method, received: yuan(received(of)), refunded: yuan(refunded(of)), net: yuan(received(of) - refunded(of)), payments: of.length });
    }
    // By item: the allocations to each receivable's item, the rest of a payment is 未核销.
    const itemOf = (key: string) => receivables.find((r) => r.key === key)!.item;
    const byItem = new Map<string, number>();
    for (const p of june) {
      const allocated = sum(p.allocations ?? [], (x) => priceCents(x.amount));
      for (const x of p.allocations ?? []) byItem.set(itemOf(x.receivable), (byItem.get(itemOf(x.receivable)) ?? 0) + priceCents(x.amount));
      byItem.set('unapplied', (byItem.get('unapplied') ?? 0) + priceCents(p.amount) - allocated);
    }
    for (const [item, net] of byItem) expect(a.items.find((i) => i.item === item)?.net, item).toBe(yuan(net));
    // 门店金额's aging is as of the period's last day (TO): the balances the payments audited by then left.
    const receivedBy = (r: ReceivableRec, day: string) =>
      sum(
        payments.filter((p) => p.status === 'audited' && p.paid.slice(0, 10) <= day),
        (p) => sum((p.allocations ?? []).filter((x) => x.receivable === r.key), (x) => priceCents(x.amount)),
      );
    const bucket = (r: ReceivableRec) => {
      const late = Math.round((Date.parse(TO) - Date.parse(r.due)) / 86_400_000);
      return late <= 0 ? 'notDue' : late <= 30 ? 'd0to30' : late <= 60 ? 'd31to60' : late <= 90 ? 'd61to90' : 'over90';
    };
    const expectedOwed = { outstanding: 0, notDue: 0, d0to30: 0, d31to60: 0, d61to90: 0, over90: 0 };
    const owedOnTo = owed.filter((r) => priceCents(r.amount) - receivedBy(r, TO) > 0);
    for (const r of owedOnTo) {
      const rest = priceCents(r.amount) - receivedBy(r, TO);
      expectedOwed.outstanding += rest;
      expectedOwed[bucket(r)] += rest;
    }
    expect(a.owed).toEqual(Object.fromEntries(Object.entries(expectedOwed).map(([k, v]) => [k, yuan(v)])));
    expect(a.owedItems.map((i) => i.item).sort()).toEqual([...new Set(owedOnTo.map((r) => r.item))].sort());
  });

  it('分析页: this month\'s KPI cards and the 30-day trend over the stores a data rule allows', async () => {
    const user = await signedInUser(app.t, `bi_kpi_${Date.now()}`, { actions: [BiPermission.analysisKpi], paths: ['/dashboard/analysis'] });
    await worksIn(user.userId, ['X', 'Y']);
    // Every store for the administrator (the figures include X's).
    const whole = await call<AnalysisKpi>(biContract.analysisKpi.path, {});
    expect(whole.orders).toBeGreaterThanOrEqual(3);
    await withDataRule(app.t, app.admin, '/dashboard/analysis', { resource: 'analytics_store', name: '门店X', columnKey: 'storeId', condition: '=', value: ids.X }, async () => {
      const k = await call<AnalysisKpi>(biContract.analysisKpi.path, {}, user.token);
      const monthFrom = `${today.slice(0, 7)}-01`;
      const month = ordersOf('X', monthFrom, today);
      const paid = auditedIn(xOrderKeys, monthFrom, today);
      const all = sellableRooms();
      expect(k).toMatchObject({
        today,
        monthFrom,
        orders: month.length,
        dealTotal: yuan(sum(month, (o) => priceCents(o.deal))),
        received: yuan(received(paid) - refunded(paid)),
        leads: xLeads(monthFrom, today).length,
        checkIns: xCheckIns(monthFrom, today).length,
        occupancy: { occupied: nightsOn(today, all), sellable: all.length, rate: pct(nightsOn(today, all), all.length) },
        outstanding: yuan(outstanding(xReceivables())),
      });
      expect(k.trend).toHaveLength(30);
      expect(k.trend.at(-1)).toEqual({ day: today, orders: ordersOf('X', today, today).length, dealTotal: yuan(sum(ordersOf('X', today, today), (o) => priceCents(o.deal))), received: yuan(received(auditedIn(xOrderKeys, today, today)) - refunded(auditedIn(xOrderKeys, today, today))) });
      expect(k.trend.slice(0, -1).every((t) => t.orders === 0 || t.day >= monthFrom)).toBe(true);
    });
  });

  it('store scope: a data rule limits the stores; another store answers 403; the store pages list only the allowed', async () => {
    const user = await signedInUser(app.t, `bi_scope_${Date.now()}`, {
      actions: [BiPermission.orderBi, BiPermission.storeBoard, BiPermission.storeAmount],
      paths: ['/bi/order', '/store/board', '/store/amount'],
    });
    // She works in X and Y (#{sys_store_ids}: the demo's 本门店 rules on the store pages let both through).
    await worksIn(user.userId, ['X', 'Y']);
    const rule = { resource: 'analytics_store', name: '门店X', columnKey: 'storeId', condition: '=', value: ids.X };
    await withDataRule(app.t, app.admin, '/bi/order', rule, async () => {
      // No store chosen: only X's orders (Y's order of June is left out).
      const d = await call<OrderBi>(biContract.order.path, { from: FROM, to: TO }, user.token);
      expect(d.totals.orders).toBe(ordersOf('X').length);
      expect(d.totals.dealTotal).toBe(yuan(sum(ordersOf('X'), (o) => priceCents(o.deal))));
      expect(await call(biContract.stores.path, { page: 'order' }, user.token)).toEqual([{ id: ids.X, name: expect.any(String) }]);
      const res = await post(biContract.order.path, { from: FROM, to: TO, storeId: ids.Y }, user.token);
      expect(res.status).toBe(403);
    });
    await withDataRule(app.t, app.admin, '/store/board', rule, async () => {
      const b = await call<StoreBoard>(biContract.storeBoard.path, {}, user.token);
      expect(b.stores).toEqual([{ id: ids.X, name: expect.any(String) }]);
      expect(b.storeId).toBe(ids.X);
      expect((await post(biContract.storeBoard.path, { storeId: ids.Y }, user.token)).status).toBe(403);
    });
    expect((await call<{ id: string }[]>(biContract.stores.path, { page: 'order' }, user.token)).map((s) => s.id)).toEqual(expect.arrayContaining([ids.X, ids.Y]));
    // Without a rule, Y's figures are Y's.
    const y = await call<StoreBoard>(biContract.storeBoard.path, { storeId: ids.Y }, user.token);
    expect(y).toMatchObject({ storeId: ids.Y, orders: ordersOf('Y', today, today).length, dealTotal: yuan(sum(ordersOf('Y', today, today), (o) => priceCents(o.deal))) });
  });

  it('refuses a bad period, and answers 403 without the action', async () => {
    const bad = await post(biContract.order.path, { from: TO, to: FROM });
    expect(bad.body).toMatchObject({ success: false, message: expect.stringContaining('结束日期不能早于开始日期') });
    const none = await signedInUser(app.t, `bi_none_${Date.now()}`);
    const token = none.token;
    const period = { from: FROM, to: TO };
    const guarded = Object.entries(biContract).filter(([k]) => k !== 'stores');
    const routes = Object.fromEntries(guarded.map(([k, c]) => [k, c.path]));
    await expectEachForbidden(app.t, routes, guarded.map(([k]) => [k, '', k === 'analysisKpi' || k === 'storeBoard' ? {} : period] as const), token);
    // The select's stores answer any signed-in user, as the page's rules allow: the demo's 本门店 rule
    // on 房间分析 gives a user of no store none, and one working in both stores both.
    expect(await call<{ id: string }[]>(biContract.stores.path, { page: 'room' }, token)).toEqual([]);
    await worksIn(none.userId, ['X', 'Y']);
    const stores = await call<{ id: string }[]>(biContract.stores.path, { page: 'room' }, token);
    expect(stores.map((s) => s.id).sort()).toEqual([ids.X, ids.Y].sort());
  });
});
