import { beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { centsToMoney, moneyToCents, percentText, reportContract as c, type DrillRecord, type FinanceResult, type MonthlyNurseResult, type OrderServeResult, type PageResult, type SaleOrderResult, type SaleSummaryResult, type ServeSummaryResult, type Store, type WaitingMoveInResult } from '@care/shared';
import { expectEachForbidden, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { TEST_PASSWORD } from '../../test/test-users.js';
import { exportXlsx } from '../../test/xlsx.js';
import * as data from '../report-facts/report-facts.test-data.js';

// A prepared data set in two new stores (A, B), June 2025; every figure of every report is compared
// with the figure computed here from the same records.

const FROM = '2025-06-01';
const TO = '2025-06-30';
const inJune = (day: string) => day >= FROM && day <= TO;
const sum = (values: string[]) => centsToMoney(values.reduce((s, v) => s + moneyToCents(v), 0));

interface OrderRec { id?: string; store: 'A' | 'B'; created: string; deal: string; reference: string; status: string; consultant: boolean; channel: boolean; planned?: string; checkedIn?: string; items?: unknown[] }
interface RecvRec { id?: string; order: number; item: string; due: string; amount: string; received: string }
interface PayRec { id?: string; order: number; method: string; amount: string; status: string; paid: string; alloc?: [number, string][] }
interface SvcRec { id?: string; order: number; item: string; source: 'package' | 'extra'; status: string; completed: string | null }

const orders: OrderRec[] = [
  { store: 'A', created: '2025-06-05 10:00', deal: '30000.00', reference: '32000.00', status: 'confirmed', consultant: true, channel: true, planned: '2025-07-10' },
  { store: 'A', created: '2025-06-10 11:00', deal: '20000.00', reference: '20000.00', status: 'checked_in', consultant: false, channel: false, checkedIn: '2025-06-12 09:00', items: [{ serviceItem: 'massage', quantity: 5, onDemand: false }, { serviceItem: 'bath', onDemand: true }] },
  { store: 'A', created: '2025-06-15 12:00', deal: '9000.00', reference: '9900.00', status: 'cancelled', consultant: true, channel: false },
  { store: 'A', created: '2025-06-16 12:00', deal: '8000.00', reference: '8000.00', status: 'draft', consultant: true, channel: false },
  { store: 'A', created: '2025-05-20 12:00', deal: '7000.00', reference: '7500.00', status: 'confirmed', consultant: true, channel: true, planned: '2025-06-28' },
  { store: 'B', created: '2025-06-08 08:00', deal: '15000.00', reference: '18000.00', status: 'confirmed', consultant: true, channel: false, planned: '2025-07-01' },
  { store: 'A', created: '2025-06-30 23:30', deal: '12000.00', reference: '12500.00', status: 'pending_audit', consultant: false, channel: true },
];
const receivables: RecvRec[] = [
  { order: 0, item: 'deposit', due: '2025-05-31', amount: '10000.00', received: '4000.00' },
  { order: 0, item: 'balance', due: '2025-07-20', amount: '20000.00', received: '0.00' },
  { order: 1, item: 'balance', due: '2025-04-15', amount: '5000.00', received: '1000.00' },
  { order: 5, item: 'deposit', due: '2025-03-01', amount: '3000.00', received: '0.00' },
  { order: 1, item: 'deposit', due: '2025-05-01', amount: '2000.00', received: '2000.00' },
];
const payments: PayRec[] = [
  { order: 0, method: 'cash', amount: '4000.00', status: 'audited', paid: '2025-06-05 12:00', alloc: [[0, '4000.00']] },
  { order: 1, method: 'wechat', amount: '1500.00', status: 'audited', paid: '2025-06-12 12:00', alloc: [[2, '1000.00']] },
  { order: 1, method: 'cash', amount: '-300.00', status: 'audited', paid: '2025-06-20 12:00' },
  { order: 0, method: 'cash', amount: '999.00', status: 'pending_audit', paid: '2025-06-21 12:00' },
  { order: 5, method: 'cash', amount: '2000.00', status: 'audited', paid: '2025-06-09 12:00' },
  { order: 0, method: 'cash', amount: '777.00', status: 'audited', paid: '2025-07-01 00:10' },
  // What receivable 4 received, before June (a receivable's received is its audited allocations).
  { order: 1, method: 'wechat', amount: '2000.00', status: 'audited', paid: '2025-05-01 09:00', alloc: [[4, '2000.00']] },
];
const services: SvcRec[] = [
  { order: 1, item: 'massage', source: 'package', status: 'completed', completed: '2025-06-13 10:00' },
  { order: 1, item: 'massage', source: 'package', status: 'completed', completed: '2025-06-14 10:00' },
  { order: 1, item: 'massage', source: 'package', status: 'pending', completed: null },
  { order: 1, item: 'bath', source: 'package', status: 'completed', completed: '2025-06-14 11:00' },
  { order: 1, item: 'yoga', source: 'extra', status: 'completed', completed: '2025-06-15 10:00' },
];

describe('报表', () => {
  const app = useAdminApp();
  const stores: Record<'A' | 'B', string> = { A: '', B: '' };
  const nurses: Record<'n1' | 'n2', string> = { n1: '', n2: '' };
  const assignments: string[] = [];
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => resultOf(app.t.post<T>(url, body, { token }));
  const filt = (extra: Record<string, unknown> = {}) => ({ storeId: stores.A, from: FROM, to: TO, ...extra });
  const day = (at: string) => at.slice(0, 10);

  beforeAll(async () => {
    const db = app.db;
    const co = app.companyId;
    for (const k of ['A', 'B'] as const) stores[k] = (await post<Store>('/online/store/add', { code: `RP${k}`, name: `报表${k}店`, modes: ['hospital'] })).id;
    const channel = await data.channel(db, co, '报表渠道');
    const product = await data.product(db, co, '报表套餐', 'confinement_package');
    const customer = { A: await data.customer(db, co, { storeId: stores.A, leadChannelId: null }), B: await data.customer(db, co, { storeId: stores.B, leadChannelId: null }) };
    await sql`update customer set due_date = '2025-07-05' where id = ${customer.A}`.execute(db);
    for (const o of orders) {
      o.id = await data.order(db, co, {
        storeId: stores[o.store],
        customerId: customer[o.store],
        product,
        created: o.created,
        deal: o.deal,
        reference: o.reference,
        status: o.status,
        consultantId: o.consultant ? app.adminId : null,
        channelId: o.channel ? channel : null,
        checkedIn: o.checkedIn ?? null,
      });
      await sql`update sales_order set planned_check_in = ${o.planned ?? null}::date, product_snapshot = ${JSON.stringify({ name: '报表套餐', kind: 'confinement_package', items: o.items ?? [] })}::jsonb where id = ${o.id}`.execute(db);
    }
    for (const r of receivables) r.id = await data.receivable(db, co, { orderId: orders[r.order]!.id!, item: r.item, due: r.due, amount: r.amount, received: r.received });
    for (const p of payments)
      p.id = await data.payment(db, co, { orderId: orders[p.order]!.id!, method: p.method, amount: p.amount, status: p.status, paid: p.paid, allocations: (p.alloc ?? []).map(([i, amount]) => ({ receivableId: receivables[i]!.id!, amount })) });
    for (const s of services) s.id = await data.service(db, co, { orderId: orders[s.order]!.id!, item: s.item, source: s.source, status: s.status, completed: s.completed });
    const rt = await data.roomType(db, co, stores.A, '报表房型');
    const room = await data.room(db, co, stores.A, rt);
    await data.stay(db, co, { roomId: room, orderId: orders[0]!.id!, start: '2025-07-10', end: '2025-08-07', status: 'booked' });
    // Nurses: n1 (A) served 06-25 → 07-05 at 400/day and was on leave 06-01..06-03; n2 (B) idle.
    for (const [k, store] of [['n1', stores.A], ['n2', stores.B]] as const) {
      const row = await db
        .insertInto('monthly_nurse')
        .values({ company_id: co, nurse_no: `RPN${k}`, name: `报表${k}`, level: 'gold', practice_type: 'maternity_matron', service_type: 'home', employment: 'full_time', store_id: store, rating: k === 'n1' ? '4.5' : null, rating_count: k === 'n1' ? 2 : 0 })
        .returning('id')
        .executeTakeFirstOrThrow();
      nurses[k] = row.id;
    }
    const assign = async (status: 'completed' | 'cancelled' | 'in_service', start: string, end: string, rate: string, actual?: [string, string | null]) =>
      (
        await db
          .insertInto('nurse_assignment')
          .values({ company_id: co, assignment_no: `RPA${assignments.length}`, nurse_id: nurses.n1, customer_id: customer.A, store_id: stores.A, service_form: 'home', start_date: start, end_date: end, daily_rate: rate, status, actual_start: actual?.[0] ?? null, actual_end: actual?.[1] ?? null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    assignments.push(await assign('completed', '2025-06-24', '2025-07-06', '400', ['2025-06-25', '2025-07-05']));
    assignments.push(await assign('cancelled', '2025-06-05', '2025-06-10', '400'));
    assignments.push(await assign('in_service', '2025-06-10', '2025-06-13', '350.50'));
    await db.insertInto('nurse_leave').values({ company_id: co, nurse_id: nurses.n1, start_date: '2025-05-30', end_date: '2025-06-03' }).execute();
  });

  // ---- expectations from the records ----
  const storeOf = (i: number) => orders[i]!.store;
  const saleCounted = (o: OrderRec, store: 'A' | 'B') => o.store === store && inJune(day(o.created)) && o.status !== 'draft' && o.status !== 'cancelled';
  const payCounted = (p: PayRec, store: 'A' | 'B') => storeOf(p.order) === store && p.status === 'audited' && inJune(day(p.paid));

  it('财务报表: receipts by method, item and store, refunds, aging; drill-down gives the records; export has the same figures', async () => {
    const r = await post<FinanceResult>(c.finance.path, filt());
    const paid = payments.filter((p) => payCounted(p, 'A'));
    const received = (ps: PayRec[]) => sum(ps.filter((p) => !p.amount.startsWith('-')).map((p) => p.amount));
    const refunded = (ps: PayRec[]) => sum(ps.filter((p) => p.amount.startsWith('-')).map((p) => p.amount.slice(1)));
    for (const method of new Set(paid.map((p) => p.method))) {
      const ps = paid.filter((p) => p.method === method);
      expect(r.byMethod.find((x) => x.key === method)).toMatchObject({ received: received(ps), refunded: refunded(ps), payments: ps.length });
    }
    expect(r.byMethod).toHaveLength(new Set(paid.map((p) => p.method)).size);
    expect(r.totals).toMatchObject({ received: received(paid), refunded: refunded(paid), net: sum(paid.map((p) => p.amount)), payments: paid.length });
    expect(r.byStore).toEqual([expect.objectContaining({ key: stores.A, received: received(paid), refunded: refunded(paid) })]);
    // By item: allocations to each receivable's item; the rest is 未核销.
    const byItem = new Map<string, number>();
    for (const p of paid.filter((x) => !x.amount.startsWith('-'))) {
      let rest = moneyToCents(p.amount);
      for (const [ri, amount] of p.alloc ?? []) {
        byItem.set(receivables[ri]!.item, (byItem.get(receivables[ri]!.item) ?? 0) + moneyToCents(amount));
        rest -= moneyToCents(amount);
      }
      if (rest) byItem.set('unapplied', (byItem.get('unapplied') ?? 0) + rest);
    }
    for (const [item, cents] of byItem) expect(r.byItem.find((x) => x.key === item)?.received, item).toBe(centsToMoney(cents));
    // Totals row = sum of rows.
    for (const rows of [r.byMethod, r.byItem, r.byStore]) expect(sum(rows.map((x) => x.net))).toBe(r.totals.net);
    // Aging as of the period's end (balances from the payments audited by then; due on that day is not overdue).
    const bucketOf = (due: string) => {
      const age = Math.round((Date.parse(TO) - Date.parse(due)) / 86_400_000);
      return age <= 0 ? 'notDue' : age <= 30 ? 'd0to30' : age <= 60 ? 'd31to60' : age <= 90 ? 'd61to90' : 'over90';
    };
    const open = receivables.filter((x) => storeOf(x.order) === 'A' && moneyToCents(x.amount) > moneyToCents(x.received));
    const owed = (xs: RecvRec[]) => centsToMoney(xs.reduce((s, x) => s + moneyToCents(x.amount) - moneyToCents(x.received), 0));
    for (const b of ['notDue', 'd0to30', 'd31to60', 'd61to90', 'over90'] as const) expect(r.agingTotals[b], b).toBe(owed(open.filter((x) => bucketOf(x.due) === b)));
    expect(r.agingTotals.outstanding).toBe(owed(open));
    expect(r.aging).toEqual([expect.objectContaining({ key: stores.A, outstanding: owed(open) })]);

    // Drill-down: the payments behind the cash figure, the receivables behind a bucket.
    const cash = await post<PageResult<DrillRecord>>(c.financeDrill.path, filt({ figure: 'payments', dim: 'method', key: 'cash', pageSize: 50 }));
    expect(cash.records.map((x) => x.id).sort()).toEqual(paid.filter((p) => p.method === 'cash').map((p) => p.id).sort());
    expect(cash.records.every((x) => x.kind === 'payment')).toBe(true);
    for (const b of ['notDue', 'd0to30', 'over90', 'outstanding'] as const) {
      const recs = await post<PageResult<DrillRecord>>(c.financeDrill.path, filt({ figure: 'aging', bucket: b, pageSize: 50 }));
      const want = open.filter((x) => b === 'outstanding' || bucketOf(x.due) === b);
      expect(recs.records.map((x) => x.id).sort(), b).toEqual(want.map((x) => x.id).sort());
      expect(sum(recs.records.map((x) => x.amount!)), b).toBe(b === 'outstanding' ? r.agingTotals.outstanding : r.agingTotals[b]);
    }

    // Export: the same figures, sheet 按收款方式 first.
    const file = await exportXlsx(app.t, c.financeExport.path, filt(), app.admin);
    expect(file.status).toBe(200);
    expect(file.rows.slice(1).map((row) => row[3])).toEqual([...r.byMethod.map((x) => x.net), r.totals.net]);
  });

  it('销售订单: the counted orders, paged; totals over the whole filtered set; export the same', async () => {
    const want = orders.filter((o) => saleCounted(o, 'A'));
    const page1 = await post<SaleOrderResult>(c.saleOrder.path, filt({ pageSize: 2 }));
    expect(page1.total).toBe(want.length);
    expect(page1.records).toHaveLength(2);
    expect(page1.totals).toEqual({ orders: want.length, dealTotal: sum(want.map((o) => o.deal)), referenceTotal: sum(want.map((o) => o.reference)), discountTotal: centsToMoney(want.reduce((s, o) => s + moneyToCents(o.reference) - moneyToCents(o.deal), 0)) });
    const all = await post<SaleOrderResult>(c.saleOrder.path, filt({ pageSize: 50 }));
    expect(all.records.map((r) => r.id).sort()).toEqual(want.map((o) => o.id).sort());
    expect(sum(all.records.map((r) => r.dealPrice))).toBe(all.totals.dealTotal);
    // A consultant filter narrows rows and totals alike.
    const mine = await post<SaleOrderResult>(c.saleOrder.path, filt({ consultantId: app.adminId, pageSize: 50 }));
    expect(mine.records.map((r) => r.id).sort()).toEqual(want.filter((o) => o.consultant).map((o) => o.id).sort());
    expect(mine.totals.dealTotal).toBe(sum(want.filter((o) => o.consultant).map((o) => o.deal)));
    const file = await exportXlsx(app.t, c.saleOrderExport.path, filt(), app.admin);
    expect(file.rows).toHaveLength(1 + want.length + 1);
    expect(file.rows.at(-1)![9]).toBe(all.totals.dealTotal);
    expect(file.rows.slice(1, -1).map((row) => row[0]).sort()).toEqual(all.records.map((r) => r.orderNo).sort());
  });

  it('销售汇总: by consultant, store, channel and product; drill-down gives the orders of a row', async () => {
    const want = orders.filter((o) => saleCounted(o, 'A'));
    const r = await post<SaleSummaryResult>(c.saleSummary.path, filt({ groupBy: 'consultant' }));
    const mine = want.filter((o) => o.consultant);
    const none = want.filter((o) => !o.consultant);
    expect(r.rows.find((x) => x.key === app.adminId)).toMatchObject({ orders: mine.length, dealTotal: sum(mine.map((o) => o.deal)), referenceTotal: sum(mine.map((o) => o.reference)) });
    expect(r.rows.find((x) => x.key === 'none')).toMatchObject({ orders: none.length, dealTotal: sum(none.map((o) => o.deal)), label: '未指定' });
    expect(r.totals.orders).toBe(r.rows.reduce((s, x) => s + x.orders, 0));
    expect(r.totals.dealTotal).toBe(sum(r.rows.map((x) => x.dealTotal)));
    expect(r.totals.dealRate).toBe(percentText(moneyToCents(r.totals.dealTotal), moneyToCents(r.totals.referenceTotal)));
    const byChannel = await post<SaleSummaryResult>(c.saleSummary.path, filt({ groupBy: 'channel' }));
    expect(byChannel.rows.map((x) => x.orders).sort()).toEqual([want.filter((o) => o.channel).length, want.filter((o) => !o.channel).length].filter(Boolean).sort());
    const byStore = await post<SaleSummaryResult>(c.saleSummary.path, { from: FROM, to: TO, groupBy: 'store', storeId: stores.B });
    expect(byStore.rows).toEqual([expect.objectContaining({ key: stores.B, orders: orders.filter((o) => saleCounted(o, 'B')).length })]);
    for (const key of [app.adminId, 'none']) {
      const d = await post<PageResult<DrillRecord>>(c.saleSummaryDrill.path, filt({ groupBy: 'consultant', key, pageSize: 50 }));
      expect(d.records.map((x) => x.id).sort()).toEqual((key === 'none' ? none : mine).map((o) => o.id).sort());
      expect(sum(d.records.map((x) => x.amount!))).toBe(r.rows.find((x) => x.key === key)!.dealTotal);
    }
    const file = await exportXlsx(app.t, c.saleSummaryExport.path, filt({ groupBy: 'consultant' }), app.admin);
    expect(file.rows.slice(1).map((row) => row[3])).toEqual([...r.rows.map((x) => x.dealTotal), r.totals.dealTotal]);
  });

  it('订单服务 and 服务汇总: services against the package, by item; drill-downs give the service orders', async () => {
    const served = orders.map((o, i) => ({ o, i })).filter(({ o }) => o.store === 'A' && o.checkedIn && inJune(day(o.checkedIn)));
    const r = await post<OrderServeResult>(c.orderServe.path, filt());
    expect(r.total).toBe(served.length);
    const done = services.filter((s) => s.status === 'completed');
    const row = r.records.find((x) => x.id === orders[1]!.id)!;
    expect(row.packageAllowance).toBe(5);
    expect(row.packageUsed).toBe(done.filter((s) => s.order === 1 && s.source === 'package').length);
    expect(row.extraUsed).toBe(done.filter((s) => s.order === 1 && s.source === 'extra').length);
    expect(row.items).toEqual([
      { serviceItem: 'massage', total: 5, used: done.filter((s) => s.item === 'massage').length, remaining: 5 - done.filter((s) => s.item === 'massage').length },
      { serviceItem: 'bath', total: null, used: done.filter((s) => s.item === 'bath').length, remaining: null },
    ]);
    expect(r.totals).toEqual({ orders: r.records.length, packageAllowance: 5, packageUsed: row.packageUsed, extraUsed: row.extraUsed });
    // Pages of one: the same list one by one (past the end, none), each with the count and totals of the whole set.
    for (const pageNo of [1, 2]) {
      const one = await post<OrderServeResult>(c.orderServe.path, filt({ pageNo, pageSize: 1 }));
      expect([one.total, one.records.map((x) => x.id), one.totals]).toEqual([r.total, r.records.slice(pageNo - 1, pageNo).map((x) => x.id), r.totals]);
    }
    // One order number: the row and totals of that order alone.
    const only = await post<OrderServeResult>(c.orderServe.path, filt({ orderNo: row.orderNo }));
    expect([only.total, only.records.map((x) => x.id), only.totals]).toEqual([1, [row.id], { orders: 1, packageAllowance: 5, packageUsed: row.packageUsed, extraUsed: row.extraUsed }]);
    const d = await post<PageResult<DrillRecord>>(c.orderServeDrill.path, { orderId: orders[1]!.id, source: 'package' });
    expect(d.records.map((x) => x.id).sort()).toEqual(done.filter((s) => s.order === 1 && s.source === 'package').map((s) => s.id).sort());

    const sum1 = await post<ServeSummaryResult>(c.serveSummary.path, filt());
    const june = done.filter((s) => inJune(day(s.completed!)) && storeOf(s.order) === 'A');
    for (const item of new Set(june.map((s) => s.item))) {
      const of = june.filter((s) => s.item === item);
      expect(sum1.rows.find((x) => x.key === item), item).toMatchObject({ package: of.filter((s) => s.source === 'package').length, extra: of.filter((s) => s.source === 'extra').length, completed: of.length });
    }
    expect(sum1.rows).toHaveLength(new Set(june.map((s) => s.item)).size);
    expect(sum1.totals.completed).toBe(june.length);
    expect(sum1.totals.completed).toBe(sum1.rows.reduce((s, x) => s + x.completed, 0));
    const dm = await post<PageResult<DrillRecord>>(c.serveSummaryDrill.path, filt({ item: 'massage' }));
    expect(dm.records.map((x) => x.id).sort()).toEqual(june.filter((s) => s.item === 'massage').map((s) => s.id).sort());
    const file = await exportXlsx(app.t, c.serveSummaryExport.path, filt(), app.admin);
    expect(file.rows.slice(1).map((x) => x[3])).toEqual([...sum1.rows, sum1.totals].map((x) => String(x.completed)));
    const file2 = await exportXlsx(app.t, c.orderServeExport.path, filt(), app.admin);
    expect(file2.rows.at(-1)!.slice(5, 8)).toEqual([r.totals.packageAllowance, r.totals.packageUsed, r.totals.extraUsed].map(String));
    // Each exported order carries the figures of its on-screen row.
    const byNo = (rows: string[][]) => rows.sort((a, b) => a[0]!.localeCompare(b[0]!));
    expect(byNo(file2.rows.slice(1, -1).map((x) => x.slice(0, 8)))).toEqual(
      byNo(r.records.map((x) => [x.orderNo, x.checkInDay ?? '', x.customerName ?? '', x.storeName ?? '', x.productName ?? '', String(x.packageAllowance), String(x.packageUsed), String(x.extraUsed)])),
    );
    expect(file2.rows.find((x) => x[0] === row.orderNo)![8]).toBe(`massage ${row.items[0]!.used}/5；bath ${row.items[1]!.used}/按需`); // codes: no dictionary labels here
  });

  it('待入住: confirmed orders not checked in with the room, money owed and countdown; the owed drill-down', async () => {
    const want = orders.map((o, i) => ({ o, i })).filter(({ o }) => o.store === 'A' && o.status === 'confirmed');
    const r = await post<WaitingMoveInResult>(c.waitingMoveIn.path, { storeId: stores.A });
    expect(r.records.map((x) => x.id)).toEqual(want.sort((a, b) => a.o.planned!.localeCompare(b.o.planned!)).map(({ o }) => o.id));
    const owedOf = (i: number) => centsToMoney(receivables.filter((x) => x.order === i).reduce((s, x) => s + Math.max(moneyToCents(x.amount) - moneyToCents(x.received), 0), 0));
    for (const { o, i } of want) {
      const row = r.records.find((x) => x.id === o.id)!;
      expect(row.owed).toBe(owedOf(i));
      expect(row.plannedCheckIn).toBe(o.planned);
      expect(row.daysLeft).toBe(Math.round((Date.parse(o.planned!) - Date.parse(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 10))) / 86_400_000));
    }
    expect(r.records.find((x) => x.id === orders[0]!.id)).toMatchObject({ dueDate: '2025-07-05', roomNo: expect.stringMatching(/^R/) });
    expect(r.totals).toEqual({ orders: want.length, dealTotal: sum(want.map(({ o }) => o.deal)), owed: sum(want.map(({ i }) => owedOf(i))) });
    const ranged = await post<WaitingMoveInResult>(c.waitingMoveIn.path, { storeId: stores.A, from: '2025-07-01', to: '2025-07-31' });
    expect(ranged.records.map((x) => x.id)).toEqual([orders[0]!.id]);
    const d = await post<PageResult<DrillRecord>>(c.waitingMoveInDrill.path, { orderId: orders[0]!.id });
    expect(d.records.map((x) => x.id).sort()).toEqual(receivables.filter((x) => x.order === 0).map((x) => x.id).sort());
    const file = await exportXlsx(app.t, c.waitingMoveInExport.path, { storeId: stores.A }, app.admin);
    expect(file.rows.at(-1)![8]).toBe(r.totals.owed);
  });

  it('月嫂报表: days served, utilisation, earnings and rating per nurse; drill-down gives the assignments', async () => {
    const r = await post<MonthlyNurseResult>(c.monthlyNurse.path, { from: FROM, to: TO, keyword: '报表' });
    const n1 = r.records.find((x) => x.id === nurses.n1)!;
    // Completed 06-25 → 07-05: 06-25..06-30 = 6 days at 400; in service 06-10 → 06-13: 3 days at 350.50.
    const served = 6 + 3;
    const earnings = centsToMoney(6 * 40000 + 3 * 35050);
    const available = 30 - 3; // leave 05-30..06-03 has 3 days in June
    expect(n1).toMatchObject({ daysServed: served, availableDays: available, utilisation: percentText(served, available), earnings, rating: '4.5', ratingCount: 2 });
    expect(r.records.find((x) => x.id === nurses.n2)).toMatchObject({ daysServed: 0, availableDays: 30, earnings: '0.00', rating: null });
    expect(r.totals).toEqual({ nurses: 2, daysServed: served, availableDays: available + 30, utilisation: percentText(served, available + 30), earnings });
    const d = await post<PageResult<DrillRecord>>(c.monthlyNurseDrill.path, { from: FROM, to: TO, nurseId: nurses.n1 });
    expect(d.records.map((x) => x.id).sort()).toEqual([assignments[0], assignments[2]].sort());
    expect(sum(d.records.map((x) => x.amount!))).toBe(earnings);
    const file = await exportXlsx(app.t, c.monthlyNurseExport.path, { from: FROM, to: TO, keyword: '报表' }, app.admin);
    expect(file.rows.at(-1)![7]).toBe(earnings);
  });

  it('月嫂报表: an assignment still 服务中 counts its days up to today, not its planned 下户', async () => {
    const shDay = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
    const customer = (await app.db.selectFrom('customer').select('id').where('store_id', '=', stores.B).executeTakeFirstOrThrow()).id;
    await app.db
      .insertInto('nurse_assignment')
      .values({ company_id: app.companyId, assignment_no: 'RPA-live', nurse_id: nurses.n2, customer_id: customer, store_id: stores.B, service_form: 'home', start_date: shDay(-3), end_date: shDay(20), daily_rate: '300', status: 'in_service', actual_start: shDay(-3) })
      .execute();
    const r = await post<MonthlyNurseResult>(c.monthlyNurse.path, { from: shDay(-10), to: shDay(10), keyword: 'RPNn2' });
    expect(r.records).toEqual([expect.objectContaining({ id: nurses.n2, daysServed: 4, earnings: '1200.00', availableDays: 21 })]);
  });

  it('403 without the action; a store-scoped user sees only her store', async () => {
    const { token } = await signedInUser(app.t, 'report_nobody', { actions: [] });
    const routes = Object.fromEntries(Object.entries(c).map(([k, v]) => [k, v.path]));
    await expectEachForbidden(app.t, routes, Object.keys(c).map((k) => [k, '', { from: FROM, to: TO, orderId: orders[0]!.id, nurseId: nurses.n1, item: 'massage', groupBy: 'store', key: 'none', figure: 'payments' }] as [string, string, Record<string, unknown>]), token);
    const created = await signedInUser(app.t, 'report_viewer', { actions: ['report:saleSummary:view', 'report:finance:view'], paths: ['/report/saleSummary', '/report/finance'] });
    // She works at store B (#{sys_store_ids}, which the demo 店长 rule reads), signed in again to carry it.
    await app.db.insertInto('user_store').values({ user_id: created.userId, store_id: stores.B }).execute();
    const viewer = { ...created, token: await app.t.login('report_viewer', TEST_PASSWORD) };
    const exp = await exportXlsx(app.t, c.saleSummaryExport.path, { from: FROM, to: TO }, viewer.token);
    expect(exp.status).toBe(403);
    await withDataRule(app.t, app.admin, '/report/saleSummary', { resource: 'analytics_store', name: '本门店', columnKey: 'storeId', condition: '=', value: stores.B }, async () => {
      const r = await post<SaleSummaryResult>(c.saleSummary.path, { from: FROM, to: TO, groupBy: 'store' }, viewer.token);
      expect(r.rows.map((x) => x.key)).toEqual([stores.B]);
      expect(r.totals.orders).toBe(orders.filter((o) => saleCounted(o, 'B')).length);
      // Asking for the other store answers nothing.
      const other = await post<SaleSummaryResult>(c.saleSummary.path, { from: FROM, to: TO, groupBy: 'store', storeId: stores.A }, viewer.token);
      expect(other.rows).toEqual([]);
      expect(other.totals.orders).toBe(0);
      const d = await post<PageResult<DrillRecord>>(c.saleSummaryDrill.path, { from: FROM, to: TO, groupBy: 'store', key: stores.A }, viewer.token);
      expect(d.total).toBe(0);
    });
  });

  it('refuses a period ending before it starts', async () => {
    const res = await app.t.post(c.finance.path, { from: TO, to: FROM }, { token: app.admin });
    expect(res.body).toMatchObject({ success: false, message: expect.stringContaining('结束日期不能早于开始日期') });
  });
});
