import { beforeAll, describe, expect, it } from 'vitest';
import {
  ErrorText,
  Permission,
  ReceivableText,
  paymentContract,
  receivableContract,
  type AgingRow,
  type DebtAuthorization,
  type PageResult,
  type PaymentRecord,
  type ReceivableOrder,
  type ReceivableRecord,
} from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, postMultipart, resultOf, signedInUser, TEST_PNG, useAdminApp, withDataRule, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { sendOverdueReminders } from './overdue-reminder.job.js';
import { createReceivables } from './receivable.service.js';
import { insertOrder, storeIdOf } from './receivable.test-data.js';

const R = Object.fromEntries(Object.entries(receivableContract).map(([k, c]) => [k, c.path])) as Record<keyof typeof receivableContract, string>;
const P = Object.fromEntries(Object.entries(paymentContract).map(([k, c]) => [k, c.path])) as Record<keyof typeof paymentContract, string>;

const shanghaiDay = (offsetDays: number) => new Date(Date.now() + 8 * 3600_000 + offsetDays * 86_400_000).toISOString().slice(0, 10);

describe('应收 and 收款', () => {
  // Uploads (收款附件) land in a DATA_DIR of the suite's own.
  const app = useAdminApp({ dataDir: true });
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(app.db));
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  const actor = () => ({ companyId: app.companyId, userId: app.adminId });

  /** An order in the store with a plan: 定金 5000 (overdue 10 days), 首付 10000 (overdue 45 days), 尾款 15000 (due in 30 days). */
  const newOrder = async (store: 'NS' | 'FT' = 'NS', o: { consultantId?: string | null } = {}) => {
    const order = await insertOrder(app.db, app.companyId, await storeIdOf(app.db, app.companyId, store), o);
    const ids = await app.db.transaction().execute((trx) =>
      createReceivables(trx, actor(), order, [
        { item: 'deposit', dueDate: shanghaiDay(-10), amount: '5000', dueBeforeCheckIn: true },
        { item: 'first_payment', dueDate: shanghaiDay(-45), amount: '10000', dueBeforeCheckIn: true },
        { item: 'final_payment', dueDate: shanghaiDay(30), amount: '15000' },
      ]),
    );
    return { order, ids };
  };
  const receivable = (id: string) => app.db.selectFrom('receivable').select(['amount', 'received', 'status', 'version']).where('id', '=', id).executeTakeFirstOrThrow();
  const pay = (orderId: string, allocations: { receivableId: string; amount: string }[], extra: Record<string, unknown> = {}, token = app.admin) =>
    post<PaymentRecord>(P.add, { orderId, method: 'wechat', amount: extra.amount ?? allocations.reduce((s, a) => s + Number(a.amount), 0).toFixed(2), paidAt: '2026-11-20 10:30', allocations, ...extra }, token);

  it('records a payment against receivables of one order; only audited money counts', async () => {
    const { order, ids } = await newOrder();
    const added = await pay(order.id, [{ receivableId: ids[0]!, amount: '3000' }, { receivableId: ids[1]!, amount: '2000.50' }], { payer: '张三', bankRef: 'B1', invoiceNo: 'F1' });
    expect(added.body).toMatchObject({ code: '0', message: '收款已登记，待财务审核' });
    const payment = added.body.result;
    expect(payment).toMatchObject({ orderNo: order.orderNo, amount: '5000.50', unapplied: '0.00', status: 'pending_audit', kind: 'receipt', payer: '张三', paidAt: '2026-11-20 10:30:00' });
    expect(payment.paymentNo).toMatch(/^SK/);
    expect(payment.allocations.map((a) => [a.receivableId, a.amount]).sort()).toEqual([[ids[0], '3000.00'], [ids[1], '2000.50']].sort());
    expect(await receivable(ids[0]!)).toMatchObject({ received: '0.00', status: 'unpaid' });
    // The list shows what pending payments reserved.
    const lines = (await resultOf(post<PageResult<ReceivableRecord>>(R.list, { orderId: order.id, column: 'dueDate', order: 'asc' }))).records;
    expect(lines.map((l) => [l.item, l.pending, l.outstanding, l.daysOverdue, l.agingBucket])).toEqual([
      ['first_payment', '2000.50', '10000.00', 45, 'd31_60'],
      ['deposit', '3000.00', '5000.00', 10, 'd0_30'],
      ['final_payment', '0.00', '15000.00', 0, null],
    ]);
    const audited = await post<PaymentRecord>(P.audit, { id: payment.id, version: payment.version });
    expect(audited.body).toMatchObject({ code: '0', result: { status: 'audited', auditedBy: expect.any(String) } });
    expect(await receivable(ids[0]!)).toMatchObject({ received: '3000.00', status: 'partial' });
    expect(await receivable(ids[1]!)).toMatchObject({ received: '2000.50', status: 'partial' });
    // Audited is final: no second audit, no reject.
    expect((await post(P.audit, { id: payment.id, version: audited.body.result.version })).body).toMatchObject({ code: '101', message: '收款单当前状态为「已审核」，不能审核' });
    expect((await post(P.reject, { id: payment.id, version: audited.body.result.version, reason: 'x' })).body).toMatchObject({ code: '101', message: '收款单当前状态为「已审核」，不能驳回' });
    // Paying the deposit in full moves it to 已收清.
    const rest = (await pay(order.id, [{ receivableId: ids[0]!, amount: '2000' }])).body.result;
    await resultOf(post(P.audit, { id: rest.id, version: rest.version }));
    expect(await receivable(ids[0]!)).toMatchObject({ received: '5000.00', status: 'paid' });
  });

  it('附件 are images uploaded by this company only: addresses elsewhere, javascript:, .. paths or a missing file are refused and no payment is written', async () => {
    const { order, ids } = await newOrder();
    const uploaded = await postMultipart<string>(app.t, '/online/common/upload/createOnlineFile', { token: app.admin, query: { prefixPath: `${app.companyId}/routine`, biz: 'payment' }, file: { name: 'slip.png', data: TEST_PNG, type: 'image/png' } });
    expect(uploaded.body.code).toBe('0');
    const mine = uploaded.body.message;
    const day = mine.split('/')[2]!;
    const attacks = [
      'https://evil.example.com/track.png',
      'javascript:alert(document.cookie)',
      '../../etc/passwd',
      `${app.companyId}/routine/${day}/../../../../etc/passwd`,
      `00000000-0000-4000-8000-000000000000/routine/${day}/${mine.split('/')[3]}`,
      `${app.companyId}/routine/${day}/11111111-1111-4111-8111-111111111111.png`,
    ];
    const count = async () => Number((await app.db.selectFrom('payment').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    for (const attack of attacks) {
      const res = await pay(order.id, [{ receivableId: ids[0]!, amount: '100' }], { attachments: [mine, attack] });
      expect(res.body.code, attack).toBe('101');
      expect(res.body.message, attack).toContain(ReceivableText.badAttachment);
    }
    expect(await count()).toBe(before);
    const kept = await resultOf(pay(order.id, [{ receivableId: ids[0]!, amount: '100' }], { attachments: [mine] }));
    expect(kept.attachments).toEqual([mine]);
  });

  it('refuses more than a receivable still owes, and an excess unless recorded as 预收/超额', async () => {
    const { order, ids } = await newOrder();
    const first = (await pay(order.id, [{ receivableId: ids[0]!, amount: '4000' }])).body.result;
    // Pending payments reserve their money.
    expect((await pay(order.id, [{ receivableId: ids[0]!, amount: '1000.01' }])).body).toMatchObject({ code: '101', message: ReceivableText.overAllocated('定金', '1000.00', '1000.01') });
    expect((await pay(order.id, [{ receivableId: ids[0]!, amount: '500' }], { amount: '800' })).body).toMatchObject({ code: '101', message: ReceivableText.excessNeedsAdvance('300.00') });
    expect((await pay(order.id, [{ receivableId: ids[0]!, amount: '500' }], { amount: '400' })).body).toMatchObject({ code: '101', message: ReceivableText.allocationsAboveAmount });
    expect((await pay(order.id, [], { amount: '100' })).body).toMatchObject({ code: '101', message: ReceivableText.allocationRequired });
    const other = await newOrder();
    expect((await pay(order.id, [{ receivableId: other.ids[0]!, amount: '1' }])).body).toMatchObject({ code: '101', message: ReceivableText.notOfOrder });
    expect((await pay(MISSING_ID, [{ receivableId: ids[0]!, amount: '1' }])).body).toMatchObject({ code: '101', message: ReceivableText.orderHasNoPlan });
    expect((await pay(order.id, [{ receivableId: ids[0]!, amount: '1' }], { amount: '0' })).body).toMatchObject({ code: '101', message: `amount: ${ReceivableText.paymentAmountPositive}` });
    // Explicitly 预收/超额: the excess stays on the payment as unapplied.
    const advance = (await pay(order.id, [{ receivableId: ids[0]!, amount: '1000' }], { amount: '1800', advance: true })).body.result;
    expect(advance).toMatchObject({ amount: '1800.00', unapplied: '800.00' });
    await resultOf(post(P.audit, { id: advance.id, version: advance.version }));
    await resultOf(post(P.audit, { id: first.id, version: first.version }));
    expect(await receivable(ids[0]!)).toMatchObject({ received: '5000.00', amount: '5000.00', status: 'paid' });
    // A 驳回 frees what a payment had reserved.
    const wrong = (await pay(order.id, [{ receivableId: ids[1]!, amount: '10000' }])).body.result;
    expect((await post(P.reject, { id: wrong.id, version: wrong.version, reason: ' ' })).body).toMatchObject({ code: '101', message: `reason: ${ReceivableText.rejectReasonRequired}` });
    expect((await post(P.reject, { id: wrong.id, version: wrong.version, reason: '金额有误' })).body).toMatchObject({ code: '0', result: { status: 'rejected', rejectReason: '金额有误' } });
    expect((await post(P.audit, { id: wrong.id, version: wrong.version + 1 })).body).toMatchObject({ code: '101', message: '收款单当前状态为「已驳回」，不能审核' });
    expect(await receivable(ids[1]!)).toMatchObject({ received: '0.00' });
    await resultOf(pay(order.id, [{ receivableId: ids[1]!, amount: '10000' }]));
  });

  it('a stale audit changes nothing and says so', async () => {
    const { order, ids } = await newOrder();
    const p = (await pay(order.id, [{ receivableId: ids[0]!, amount: '100' }])).body.result;
    expect((await post(P.audit, { id: p.id, version: p.version + 1 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect(await resultOf(post<PaymentRecord>(P.queryById, { id: p.id }))).toMatchObject({ status: 'pending_audit', version: p.version });
    expect(await receivable(ids[0]!)).toMatchObject({ received: '0.00' });
  });

  it('冲销: a negative payment of an audited one, once, counted when audited', async () => {
    const { order, ids } = await newOrder();
    const p = (await pay(order.id, [{ receivableId: ids[0]!, amount: '5000' }, { receivableId: ids[2]!, amount: '100' }], { amount: '5600', advance: true })).body.result;
    expect((await post(P.reverse, { id: p.id })).body).toMatchObject({ code: '101', message: ReceivableText.reverseOnlyAudited });
    await resultOf(post(P.audit, { id: p.id, version: p.version }));
    const reversal = await post<PaymentRecord>(P.reverse, { id: p.id, reason: '客户退单' });
    expect(reversal.body).toMatchObject({ code: '0', result: { kind: 'reversal', amount: '-5600.00', unapplied: '-500.00', reversalOf: p.id, reversalOfNo: p.paymentNo, status: 'pending_audit' } });
    expect(reversal.body.result.allocations.map((a) => a.amount).sort()).toEqual(['-100.00', '-5000.00']);
    expect((await post(P.reverse, { id: p.id })).body).toMatchObject({ code: '101', message: ReceivableText.alreadyReversed });
    expect((await post(P.reverse, { id: reversal.body.result.id })).body).toMatchObject({ code: '101', message: ReceivableText.reverseOnlyAudited });
    expect(await receivable(ids[0]!)).toMatchObject({ received: '5000.00' });
    expect((await resultOf(post<PaymentRecord>(P.queryById, { id: p.id }))).reversedBy).toBe(reversal.body.result.id);
    await resultOf(post(P.audit, { id: reversal.body.result.id, version: reversal.body.result.version }));
    expect(await receivable(ids[0]!)).toMatchObject({ received: '0.00', status: 'unpaid' });
    expect(await receivable(ids[2]!)).toMatchObject({ received: '0.00', status: 'unpaid' });
    expect((await post(P.reverse, { id: reversal.body.result.id })).body).toMatchObject({ code: '101', message: ReceivableText.reverseOnlyPositive });
    const listed = await resultOf(post<PageResult<PaymentRecord>>(P.list, { orderId: order.id, kind: 'reversal' }));
    expect(listed.records.map((r) => r.id)).toEqual([reversal.body.result.id]);
  });

  it('plan lines of an unconfirmed order: add, edit under the version lock (not below what was taken), delete only when no payment named it', async () => {
    const { order, ids } = await newOrder();
    // Only an order not yet confirmed has a plan edited line by line (ledger.api.test.ts: a confirmed one's moves by change orders).
    await app.db.updateTable('sales_order').set({ status: 'pending_audit' }).where('id', '=', order.id).execute();
    const added = await post<ReceivableRecord>(R.add, { orderId: order.id, item: 'other', dueDate: '2026-12-31', amount: '800', remark: '加床' });
    expect(added.body).toMatchObject({ code: '0', result: { orderNo: order.orderNo, item: 'other', amount: '800.00', status: 'unpaid', storeName: '南山店' } });
    expect((await post(R.add, { orderId: MISSING_ID, item: 'other', dueDate: '2026-12-31', amount: '1' })).body).toMatchObject({ code: '101', message: ReceivableText.orderHasNoPlan });
    const p = (await pay(order.id, [{ receivableId: ids[0]!, amount: '3000' }])).body.result;
    await resultOf(post(P.audit, { id: p.id, version: p.version }));
    await resultOf(pay(order.id, [{ receivableId: ids[0]!, amount: '1000' }]));
    const line = await resultOf(post<ReceivableRecord>(R.queryById, { id: ids[0]! }));
    expect((await post(R.edit, { id: line.id, version: line.version, dueDate: line.dueDate, amount: '3999.99' })).body).toMatchObject({ code: '101', message: ReceivableText.amountBelowTaken('4000.00') });
    const edited = await post<ReceivableRecord>(R.edit, { id: line.id, version: line.version, dueDate: '2026-12-01', amount: '4000' });
    expect(edited.body).toMatchObject({ code: '0', result: { amount: '4000.00', dueDate: '2026-12-01', status: 'partial', version: line.version + 1 } });
    expect((await post(R.edit, { id: line.id, version: line.version, dueDate: '2026-12-02', amount: '9000' })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect(await receivable(line.id)).toMatchObject({ amount: '4000.00' });
    expect((await post(R.delete, { id: line.id, version: line.version + 1 })).body).toMatchObject({ code: '101', message: ReceivableText.hasAllocations });
    expect((await post(R.delete, { id: added.body.result.id, version: 99 })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await post(R.delete, { id: added.body.result.id, version: added.body.result.version })).body).toMatchObject({ code: '0', message: '删除成功!' });
    expect((await post(R.queryById, { id: added.body.result.id })).status).toBe(404);
  });

  it('filters, exports, 账龄 per store and the order picker', async () => {
    const { order, ids } = await newOrder('FT');
    const p = (await pay(order.id, [{ receivableId: ids[1]!, amount: '4000' }])).body.result;
    await resultOf(post(P.audit, { id: p.id, version: p.version }));
    const ft = await storeIdOf(app.db, app.companyId, 'FT');
    const overdue = await resultOf(post<PageResult<ReceivableRecord>>(R.list, { keyword: order.orderNo, overdueOnly: true }));
    expect(overdue.records.map((r) => [r.item, r.outstanding]).sort()).toEqual([['deposit', '5000.00'], ['first_payment', '6000.00']]);
    expect((await resultOf(post<PageResult<ReceivableRecord>>(R.list, { keyword: order.orderNo, agingBucket: 'd31_60' }))).records.map((r) => r.item)).toEqual(['first_payment']);
    expect((await resultOf(post<PageResult<ReceivableRecord>>(R.list, { keyword: order.orderNo, status: 'partial', storeId: ft }))).total).toBe(1);
    expect((await resultOf(post<PageResult<ReceivableRecord>>(R.list, { keyword: order.orderNo, dueFrom: shanghaiDay(1) }))).records.map((r) => r.item)).toEqual(['final_payment']);
    const sheet = await exportXlsx(app.t, R.exportXls, { keyword: order.orderNo, column: 'dueDate', order: 'asc' }, app.admin);
    expect(sheet.rows[0]).toContain('未收金额');
    expect(sheet.rows.slice(1).map((r) => [r[3], r[7]])).toEqual([['首付', '6000.00'], ['定金', '5000.00'], ['尾款', '15000.00']]);
    const pays = await exportXlsx(app.t, P.exportXls, { keyword: order.orderNo }, app.admin);
    expect(pays.rows.slice(1).map((r) => [r[0], r[5], r[6], r[12]])).toEqual([[p.paymentNo, '微信', '4000.00', '已审核']]);
    const aging = await resultOf(post<AgingRow[]>(R.aging, { storeId: ft }));
    const sums = await app.db
      .selectFrom('receivable')
      .select(['due_date', 'amount', 'received'])
      .where('store_id', '=', ft)
      .where('company_id', '=', app.companyId)
      .execute();
    const today = shanghaiDay(0);
    const late = (d: string) => Math.round((Date.parse(today) - Date.parse(d)) / 86_400_000);
    const owed = (f: (days: number) => boolean) => sums.filter((r) => f(late(r.due_date))).reduce((s, r) => s + Math.round(Number(r.amount) * 100) - Math.round(Number(r.received) * 100), 0) / 100;
    expect(aging).toHaveLength(1);
    expect(aging[0]).toMatchObject({ storeId: ft, storeName: '福田店' });
    expect(Number(aging[0]!.d0_30)).toBe(owed((d) => d >= 1 && d <= 30));
    expect(Number(aging[0]!.d31_60)).toBe(owed((d) => d >= 31 && d <= 60));
    expect(Number(aging[0]!.notDue)).toBe(owed((d) => d <= 0));
    expect(Number(aging[0]!.d0_30)).toBeGreaterThanOrEqual(5000);
    const orders = await resultOf(post<ReceivableOrder[]>(R.orders, { keyword: order.orderNo }));
    expect(orders).toEqual([{ orderId: order.id, orderNo: order.orderNo, customerName: expect.any(String), storeName: '福田店', amount: '30000.00', received: '4000.00', outstanding: '26000.00' }]);
    expect((await resultOf(post<ReceivableRecord[]>(R.ofOrder, { orderId: order.id }))).map((r) => r.item)).toEqual(['first_payment', 'deposit', 'final_payment']);
  });

  it('欠款授权: grant and revoke once', async () => {
    const { order } = await newOrder();
    const granted = await post<DebtAuthorization>(R.debtGrant, { orderId: order.id, amount: '5000', reason: '老客户，入住后补齐' });
    expect(granted.body).toMatchObject({ code: '0', result: { orderId: order.id, amount: '5000.00', revokedAt: null } });
    expect((await post(R.debtGrant, { orderId: order.id, amount: '0', reason: 'x' })).body).toMatchObject({ code: '101', message: `amount: ${ReceivableText.debtAmountPositive}` });
    expect((await post(R.debtGrant, { orderId: order.id, amount: '1', reason: '' })).body).toMatchObject({ code: '101', message: `reason: ${ReceivableText.debtReasonRequired}` });
    expect((await post(R.debtGrant, { orderId: MISSING_ID, amount: '1', reason: 'x' })).status).toBe(404);
    const revoked = await post<DebtAuthorization>(R.debtRevoke, { id: granted.body.result.id });
    expect(revoked.body.result.revokedAt).not.toBeNull();
    expect((await post(R.debtRevoke, { id: granted.body.result.id })).body).toMatchObject({ code: '101', message: ReceivableText.debtRevoked });
    expect((await resultOf(post<DebtAuthorization[]>(R.debtList, { orderId: order.id }))).map((d) => d.id)).toEqual([granted.body.result.id]);
  });

  it('answers 403 without the action', async () => {
    const { order, ids } = await newOrder();
    const { token } = await signedInUser(app.t, 'rcv_nobody', { actions: [] });
    const calls: RouteCall<typeof R>[] = [
      ['list', Permission.receivableList, {}],
      ['queryById', Permission.receivableList, { id: ids[0] }],
      ['add', Permission.receivableAdd, { orderId: order.id, item: 'other', dueDate: '2026-12-31', amount: '1' }],
      ['edit', Permission.receivableEdit, { id: ids[0], version: 1, dueDate: '2026-12-31', amount: '1' }],
      ['delete', Permission.receivableDelete, { id: ids[0], version: 1 }],
      ['exportXls', Permission.receivableExport, {}],
      ['aging', Permission.receivableAging, {}],
      ['orders', Permission.paymentAdd, {}],
      ['ofOrder', Permission.paymentAdd, { orderId: order.id }],
      ['debtList', Permission.receivableList, { orderId: order.id }],
      ['debtGrant', Permission.debtAuthorize, { orderId: order.id, amount: '1', reason: 'x' }],
      ['debtRevoke', Permission.debtRevoke, { id: MISSING_ID }],
    ];
    await expectEachForbidden(app.t, R, calls, token);
    const payCalls: RouteCall<typeof P>[] = [
      ['list', Permission.paymentList, {}],
      ['queryById', Permission.paymentList, { id: MISSING_ID }],
      ['add', Permission.paymentAdd, { orderId: order.id, method: 'cash', amount: '1', paidAt: '2026-11-20 10:00', allocations: [{ receivableId: ids[0], amount: '1' }] }],
      ['audit', Permission.paymentAudit, { id: MISSING_ID, version: 1 }],
      ['reject', Permission.paymentReject, { id: MISSING_ID, version: 1, reason: 'x' }],
      ['reverse', Permission.paymentReverse, { id: MISSING_ID }],
      ['exportXls', Permission.paymentExport, {}],
    ];
    await expectEachForbidden(app.t, P, payCalls, token);
    // Recording money does not let one audit it.
    const clerk = await signedInUser(app.t, 'rcv_clerk', { actions: [Permission.paymentAdd, Permission.paymentList] });
    // (The demo's store rule on 应收 applies to everyone reaching it: the clerk works in 南山店.)
    await app.db.insertInto('user_store').values({ user_id: clerk.userId, store_id: order.storeId }).execute();
    const p = (await pay(order.id, [{ receivableId: ids[0]!, amount: '10' }], {}, clerk.token)).body.result;
    await expectEachForbidden(app.t, P, [['audit', Permission.paymentAudit, { id: p.id, version: p.version }]], clerk.token);
  });

  it("keeps a 店长 with a store rule to her store's receivables and payments, by list and by id", async () => {
    const mine = await newOrder('NS');
    const theirs = await newOrder('FT');
    const ns = await storeIdOf(app.db, app.companyId, 'NS');
    const theirPayment = (await pay(theirs.order.id, [{ receivableId: theirs.ids[0]!, amount: '100' }])).body.result;
    const actions = Object.values(Permission).filter((a) => a.startsWith('finance:receivable:') || a.startsWith('finance:payment:'));
    const { token, userId } = await signedInUser(app.t, 'rcv_manager', { actions, paths: ['/finance/receivable', '/finance/payment'] });
    await app.db.insertInto('user_store').values({ user_id: userId, store_id: ns }).execute();
    const rule = (resource: string) => ({ resource, name: '本门店', columnKey: 'storeId', condition: '=', value: ns });
    await withDataRule(app.t, app.admin, '/finance/receivable', rule('receivable'), () =>
      withDataRule(app.t, app.admin, '/finance/payment', rule('payment'), async () => {
        const listed = await resultOf(post<PageResult<ReceivableRecord>>(R.list, { pageSize: 500 }, token));
        expect(listed.records.length).toBeGreaterThan(0);
        expect(listed.records.every((r) => r.storeId === ns)).toBe(true);
        expect(listed.records.some((r) => r.id === mine.ids[0])).toBe(true);
        expect((await post(R.queryById, { id: theirs.ids[0] }, token)).status).toBe(404);
        expect((await post(R.edit, { id: theirs.ids[0], version: 1, dueDate: '2026-12-31', amount: '1' }, token)).status).toBe(404);
        expect((await post(R.delete, { id: theirs.ids[2], version: 1 }, token)).status).toBe(404);
        expect((await post(R.add, { orderId: theirs.order.id, item: 'other', dueDate: '2026-12-31', amount: '1' }, token)).body).toMatchObject({ code: '101', message: ReceivableText.orderHasNoPlan });
        expect((await pay(theirs.order.id, [{ receivableId: theirs.ids[0]!, amount: '1' }], {}, token)).body).toMatchObject({ code: '101', message: ReceivableText.orderHasNoPlan });
        expect((await post(R.debtGrant, { orderId: theirs.order.id, amount: '1', reason: 'x' }, token)).status).toBe(404);
        expect((await resultOf(post<AgingRow[]>(R.aging, {}, token))).map((a) => a.storeId)).toEqual([ns]);
        expect((await exportXlsx(app.t, R.exportXls, {}, token)).rows.slice(1).every((r) => r[0] === '南山店')).toBe(true);
        const payments = await resultOf(post<PageResult<PaymentRecord>>(P.list, { pageSize: 500 }, token));
        expect(payments.records.every((r) => r.storeId === ns)).toBe(true);
        expect((await post(P.queryById, { id: theirPayment.id }, token)).status).toBe(404);
        expect((await post(P.audit, { id: theirPayment.id, version: theirPayment.version }, token)).status).toBe(404);
        expect((await post(P.reject, { id: theirPayment.id, version: theirPayment.version, reason: 'x' }, token)).status).toBe(404);
        const own = (await pay(mine.order.id, [{ receivableId: mine.ids[0]!, amount: '100' }], {}, token)).body.result;
        await resultOf(post(P.audit, { id: own.id, version: own.version }, token));
      }),
    );
    expect(await receivable(theirs.ids[0]!)).toMatchObject({ received: '0.00', version: 1 });
    expect(await resultOf(post<PaymentRecord>(P.queryById, { id: theirPayment.id }))).toMatchObject({ status: 'pending_audit' });
  });

  it('overdue reminders go to the consultant (else the store manager), at most once per receivable per day', async () => {
    const consultant = await signedInUser(app.t, 'rcv_consultant', {});
    const withConsultant = await newOrder('NS', { consultantId: consultant.userId });
    const withoutConsultant = await newOrder('FT');
    const manager = (await app.db.selectFrom('store').select('manager_id').where('id', '=', withoutConsultant.order.storeId).executeTakeFirstOrThrow()).manager_id!;
    const sent = await sendOverdueReminders(app.db, null);
    const about = (ids: string[]) => sent.filter((m) => ids.includes(m.busId ?? ''));
    // 定金 and 首付 are overdue, 尾款 is not.
    expect(about(withConsultant.ids).map((m) => [m.busId, m.recipientId]).sort()).toEqual([[withConsultant.ids[0], consultant.userId], [withConsultant.ids[1], consultant.userId]].sort());
    expect(about(withoutConsultant.ids).map((m) => m.recipientId)).toEqual([manager, manager]);
    const deposit = about([withConsultant.ids[0]!])[0]!;
    expect(deposit.titile).toContain('定金');
    expect(deposit.msgContent).toContain(withConsultant.order.orderNo);
    expect(deposit.msgContent).toContain('已逾期 10 天');
    expect(deposit.openPage).toBe('/finance/receivable');
    expect(await sendOverdueReminders(app.db, null)).toEqual([]);
    // The next day they go out again, unless paid in full.
    const p = (await pay(withConsultant.order.id, [{ receivableId: withConsultant.ids[0]!, amount: '5000' }])).body.result;
    await resultOf(post(P.audit, { id: p.id, version: p.version }));
    const tomorrow = await sendOverdueReminders(app.db, null, new Date(Date.now() + 86_400_000));
    expect(tomorrow.filter((m) => withConsultant.ids.includes(m.busId ?? '')).map((m) => m.busId)).toEqual([withConsultant.ids[1]]);
  });
});
