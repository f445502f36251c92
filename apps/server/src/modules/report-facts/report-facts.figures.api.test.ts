import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  addDays,
  biContract,
  centsToMoney,
  customerTradeContract,
  displayLinkContract,
  displayScreenContract,
  moneyToCents,
  receivableContract,
  reportContract,
  type AgingRow,
  type AnalysisKpi,
  type BusinessScreen,
  type CustomerTrade,
  type DisplayLinkIssued,
  type DrillRecord,
  type Envelope,
  type FinanceResult,
  type IndexChart,
  type PageResult,
  type ReceivableRecord,
  type StoreAmount,
  type StoreBoard,
} from '@care/shared';
import { shanghaiDate } from '../../platform/time.js';
import { resultOf, useAdminApp } from '../../test/fixtures.js';
import * as data from './report-facts.test-data.js';

// Issue 29, one definition of every figure: a prepared store, read through every page that shows its
// money (应收's aging and list, 财务报表 and its drill-down, 门店看板, 门店金额, 指标图表, 分析页, the
// business screen, 客户360), each figure compared with the records' hand-computed value and with the
// other pages. Dates are relative to today (T) in Shanghai.
//
// Order o1 of customer cu1 in a new store X; its plan (received as the audited payments make it):
//   rA 定金  due T−40  10,000  paid by p1 (T−40)                              → owed 0
//   rB 首付  due T−20  30,000  5,000 of p2 (paid T−12, audited T−10)          → owed 25,000, 20 days late
//   rC 尾款  due T     20,000  nothing                                        → owed 20,000, due today: NOT overdue
//   rD 其他  due T−45   3,000  1,000 of p2                                    → owed 2,000, 45 days late
//   rE 其他  due T+10   8,000  p4's 1,500 (T−5), reversed by p4r (T−3)       → owed 8,000, not due
// p5: a refund of 800 (a negative payment reversing nothing) on T.
// Today: outstanding 55,000; not due 28,000 (rC, rE); overdue 27,000 (1–30: 25,000; 31–60: 2,000).
// Money in over T−40…T: received 10,000 + 6,000 + 1,500 − 1,500 (the reversal cancels its receipt) =
// 16,000; refunded 800 (the refund only: a reversal is never a refund); net 15,200.

describe('one definition of every figure: every page agrees on a prepared store', () => {
  const app = useAdminApp();
  const T = shanghaiDate();
  const d = (n: number) => addDays(T, n);
  const ids = {} as Record<'X' | 'cu1' | 'o1' | 'rA' | 'rB' | 'rC' | 'rD' | 'rE' | 'p2' | 'p4' | 'p4r', string>;
  const call = <R>(path: string, body: Record<string, unknown>) => resultOf(app.t.post<R>(path, body, { token: app.admin }));
  const yuan = (v: string) => centsToMoney(moneyToCents(v));
  const total = <R>(rows: readonly R[], f: (r: R) => string) => centsToMoney(rows.reduce((s, r) => s + moneyToCents(f(r)), 0));

  beforeAll(async () => {
    const db = app.db;
    const c = app.companyId;
    ids.X = (await db.insertInto('store').values({ company_id: c, code: `FG${Date.now().toString(36)}`, name: '对账测试店' }).returning('id').executeTakeFirstOrThrow()).id;
    ids.cu1 = await data.customer(db, c, { storeId: ids.X, leadChannelId: null });
    const product = await data.product(db, c, '对账套餐', 'confinement_package');
    ids.o1 = await data.order(db, c, { storeId: ids.X, customerId: ids.cu1, product, created: `${d(-40)} 09:00`, reference: '71000', deal: '71000', status: 'checked_in' });
    const rec = (item: string, due: string, amount: string, received: string) => data.receivable(db, c, { orderId: ids.o1, item, due, amount, received });
    ids.rA = await rec('deposit', d(-40), '10000', '10000');
    ids.rB = await rec('first_payment', d(-20), '30000', '5000');
    ids.rC = await rec('final_payment', T, '20000', '0');
    ids.rD = await rec('other', d(-45), '3000', '1000');
    ids.rE = await rec('other', d(10), '8000', '0');
    const pay = (o: Parameters<typeof data.payment>[2]) => data.payment(db, c, o);
    await pay({ orderId: ids.o1, method: 'cash', amount: '10000', status: 'audited', paid: `${d(-40)} 10:00`, allocations: [{ receivableId: ids.rA, amount: '10000' }] });
    ids.p2 = await pay({
      orderId: ids.o1,
      method: 'wechat',
      amount: '6000',
      status: 'audited',
      paid: `${d(-12)} 10:00`,
      allocations: [
        { receivableId: ids.rB, amount: '5000' },
        { receivableId: ids.rD, amount: '1000' },
      ],
    });
    // p2 was paid on T−12 but audited (counted) only on T−10.
    await sql`update payment set audited_at = ${`${d(-10)} 15:00:00+08`}::timestamptz where id = ${ids.p2}`.execute(db);
    ids.p4 = await pay({ orderId: ids.o1, method: 'pos', amount: '1500', status: 'audited', paid: `${d(-5)} 10:00`, allocations: [{ receivableId: ids.rE, amount: '1500' }] });
    ids.p4r = await pay({ orderId: ids.o1, method: 'pos', amount: '-1500', status: 'audited', paid: `${d(-3)} 10:00`, allocations: [{ receivableId: ids.rE, amount: '-1500' }] });
    await sql`update payment set reversal_of = ${ids.p4} where id = ${ids.p4r}`.execute(db);
    await pay({ orderId: ids.o1, method: 'cash', amount: '-800', status: 'audited', paid: `${T} 00:05` });
  });

  const period = () => ({ from: d(-40), to: T, storeId: ids.X });
  const finance = (q: Record<string, unknown>) => call<FinanceResult>(reportContract.finance.path, q);
  const agingOf = (r: { outstanding: string; notDue: string; d0to30: string; d31to60: string; d61to90: string; over90: string }) => ({
    outstanding: r.outstanding,
    notDue: r.notDue,
    d0to30: r.d0to30,
    d31to60: r.d31to60,
    d61to90: r.d61to90,
    over90: r.over90,
  });
  const TODAY_AGING = { outstanding: '55000.00', notDue: '28000.00', d0to30: '25000.00', d31to60: '2000.00', d61to90: '0.00', over90: '0.00' };

  it('outstanding and overdue: 应收 aging, 应收 list, 财务报表, 门店看板, 门店金额 and 客户360 say the same (money due today is not overdue)', async () => {
    const [agingRow] = await call<AgingRow[]>(receivableContract.aging.path, { storeId: ids.X });
    expect(agingRow).toMatchObject({ storeId: ids.X, notDue: '28000.00', d0_30: '25000.00', d31_60: '2000.00', d61_90: '0.00', d90_plus: '0.00', overdue: '27000.00', outstanding: '55000.00' });

    const overdueLines = await call<PageResult<ReceivableRecord>>(receivableContract.list.path, { pageNo: 1, pageSize: 50, storeId: ids.X, overdueOnly: true });
    expect(overdueLines.records.map((r) => r.id).sort()).toEqual([ids.rB, ids.rD].sort());
    expect(total(overdueLines.records, (r) => r.outstanding)).toBe('27000.00');

    const report = await finance(period());
    expect(agingOf(report.agingTotals)).toEqual(TODAY_AGING);
    expect(report.aging.map((r) => [r.key, r.outstanding])).toEqual([[ids.X, '55000.00']]);
    const overdueOfReport = centsToMoney(moneyToCents(report.agingTotals.outstanding) - moneyToCents(report.agingTotals.notDue));
    expect(overdueOfReport).toBe('27000.00');

    const board = await call<StoreBoard>(biContract.storeBoard.path, { storeId: ids.X });
    expect({ outstanding: board.outstanding, overdue: board.overdue }).toEqual({ outstanding: '55000.00', overdue: '27000.00' });

    const amount = await call<StoreAmount>(biContract.storeAmount.path, period());
    expect(agingOf(amount.owed)).toEqual(TODAY_AGING);

    const trade = await call<CustomerTrade>(customerTradeContract.path, { id: ids.cu1 });
    expect(trade.money).toMatchObject({ receivable: '71000.00', received: '16000.00', outstanding: '55000.00', overdue: '27000.00' });
    expect(trade.receivables!.records.filter((r) => r.overdue).map((r) => r.id).sort()).toEqual([ids.rB, ids.rD].sort());

    // The drill-down behind each figure lists the same money.
    const drill = async (bucket: string) => {
      const page = await call<PageResult<DrillRecord>>(reportContract.financeDrill.path, { ...period(), figure: 'aging', bucket, pageNo: 1, pageSize: 50 });
      return { ids: page.records.map((r) => r.id).sort(), sum: total(page.records, (r) => r.amount ?? '0') };
    };
    expect(await drill('notDue')).toEqual({ ids: [ids.rC, ids.rE].sort(), sum: '28000.00' });
    expect(await drill('d0to30')).toEqual({ ids: [ids.rB], sum: '25000.00' });
    expect(await drill('outstanding')).toEqual({ ids: [ids.rB, ids.rC, ids.rD, ids.rE].sort(), sum: '55000.00' });
  });

  it('aging as of a past day uses the balances of that day (payments audited by then), on 财务报表, its drill-down and 门店金额', async () => {
    // On T−11 p2 was paid but not yet audited: rB owes 30,000 (9 days late), rD 3,000 (34 days late).
    const asOf = d(-11);
    const expected = { outstanding: '61000.00', notDue: '28000.00', d0to30: '30000.00', d31to60: '3000.00', d61to90: '0.00', over90: '0.00' };
    const report = await finance({ from: d(-40), to: asOf, storeId: ids.X });
    expect(agingOf(report.agingTotals)).toEqual(expected);
    const amount = await call<StoreAmount>(biContract.storeAmount.path, { from: d(-40), to: asOf, storeId: ids.X });
    expect(agingOf(amount.owed)).toEqual(expected);
    const page = await call<PageResult<DrillRecord>>(reportContract.financeDrill.path, { from: d(-40), to: asOf, storeId: ids.X, figure: 'aging', bucket: 'd0to30', pageNo: 1, pageSize: 50 });
    expect(page.records.map((r) => [r.id, r.amount])).toEqual([[ids.rB, '30000.00']]);
    // On T−10 the audit counts: today's balances of rB and rD, aged on T−10.
    const audited = await finance({ from: d(-40), to: d(-10), storeId: ids.X });
    expect(agingOf(audited.agingTotals)).toEqual({ outstanding: '55000.00', notDue: '28000.00', d0to30: '25000.00', d31to60: '2000.00', d61to90: '0.00', over90: '0.00' });
  });

  it('aging as of a future day: today balances, aged on that day', async () => {
    // T+12: rB 32 days and rD 57 days late (31–60), rC 12 and rE 2 days late (1–30).
    const report = await finance({ from: d(-40), to: d(12), storeId: ids.X });
    expect(agingOf(report.agingTotals)).toEqual({ outstanding: '55000.00', notDue: '0.00', d0to30: '28000.00', d31to60: '27000.00', d61to90: '0.00', over90: '0.00' });
  });

  it('money in: a reversal cancels its receipt and is never a refund; every item with money has its payments counted; every page agrees', async () => {
    const report = await finance(period());
    expect(report.totals).toMatchObject({ received: '16000.00', refunded: '800.00', net: '15200.00' });
    expect(report.byItem.map((r) => [r.key, r.received, r.refunded, r.payments])).toEqual([
      ['deposit', '10000.00', '0.00', 1],
      ['first_payment', '5000.00', '0.00', 1],
      ['other', '1000.00', '0.00', 3],
      ['unapplied', '0.00', '800.00', 1],
    ]);
    expect(report.byItem.filter((r) => moneyToCents(r.received) !== 0 || moneyToCents(r.refunded) !== 0).every((r) => r.payments > 0)).toBe(true);
    expect(report.byMethod.map((r) => [r.key, r.received, r.refunded])).toEqual([
      ['cash', '10000.00', '800.00'],
      ['pos', '0.00', '0.00'],
      ['wechat', '6000.00', '0.00'],
    ]);

    const amount = await call<StoreAmount>(biContract.storeAmount.path, period());
    expect({ received: amount.received, refunded: amount.refunded, net: amount.net }).toEqual({ received: '16000.00', refunded: '800.00', net: '15200.00' });
    expect(amount.items.map((r) => [r.item, yuan(r.received), yuan(r.refunded)])).toEqual(report.byItem.map((r) => [r.key, r.received, r.refunded]));

    const chart = await call<IndexChart>(biContract.indexChart.path, period());
    expect(total(chart.points, (p) => p.received)).toBe('16000.00');
    expect(total(chart.points, (p) => p.refunded)).toBe('800.00');

    // Today: the refund only.
    const board = await call<StoreBoard>(biContract.storeBoard.path, { storeId: ids.X });
    expect({ received: board.received, refunded: board.refunded }).toEqual({ received: '0.00', refunded: '800.00' });
    const today = await finance({ from: T, to: T, storeId: ids.X });
    expect(today.totals).toMatchObject({ received: '0.00', refunded: '800.00', net: '-800.00' });
    // The reversal's day: it lowers what came in, refunds nothing.
    const reversalDay = await finance({ from: d(-3), to: d(-3), storeId: ids.X });
    expect(reversalDay.totals).toMatchObject({ received: '-1500.00', refunded: '0.00', net: '-1500.00' });
  });

  it('company-wide: 分析页 and the business screen agree with 财务报表 over the same days', async () => {
    const monthFrom = `${T.slice(0, 7)}-01`;
    const [kpi, month, day, company] = await Promise.all([
      call<AnalysisKpi>(biContract.analysisKpi.path, {}),
      finance({ from: monthFrom, to: T }),
      finance({ from: T, to: T }),
      call<AgingRow[]>(receivableContract.aging.path, {}),
    ]);
    expect(kpi.received).toBe(yuan(month.totals.net));
    expect(kpi.outstanding).toBe(yuan(month.agingTotals.outstanding));
    expect(total(company, (r) => r.outstanding)).toBe(month.agingTotals.outstanding);
    expect(total(company, (r) => r.overdue)).toBe(centsToMoney(moneyToCents(month.agingTotals.outstanding) - moneyToCents(month.agingTotals.notDue)));

    const issued = await call<DisplayLinkIssued>(displayLinkContract.add.path, { screen: 1 });
    const token = new URL(issued.url, 'http://x').searchParams.get('token')!;
    const res = await app.t.app.inject({ method: 'GET', url: displayScreenContract.business.path, query: app.t.signedQuery({}), headers: { 'x-display-token': token } });
    expect(res.statusCode).toBe(200);
    const screen = (res.json() as Envelope<BusinessScreen>).result;
    expect(screen.todayReceived).toBe(day.totals.net);
    expect(screen.monthReceived).toBe(month.totals.net);
  });
});
