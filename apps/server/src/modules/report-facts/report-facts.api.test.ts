import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { orderServeTotals } from '../service-order/service-order.report-reads.js';
import { funnelFacts, orderFacts, paymentFacts, rebuildFacts, receivableAging, refreshFacts, roomNightFacts, serveFacts, serviceFacts, analyticsStoreIds } from './report-facts.service.js';
import { refreshAllFacts } from './report-facts.job.js';
import * as data from './report-facts.test-data.js';

// Every figure is checked against the prepared records below (computed by hand in the comments), then
// again after records change (the dirty days are recomputed by the next query).
describe('report facts', () => {
  const app = useAdminApp();
  type Key = 'A' | 'B' | 'LC1' | 'LC2' | 'CH1' | 'P1' | 'P2' | 'L1' | 'L2' | 'L3' | 'T1' | 'T2' | 'T3' | 'o1' | 'o2' | 'o3' | 'o4' | 'o5' | 'r1' | 'r2' | 'r3' | 'r4' | 'r5' | 'r6' | 'pay2' | 'room1' | 's1' | 'so5';
  const ids = {} as Record<Key, string>;
  const t1Nights = async (from: string, to: string, by?: 'month') =>
    (await roomNightFacts(app.db, { ...march(), storeIds: [ids.A], from, to }, by ? [by, 'roomType'] : ['roomType'])).find((r) => r.roomTypeId === ids.T1);
  const march = () => ({ companyId: app.companyId, storeIds: null, from: '2026-03-01', to: '2026-03-31' });

  beforeAll(async () => {
    const db = app.db;
    const c = app.companyId;
    ids.A = await data.storeIdOf(db, c, 'NS');
    ids.B = await data.storeIdOf(db, c, 'FT');
    ids.LC1 = await data.leadChannel(db, c, '小红书');
    ids.LC2 = await data.leadChannel(db, c, '医院转介');
    ids.CH1 = await data.channel(db, c, '合作医院');
    const p1 = await data.product(db, c, '28天套餐', 'confinement_package');
    const p2 = await data.product(db, c, '产后修复', 'service_package');
    ids.P1 = p1.id;
    ids.P2 = p2.id;
    // Leads: L1 (A, 小红书, 03-01), L2 (B, 医院转介, 03-01), L3 (no store, 小红书, 03-02).
    ids.L1 = await data.lead(db, c, { storeId: ids.A, leadChannelId: ids.LC1, created: '2026-03-01 09:00' });
    ids.L2 = await data.lead(db, c, { storeId: ids.B, leadChannelId: ids.LC2, created: '2026-03-01 23:59' });
    ids.L3 = await data.lead(db, c, { storeId: null, leadChannelId: ids.LC1, created: '2026-03-02 00:00' });
    // Visits: one arrived (A, L1, 03-03), one pending, one no-show: only the arrived one counts.
    await data.visit(db, c, { storeId: ids.A, leadId: ids.L1, at: '2026-03-03 15:00', status: 'arrived' });
    await data.visit(db, c, { storeId: ids.A, leadId: ids.L1, at: '2026-03-04 15:00', status: 'pending' });
    await data.visit(db, c, { storeId: ids.B, leadId: ids.L2, at: '2026-03-04 15:00', status: 'no_show' });
    // Customers: c1 in A (小红书 itself), c2 in B (no channel of its own; its lead L2's 医院转介).
    const c1 = await data.customer(db, c, { storeId: ids.A, leadChannelId: ids.LC1 });
    const c2 = await data.customer(db, c, { storeId: ids.B, leadChannelId: null, leadId: ids.L2 });
    ids.T1 = await data.roomType(db, c, ids.A, '豪华套房');
    ids.T2 = await data.roomType(db, c, ids.A, '总统套房');
    ids.T3 = await data.roomType(db, c, ids.B, '标准间');
    // Orders. o1, o2 on 03-01 in A (23:30 is still 03-01 in Shanghai); o3 and the cancelled o4 on
    // 03-02 in B (00:10 Shanghai is 03-01 in UTC); the draft o5 never counts.
    const base = { consultantId: app.adminId };
    ids.o1 = await data.order(db, c, { ...base, storeId: ids.A, customerId: c1, product: p1, created: '2026-03-01 10:00', reference: '32000', deal: '30000', status: 'confirmed', channelId: ids.CH1, roomTypeId: ids.T1 });
    ids.o2 = await data.order(db, c, { ...base, storeId: ids.A, customerId: c1, product: p2, created: '2026-03-01 23:30', reference: '10000', deal: '10000', status: 'checked_in', checkedIn: '2026-03-05 09:00' });
    ids.o3 = await data.order(db, c, { storeId: ids.B, customerId: c2, product: p1, created: '2026-03-02 00:10', reference: '30000', deal: '28000', status: 'confirmed', roomTypeId: ids.T3 });
    ids.o4 = await data.order(db, c, { storeId: ids.B, customerId: c2, product: p1, created: '2026-03-02 11:00', reference: '5000', deal: '5000', status: 'cancelled' });
    ids.o5 = await data.order(db, c, { storeId: ids.A, customerId: c1, product: p1, created: '2026-03-03 11:00', reference: '9000', deal: '9000', status: 'draft' });
    // Receivables (received as the audited allocations below make it).
    ids.r1 = await data.receivable(db, c, { orderId: ids.o1, item: 'deposit', due: '2026-03-01', amount: '5000', received: '5000' });
    ids.r2 = await data.receivable(db, c, { orderId: ids.o1, item: 'final_payment', due: '2026-04-10', amount: '25000', received: '0' });
    ids.r3 = await data.receivable(db, c, { orderId: ids.o3, item: 'deposit', due: '2026-01-15', amount: '8000', received: '3000' });
    ids.r4 = await data.receivable(db, c, { orderId: ids.o3, item: 'final_payment', due: '2025-12-01', amount: '20000', received: '5000' });
    ids.r5 = await data.receivable(db, c, { orderId: ids.o2, item: 'other', due: '2026-03-10', amount: '2000', received: '0' });
    ids.r6 = await data.receivable(db, c, { orderId: ids.o2, item: 'other', due: '2026-03-20', amount: '100.50', received: '0' });
    // Payments: pay1 audited 6000 cash (5000 to r1's 定金, 1000 unapplied); pay2 pending 10000 to r2;
    // pay3 rejected; pay4 an audited reversal of 1000; pay5 audited POS 8000 in B (3000 r3, 5000 r4).
    await data.payment(db, c, { orderId: ids.o1, method: 'cash', amount: '6000', status: 'audited', paid: '2026-03-01 12:00', allocations: [{ receivableId: ids.r1, amount: '5000' }] });
    ids.pay2 = await data.payment(db, c, { orderId: ids.o1, method: 'wechat', amount: '10000', status: 'pending_audit', paid: '2026-03-02 12:00', allocations: [{ receivableId: ids.r2, amount: '10000' }] });
    await data.payment(db, c, { orderId: ids.o1, method: 'wechat', amount: '3000', status: 'rejected', paid: '2026-03-02 13:00' });
    await data.payment(db, c, { orderId: ids.o1, method: 'cash', amount: '-1000', status: 'audited', paid: '2026-03-03 10:00' });
    await data.payment(db, c, {
      orderId: ids.o3,
      method: 'pos',
      amount: '8000',
      status: 'audited',
      paid: '2026-03-02 08:00',
      allocations: [
        { receivableId: ids.r3, amount: '3000' },
        { receivableId: ids.r4, amount: '5000' },
      ],
    });
    // Rooms: A has two 豪华套房 and a 停用 总统套房; B one 标准间.
    const r1 = await data.room(db, c, ids.A, ids.T1);
    const r2 = await data.room(db, c, ids.A, ids.T1);
    await data.room(db, c, ids.A, ids.T2, 'disabled');
    await data.room(db, c, ids.B, ids.T3);
    ids.room1 = r1;
    // Stays: s1 02-27..03-03 (nights 02-27, 02-28, 03-01, 03-02); s2 03-30..04-02 (03-30, 03-31 in
    // March); a cancelled and a held one never count.
    ids.s1 = await data.stay(db, c, { roomId: r1, orderId: ids.o1, start: '2026-02-27', end: '2026-03-03', status: 'booked' });
    await data.stay(db, c, { roomId: r2, orderId: ids.o2, start: '2026-03-30', end: '2026-04-02', status: 'in_house' });
    await data.stay(db, c, { roomId: r1, orderId: ids.o1, start: '2026-03-10', end: '2026-03-12', status: 'cancelled' });
    await data.stay(db, c, { roomId: r2, orderId: ids.o2, start: '2026-03-15', end: '2026-03-18', status: 'held' });
    // Services: two completed on 03-05 in A (套餐内 and 加购 沐浴), one completed in B on 03-06, one
    // cancelled and one in service.
    await data.service(db, c, { orderId: ids.o1, item: 'bath', source: 'package', status: 'completed', completed: '2026-03-05 10:00' });
    await data.service(db, c, { orderId: ids.o1, item: 'bath', source: 'extra', status: 'completed', completed: '2026-03-05 23:00' });
    await data.service(db, c, { orderId: ids.o3, item: 'massage', source: 'package', status: 'completed', completed: '2026-03-06 10:00' });
    await data.service(db, c, { orderId: ids.o1, item: 'bath', source: 'package', status: 'cancelled', completed: null });
    ids.so5 = await data.service(db, c, { orderId: ids.o1, item: 'massage', source: 'extra', status: 'in_service', completed: null });
  });

  it('orders: by day and store, cancelled apart, drafts never', async () => {
    expect(await orderFacts(app.db, march(), ['day', 'store'])).toEqual([
      { day: '2026-03-01', storeId: ids.A, storeName: expect.any(String), orders: 2, dealTotal: '40000.00', referenceTotal: '42000.00', discountTotal: '2000.00', cancelled: 0 },
      { day: '2026-03-02', storeId: ids.B, storeName: expect.any(String), orders: 1, dealTotal: '28000.00', referenceTotal: '30000.00', discountTotal: '2000.00', cancelled: 1 },
    ]);
    // Lead channel through the customer, or the customer's lead.
    const byChannel = await orderFacts(app.db, march(), ['leadChannel']);
    expect(byChannel).toHaveLength(2);
    expect(byChannel.find((r) => r.leadChannelId === ids.LC1)).toMatchObject({ leadChannelName: '小红书', orders: 2, dealTotal: '40000.00', cancelled: 0 });
    expect(byChannel.find((r) => r.leadChannelId === ids.LC2)).toMatchObject({ leadChannelName: '医院转介', orders: 1, dealTotal: '28000.00', cancelled: 1 });
    const byProduct = await orderFacts(app.db, march(), ['product', 'productKind']);
    expect(byProduct.find((r) => r.productId === ids.P1)).toMatchObject({ productName: '28天套餐', productKind: 'confinement_package', orders: 2, dealTotal: '58000.00', cancelled: 1 });
    expect(byProduct.find((r) => r.productId === ids.P2)).toMatchObject({ productName: '产后修复', productKind: 'service_package', orders: 1, dealTotal: '10000.00' });
    // Filters and scope: the consultant's orders; store B only; a period starting 03-02.
    expect(await orderFacts(app.db, { ...march(), consultantId: app.adminId }, [])).toEqual([{ orders: 2, dealTotal: '40000.00', referenceTotal: '42000.00', discountTotal: '2000.00', cancelled: 0 }]);
    expect((await orderFacts(app.db, { ...march(), storeIds: [ids.B] }, ['store'])).map((r) => [r.storeId, r.orders])).toEqual([[ids.B, 1]]);
    expect((await orderFacts(app.db, { ...march(), from: '2026-03-02' }, ['month']))).toEqual([{ month: '2026-03', orders: 1, dealTotal: '28000.00', referenceTotal: '30000.00', discountTotal: '2000.00', cancelled: 1 }]);
    expect((await orderFacts(app.db, { ...march(), channelId: ids.CH1 }, ['roomType']))).toEqual([{ roomTypeId: ids.T1, roomTypeName: '豪华套房', orders: 1, dealTotal: '30000.00', referenceTotal: '32000.00', discountTotal: '2000.00', cancelled: 0 }]);
  });

  it('payments: audited only, by item with the unallocated rest (each item counting the payments touching it); a negative payment reversing nothing counts as refunded', async () => {
    const rows = await paymentFacts(app.db, march(), ['day', 'store', 'item']);
    expect(rows.map((r) => [r.day, r.storeId, r.item, r.received, r.refunded, r.net, r.payments])).toEqual([
      ['2026-03-01', ids.A, 'deposit', '5000.00', '0.00', '5000.00', 1],
      ['2026-03-01', ids.A, 'unapplied', '1000.00', '0.00', '1000.00', 1],
      ['2026-03-02', ids.B, 'deposit', '3000.00', '0.00', '3000.00', 1],
      ['2026-03-02', ids.B, 'final_payment', '5000.00', '0.00', '5000.00', 1],
      ['2026-03-03', ids.A, 'unapplied', '0.00', '1000.00', '-1000.00', 1],
    ]);
    // Whole company: 6000 + 8000 in, 1000 out, three audited payments.
    expect(await paymentFacts(app.db, march(), [])).toEqual([{ received: '14000.00', refunded: '1000.00', net: '13000.00', payments: 3 }]);
    expect((await paymentFacts(app.db, { ...march(), storeIds: [ids.A] }, ['method'])).map((r) => [r.method, r.received, r.refunded, r.payments])).toEqual([['cash', '6000.00', '1000.00', 2]]);
  });

  it('receivable aging: outstanding by how long past due on the day asked', async () => {
    // On 03-20: r2 25000 and r6 100.50 (due that day: not overdue yet) not due; r5 2000 (10 days) in
    // 1–30; r3 5000 (64 days) in 61–90; r4 15000 (109 days) over 90; r1 is paid.
    expect(await receivableAging(app.db, { companyId: app.companyId, storeIds: null, asOf: '2026-03-20' }, [])).toEqual([
      { outstanding: '47100.50', notDue: '25100.50', d0to30: '2000.00', d31to60: '0.00', d61to90: '5000.00', over90: '15000.00' },
    ]);
    const byStore = await receivableAging(app.db, { companyId: app.companyId, storeIds: null, asOf: '2026-03-20' }, ['store', 'item']);
    expect(byStore.filter((r) => r.storeId === ids.B).map((r) => [r.item, r.outstanding, r.d61to90, r.over90])).toEqual([
      ['deposit', '5000.00', '5000.00', '0.00'],
      ['final_payment', '15000.00', '0.00', '15000.00'],
    ]);
    // On 02-15 r3 is 31 days past due, r4 76, r5 and r6 not yet due; pay5 (03-02) had not come in yet,
    // so both are owed in full (balances as of the day, not today's).
    expect(await receivableAging(app.db, { companyId: app.companyId, storeIds: [ids.B], asOf: '2026-02-15' }, [])).toEqual([
      { outstanding: '28000.00', notDue: '0.00', d0to30: '0.00', d31to60: '8000.00', d61to90: '20000.00', over90: '0.00' },
    ]);
  });

  it('room nights: occupied nights inside the period and sellable rooms × days', async () => {
    // (The seeded company has rooms of its own: only this test's room types are looked at.)
    const rows = (await roomNightFacts(app.db, march(), ['store', 'roomType'])).filter((r) => [ids.T1, ids.T2, ids.T3].includes(r.roomTypeId!));
    // A 豪华套房: 03-01, 03-02 (s1) + 03-30, 03-31 (s2) = 4 of 2 rooms × 31; 停用 总统套房 sells none; B 31.
    expect(rows.map((r) => [r.storeId, r.roomTypeName, r.occupied, r.sellable])).toEqual(
      expect.arrayContaining([
        [ids.A, '豪华套房', 4, 62],
        [ids.B, '标准间', 0, 31],
      ]),
    );
    expect(rows).toHaveLength(2);
    expect(await t1Nights('2026-02-01', '2026-02-28', 'month')).toEqual({ month: '2026-02', roomTypeId: ids.T1, roomTypeName: '豪华套房', occupied: 2, sellable: 56 });
  });

  it('services: completed by completion day, item and source', async () => {
    expect((await serviceFacts(app.db, march(), ['day', 'store', 'item', 'source'])).map((r) => [r.day, r.storeId, r.item, r.source, r.completed])).toEqual([
      ['2026-03-05', ids.A, 'bath', 'extra', 1],
      ['2026-03-05', ids.A, 'bath', 'package', 1],
      ['2026-03-06', ids.B, 'massage', 'package', 1],
    ]);
  });

  it('funnel: leads, arrived visits, orders and check-ins by lead channel and store', async () => {
    const byChannel = await funnelFacts(app.db, march(), ['leadChannel']);
    expect(byChannel.find((r) => r.leadChannelId === ids.LC1)).toMatchObject({ leadChannelName: '小红书', leads: 2, visits: 1, orders: 2, checkIns: 1 });
    expect(byChannel.find((r) => r.leadChannelId === ids.LC2)).toMatchObject({ leadChannelName: '医院转介', leads: 1, visits: 0, orders: 1, checkIns: 0 });
    const byStore = await funnelFacts(app.db, march(), ['store']);
    expect(byStore.map((r) => [r.storeId, r.leads, r.visits, r.orders, r.checkIns])).toEqual(
      expect.arrayContaining([
        [ids.A, 1, 1, 2, 1],
        [ids.B, 1, 0, 1, 0],
        [null, 1, 0, 0, 0],
      ]),
    );
    expect(await funnelFacts(app.db, { ...march(), storeIds: [ids.A] }, [])).toEqual([{ leads: 1, visits: 1, orders: 2, checkIns: 1 }]);
  });

  it('served orders (订单服务): by check-in day, the counted package items, their completed services whenever completed; changes follow', async () => {
    const db = app.db;
    const c = app.companyId;
    const april = { companyId: c, storeIds: null, from: '2026-04-01', to: '2026-04-30' };
    const live = (storeIds: string[] | null = null) => orderServeTotals(db, { ...april, storeIds });
    const c3 = await data.customer(db, c, { storeId: ids.A, leadChannelId: null });
    const p3 = await data.product(db, c, '42天套餐', 'confinement_package');
    // 沐浴 10 + 按摩 5 counted, 护理 按需 not: an allowance of 15 an order.
    const items = [{ serviceItem: 'bath', quantity: 10 }, { serviceItem: 'massage', quantity: 5 }, { serviceItem: 'nursing', quantity: 3, onDemand: true }];
    const spec = { customerId: c3, product: p3, created: '2026-01-10 10:00', reference: '50000', deal: '50000', items };
    // oa 在住 04-01 (23:30) in A; ob 已退房 04-02 (00:10 Shanghai, 04-01 in UTC) in A; oc 已结算 04-02 in B;
    // a cancelled order checked in and a confirmed one not yet in never count.
    const oa = await data.order(db, c, { ...spec, storeId: ids.A, status: 'checked_in', checkedIn: '2026-04-01 23:30' });
    const ob = await data.order(db, c, { ...spec, storeId: ids.A, status: 'checked_out', checkedIn: '2026-04-02 00:10' });
    const oc = await data.order(db, c, { ...spec, storeId: ids.B, status: 'settled', checkedIn: '2026-04-02 10:00' });
    await data.order(db, c, { ...spec, storeId: ids.A, status: 'cancelled', checkedIn: '2026-04-03 10:00' });
    await data.order(db, c, { ...spec, storeId: ids.A, status: 'confirmed' });
    // oa: 2 沐浴 套餐内 on 04-05 and 1 按摩 加购 on 05-10 (after the period: it still counts), one cancelled;
    // oc: 1 按摩 套餐内; ob: one in service.
    await data.service(db, c, { orderId: oa, item: 'bath', source: 'package', status: 'completed', completed: '2026-04-05 10:00', quantity: 2 });
    await data.service(db, c, { orderId: oa, item: 'massage', source: 'extra', status: 'completed', completed: '2026-05-10 10:00' });
    await data.service(db, c, { orderId: oa, item: 'bath', source: 'package', status: 'cancelled', completed: null });
    await data.service(db, c, { orderId: oc, item: 'massage', source: 'package', status: 'completed', completed: '2026-04-06 10:00' });
    const pending = await data.service(db, c, { orderId: ob, item: 'bath', source: 'package', status: 'in_service', completed: null });
    // Rows by day, then store A before B (the query orders a day's stores by id, which is random here).
    const byDay = async (storeIds: string[] | null = null) =>
      (await serveFacts(db, { ...april, storeIds }, ['day', 'store']))
        .map((r) => [r.day, r.storeId, r.orders, r.packageAllowance, r.packageUsed, r.extraUsed] as const)
        .sort((a, b) => a[0]!.localeCompare(b[0]!) || Number(a[1] !== ids.A) - Number(b[1] !== ids.A));
    expect(await byDay()).toEqual([
      ['2026-04-01', ids.A, 1, 15, 2, 1],
      ['2026-04-02', ids.A, 1, 15, 0, 0],
      ['2026-04-02', ids.B, 1, 15, 1, 0],
    ]);
    // The totals row the report shows equals the one read from the orders.
    expect(await serveFacts(db, april, [])).toEqual([{ orders: 3, packageAllowance: 45, packageUsed: 3, extraUsed: 1 }]);
    expect(await live()).toEqual({ orders: 3, packageAllowance: 45, packageUsed: 3, extraUsed: 1 });
    expect(await serveFacts(db, { ...april, storeIds: [ids.B] }, [])).toEqual([{ orders: 1, packageAllowance: 15, packageUsed: 1, extraUsed: 0 }]);
    expect(await serveFacts(db, { ...april, from: '2026-04-02' }, ['month'])).toEqual([{ month: '2026-04', orders: 2, packageAllowance: 30, packageUsed: 1, extraUsed: 0 }]);

    // ob's service completed; then ob's check-in corrected to 04-04; then oc cancelled.
    await sql`update service_order set status = 'completed', completed_at = '2026-06-01 10:00:00+08' where id = ${pending}`.execute(db);
    expect(await byDay([ids.A])).toEqual([
      ['2026-04-01', ids.A, 1, 15, 2, 1],
      ['2026-04-02', ids.A, 1, 15, 1, 0],
    ]);
    await sql`update sales_order set checked_in_at = '2026-04-04 09:00:00+08' where id = ${ob}`.execute(db);
    await sql`update sales_order set status = 'cancelled' where id = ${oc}`.execute(db);
    expect(await byDay()).toEqual([
      ['2026-04-01', ids.A, 1, 15, 2, 1],
      ['2026-04-04', ids.A, 1, 15, 1, 0],
    ]);
    // A service deleted (a wrong record) leaves the figures too.
    await sql`delete from service_order where order_id = ${oa} and source = 'extra'`.execute(db);
    expect(await serveFacts(db, april, [])).toEqual([{ orders: 2, packageAllowance: 30, packageUsed: 3, extraUsed: 0 }]);
    expect(await live()).toEqual({ orders: 2, packageAllowance: 30, packageUsed: 3, extraUsed: 0 });
    // A rebuild from the records gives the same.
    const before = await byDay();
    await rebuildFacts(db, c);
    expect(await byDay()).toEqual(before);
  });

  it('a change is in the next query: audit a payment, cancel an order, move a stay, complete a service', async () => {
    expect(await refreshFacts(app.db, app.companyId)).toBe(0);
    // pay2 audited: 10000 to r2's 尾款 on 03-02 (the receivable's received moves with it).
    await app.db.updateTable('payment').set({ status: 'audited' }).where('id', '=', ids.pay2).execute();
    await app.db.updateTable('receivable').set({ received: '10000', status: 'partial' }).where('id', '=', ids.r2).execute();
    expect(await paymentFacts(app.db, { ...march(), from: '2026-03-02', to: '2026-03-02', storeIds: [ids.A] }, ['item'])).toEqual([{ item: 'final_payment', received: '10000.00', refunded: '0.00', net: '10000.00', payments: 1 }]);
    // Not due on 03-20: r2's 15000 left and r6's 100.50 (due that day).
    expect((await receivableAging(app.db, { companyId: app.companyId, storeIds: [ids.A], asOf: '2026-03-20' }, []))[0]!.notDue).toBe('15100.50');
    // o1 cancelled: 03-01 in A keeps o2 only; the funnel loses it too.
    await app.db.updateTable('sales_order').set({ status: 'cancelled' }).where('id', '=', ids.o1).execute();
    expect((await orderFacts(app.db, { ...march(), storeIds: [ids.A] }, [])).map((r) => [r.orders, r.dealTotal, r.cancelled])).toEqual([[1, '10000.00', 1]]);
    expect((await funnelFacts(app.db, { ...march(), storeIds: [ids.A] }, []))[0]!.orders).toBe(1);
    // s1 moved to 03-05..03-08: February loses its two nights, March gains 03-05..03-07 for 03-01..02.
    await app.db.updateTable('room_stay').set({ start_date: '2026-03-05', end_date: '2026-03-08' }).where('id', '=', ids.s1).execute();
    expect(await t1Nights('2026-03-01', '2026-03-31')).toMatchObject({ occupied: 5, sellable: 62 });
    expect(await t1Nights('2026-02-01', '2026-02-28')).toMatchObject({ occupied: 0, sellable: 56 });
    // The room becomes 停用: it no longer sells.
    await app.db.updateTable('room').set({ status: 'disabled' }).where('id', '=', ids.room1).execute();
    expect(await t1Nights('2026-03-01', '2026-03-31')).toMatchObject({ occupied: 5, sellable: 31 });
    // so5 completed on 03-07.
    await sql`update service_order set status = 'completed', completed_at = '2026-03-07 10:00:00+08' where id = ${ids.so5}`.execute(app.db);
    expect(await serviceFacts(app.db, march(), ['source'])).toEqual([
      { source: 'extra', completed: 2 },
      { source: 'package', completed: 2 },
    ]);
    // A rebuild from the records gives the same figures as the refreshed days.
    const before = await Promise.all([orderFacts(app.db, march(), ['day', 'store', 'leadChannel']), paymentFacts(app.db, march(), ['day', 'item', 'method']), funnelFacts(app.db, march(), ['day', 'store', 'leadChannel'])]);
    await rebuildFacts(app.db, app.companyId);
    expect(await Promise.all([orderFacts(app.db, march(), ['day', 'store', 'leadChannel']), paymentFacts(app.db, march(), ['day', 'item', 'method']), funnelFacts(app.db, march(), ['day', 'store', 'leadChannel'])])).toEqual(before);
  });

  it('concurrent readers recompute a dirty day once; the job clears every company', async () => {
    const before = await paymentFacts(app.db, march(), ['day', 'store', 'item']);
    // A payment of 03-04 audited in B, then two readers at once.
    await data.payment(app.db, app.companyId, { orderId: ids.o3, method: 'cash', amount: '700', status: 'audited', paid: '2026-03-04 09:00' });
    const [a, b] = await Promise.all([paymentFacts(app.db, march(), ['day', 'store', 'item']), paymentFacts(app.db, march(), ['day', 'store', 'item'])]);
    const added = { day: '2026-03-04', storeId: ids.B, storeName: expect.any(String), item: 'unapplied', received: '700.00', refunded: '0.00', net: '700.00', payments: 1 };
    expect(a).toEqual([...before.filter((r) => r.day! < '2026-03-04'), added, ...before.filter((r) => r.day! > '2026-03-04')]);
    expect(b).toEqual(a);
    // A change left for the job: it recomputes the day and nothing stays dirty.
    await sql`update payment set status = 'rejected' where amount = 700 and company_id = ${app.companyId}`.execute(app.db);
    expect(await refreshAllFacts(app.db)).toBeGreaterThan(0);
    expect(await app.db.selectFrom('fact_dirty_day').select('day').execute()).toEqual([]);
    expect(await paymentFacts(app.db, march(), ['day', 'store', 'item'])).toEqual(before);
  });

  it('many dirty days (read as one range over their span) are recomputed to the same figures', async () => {
    const figures = () =>
      Promise.all([
        orderFacts(app.db, march(), ['day', 'store', 'leadChannel']),
        paymentFacts(app.db, march(), ['day', 'item', 'method']),
        receivableAging(app.db, { companyId: app.companyId, storeIds: null, asOf: '2026-03-20' }, ['store', 'item']),
        roomNightFacts(app.db, { ...march(), from: '2026-02-01' }, ['day', 'roomType']),
        serviceFacts(app.db, march(), ['day', 'item', 'source']),
        funnelFacts(app.db, march(), ['day', 'store', 'leadChannel']),
        serveFacts(app.db, { ...march(), to: '2026-04-30' }, ['day', 'store']),
      ]);
    const before = await figures();
    // 2025-12-01 … 2026-04-30: 151 days of every fact, past the per-day ranges' limit.
    await sql`insert into fact_dirty_day (company_id, fact, day)
              select ${app.companyId}, f, d::date
              from unnest(array['order', 'payment', 'receivable', 'room_night', 'service', 'funnel', 'serve']) f
              cross join generate_series('2025-12-01'::date, '2026-04-30'::date, interval '1 day') d
              on conflict do nothing`.execute(app.db);
    expect(await refreshFacts(app.db, app.companyId)).toBe(7 * 151);
    expect(await figures()).toEqual(before);
  });

  it('analyticsStoreIds: every store for the administrator; a store rule limits a user to its store', async () => {
    const admin: SessionInfo = { sessionId: 't', userId: app.adminId, username: 'admin', companyId: app.companyId, departmentId: null };
    expect(await analyticsStoreIds(app.db, admin, '/report/finance')).toBeNull();
    const user = await signedInUser(app.t, 'facts_manager', { paths: ['/report/finance'] });
    const session: SessionInfo = { sessionId: 't2', userId: user.userId, username: 'facts_manager', companyId: app.companyId, departmentId: user.departmentId };
    expect(await analyticsStoreIds(app.db, session, '/report/finance')).toBeNull();
    await withDataRule(app.t, app.admin, '/report/finance', { resource: 'analytics_store', name: '本门店', columnKey: 'storeId', condition: '=', value: ids.B }, async () => {
      expect(await analyticsStoreIds(app.db, { ...session, sessionId: 't3' }, '/report/finance')).toEqual([ids.B]);
    });
  });
});
