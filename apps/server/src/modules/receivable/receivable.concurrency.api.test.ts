import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { paymentContract, receivableContract, receivableStatusOf, type PaymentRecord, type ReceivableRecord } from '@care/shared';
import { allowSelfAudit, resultOf, useAdminApp } from '../../test/fixtures.js';
import { createReceivables, createRefund } from './receivable.service.js';
import { insertOrder, insertRefundChangeOrder, storeIdOf } from './receivable.test-data.js';

const P = Object.fromEntries(Object.entries(paymentContract).map(([k, c]) => [k, c.path])) as Record<keyof typeof paymentContract, string>;
const R = Object.fromEntries(Object.entries(receivableContract).map(([k, c]) => [k, c.path])) as Record<keyof typeof receivableContract, string>;

// The money invariants under concurrency: received is the sum of audited allocations for every
// receivable, and no receivable is ever over-paid — only `unapplied` holds excess.
describe('receivables under concurrent payments, audits, rejections, reversals and refunds', () => {
  const app = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(app.db));
  const post = <T>(url: string, body: Record<string, unknown>) => app.t.post<T>(url, body, { token: app.admin });
  const actor = () => ({ companyId: app.companyId, userId: app.adminId });

  it('keeps received = Σ audited allocations ≤ amount after 200+ concurrent mixed operations', async () => {
    const store = await storeIdOf(app.db, app.companyId, 'NS');
    const orders: { order: Awaited<ReturnType<typeof insertOrder>>; ids: string[]; changeOrderId: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const order = await insertOrder(app.db, app.companyId, store);
      const ids = await app.db.transaction().execute((trx) =>
        createReceivables(trx, actor(), order, [
          { item: 'deposit', dueDate: '2026-10-01', amount: '3000' },
          { item: 'first_payment', dueDate: '2026-11-01', amount: '5000' },
          { item: 'final_payment', dueDate: '2026-12-01', amount: '8000' },
        ]),
      );
      orders.push({ order, ids, changeOrderId: await insertRefundChangeOrder(app.db, app.companyId, order, '100') });
    }
    const pay = (o: (typeof orders)[number], k: number, advance = false) =>
      post<PaymentRecord>(P.add, {
        orderId: o.order.id,
        method: 'cash',
        amount: advance ? '350' : '300',
        advance,
        paidAt: '2026-11-20 10:00',
        allocations: [
          { receivableId: o.ids[k % 3]!, amount: '200' },
          { receivableId: o.ids[(k + 1) % 3]!, amount: '100' },
        ],
      });
    // Some audited money to reverse, and some pending payments to decide.
    const audited: PaymentRecord[] = [];
    const pending: PaymentRecord[] = [];
    for (let k = 0; k < 24; k++) {
      const p = await resultOf(pay(orders[k % 3]!, k, k % 4 === 0));
      if (k < 12) audited.push(await resultOf(post<PaymentRecord>(P.audit, { id: p.id, version: p.version })));
      else pending.push(p);
    }
    const lines = async () => (await Promise.all(orders.map((o) => resultOf(post<ReceivableRecord[]>(R.ofOrder, { orderId: o.order.id }))))).flat();
    const before = await lines();

    const ops: Promise<unknown>[] = [];
    // 90 new payments (the plan runs out: later ones are refused for over-allocation).
    for (let k = 0; k < 90; k++) ops.push(pay(orders[k % 3]!, k, k % 5 === 0));
    // Each pending payment audited and rejected at once (one wins), twice over.
    for (const p of pending) {
      ops.push(post(P.audit, { id: p.id, version: p.version }), post(P.reject, { id: p.id, version: p.version, reason: '并发驳回' }));
      ops.push(post(P.audit, { id: p.id, version: p.version }), post(P.reject, { id: p.id, version: p.version, reason: '并发驳回' }));
    }
    // Each audited payment reversed three times at once (one reversal at most).
    for (const p of audited) for (let i = 0; i < 3; i++) ops.push(post(P.reverse, { id: p.id }));
    // Refunds recorded by other modules' service calls.
    for (let i = 0; i < 20; i++) {
      const o = orders[i % 3]!;
      ops.push(
        app.db.transaction().execute((trx) =>
          createRefund(trx, actor(), { customerId: o.order.customerId, storeId: o.order.storeId, orderId: o.order.id, changeOrderId: o.changeOrderId, amount: '10', method: 'cash' }),
        ),
      );
    }
    // Plan edits racing the money: one edit per line wins, the rest are stale.
    for (const line of before) for (let i = 0; i < 2; i++) ops.push(post(R.edit, { id: line.id, version: line.version, dueDate: line.dueDate, amount: String(Number(line.amount) + 100 * (i + 1)) }));
    expect(ops.length).toBeGreaterThanOrEqual(200);
    await Promise.all(ops);

    // Then every pending payment (new ones, reversals, refunds) audited or rejected at once.
    const open = await app.db.selectFrom('payment').select(['id', 'version']).where('company_id', '=', app.companyId).where('status', '=', 'pending_audit').orderBy('id').execute();
    expect(open.length).toBeGreaterThan(50);
    await Promise.all(open.map((p, i) => (i % 4 === 3 ? post(P.reject, { id: p.id, version: p.version, reason: '抽查驳回' }) : post(P.audit, { id: p.id, version: p.version }))));

    const receivables = await app.db
      .selectFrom('receivable as r')
      .select(['r.id', 'r.amount', 'r.received', 'r.status'])
      .select(
        sql<string>`coalesce((select sum(a.amount) from payment_allocation a join payment p on p.id = a.payment_id where a.receivable_id = r.id and p.status = 'audited'), 0)::numeric(14, 2)::text`.as('audited'),
      )
      .where('r.order_id', 'in', orders.map((o) => o.order.id))
      .execute();
    expect(receivables).toHaveLength(9);
    for (const r of receivables) {
      expect(r.received, r.id).toBe(r.audited);
      expect(Number(r.received)).toBeGreaterThanOrEqual(0);
      expect(Number(r.received)).toBeLessThanOrEqual(Number(r.amount));
      expect(r.status).toBe(receivableStatusOf(Math.round(Number(r.amount) * 100), Math.round(Number(r.received) * 100)));
    }
    // Money did move: some lines were paid, some payments reversed, some refunds counted.
    expect(receivables.some((r) => Number(r.received) > 0)).toBe(true);
    const payments = await app.db.selectFrom('payment').selectAll().where('company_id', '=', app.companyId).where('order_id', 'in', orders.map((o) => o.order.id)).execute();
    const liveReversals = payments.filter((p) => p.reversal_of && p.status !== 'rejected');
    expect(new Set(liveReversals.map((p) => p.reversal_of)).size).toBe(liveReversals.length);
    // Three concurrent 冲销 of each audited payment made exactly one reversal (some rejected later).
    const reversals = payments.filter((p) => p.reversal_of);
    expect(reversals.map((p) => p.reversal_of).sort()).toEqual(audited.map((p) => p.id).sort());
    expect(payments.filter((p) => p.change_order_id && p.status === 'audited').length).toBeGreaterThan(0);
    // A payment's allocations plus its unapplied part are its amount.
    const allocations = await app.db.selectFrom('payment_allocation').select(['payment_id', 'amount']).where('payment_id', 'in', payments.map((p) => p.id)).execute();
    for (const p of payments) {
      const allocated = allocations.filter((a) => a.payment_id === p.id).reduce((s, a) => s + Math.round(Number(a.amount) * 100), 0);
      expect(allocated + Math.round(Number(p.unapplied) * 100), p.payment_no).toBe(Math.round(Number(p.amount) * 100));
    }
    expect(payments.every((p) => p.status !== 'pending_audit')).toBe(true);
  });
});
