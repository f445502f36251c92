import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changeOrderContract as C, paymentContract as P, ResultCode, type ChangeOrder, type Envelope, type PaymentRecord } from '@care/shared';
import { secondAdmin, useAdminApp } from '../../test/fixtures.js';
import { orderWorld, storeWorld } from '../change-order/change-order.test-data.js';
import { createReceivables } from './receivable.service.js';

// Issue 29's acceptance under load: 200+ mixed payment / audit / rejection / reversal / refund /
// change-order operations on ONE order at once, by two people (四眼原则: each audits what the other
// recorded, and now and then tries her own). Afterwards: no answer was 5xx, audited net money in is
// ≥ 0 for every order, received = Σ audited allocations for every receivable, and the plan equals the
// price (the deal price plus the approved 续住) for the confirmed order. PostgreSQL is where the locks
// meet (the pool is 5 connections in tests); PGlite runs the same operations one at a time.
describe('money of one order under 200+ concurrent mixed operations', () => {
  const app = useAdminApp();

  it('never answers 5xx and keeps every money invariant', { timeout: 240_000 }, async () => {
    const checker = await secondAdmin(app.t, 'money_checker');
    const people = [
      { id: app.adminId, token: app.admin },
      { id: checker.userId, token: checker.token },
    ];
    const other = (userId: string | null) => (userId === app.adminId ? people[1]! : people[0]!);

    const answers: { url: string; status: number; code: string; message: string }[] = [];
    const call = async <T>(url: string, body: Record<string, unknown>, token: string) => {
      const res = await app.t.post<T>(url, body, { token });
      const envelope = res.body as Envelope<T>;
      answers.push({ url, status: res.status, code: String(envelope.code), message: String(envelope.message ?? '') });
      return envelope;
    };

    const s = await storeWorld({ db: app.db, companyId: app.companyId }, { standardRooms: 2 });
    const o = await orderWorld({ db: app.db, companyId: app.companyId }, s, { checkIn: '2031-01-01' });
    const order = { id: o.orderId, customerId: o.customerId, storeId: s.storeId };
    const lines = await app.db.transaction().execute((trx) =>
      createReceivables(trx, { companyId: app.companyId, userId: app.adminId }, order, [
        { item: 'deposit', dueDate: '2030-12-01', amount: '5000', dueBeforeCheckIn: true },
        { item: 'first_payment', dueDate: '2031-01-01', amount: '10000', dueBeforeCheckIn: true },
        { item: 'final_payment', dueDate: '2031-01-29', amount: '12000' },
      ]),
    );
    const dealCents = 2_700_000;

    const pay = (k: number, amount = '300') =>
      call<PaymentRecord>(P.add.path, { orderId: order.id, method: 'cash', amount, paidAt: '2030-11-20 10:00', allocations: [{ receivableId: lines[k % 3]!, amount }] }, people[k % 2]!.token);

    // Before the storm: 14 audited payments (half of them to reverse, the rest to refund against) and 6 pending (to decide).
    const audited: PaymentRecord[] = [];
    const pending: PaymentRecord[] = [];
    for (let k = 0; k < 20; k++) {
      const p = (await pay(k, '500')).result!;
      if (k < 14) audited.push((await call<PaymentRecord>(P.audit.path, { id: p.id, version: p.version }, other(p.createdBy ?? people[k % 2]!.id).token)).result!);
      else pending.push(p);
    }
    expect(audited.every((p) => p.status === 'audited')).toBe(true);

    // A change order raised by one person and decided, step by step, by the other.
    const chain = async (body: Record<string, unknown>, raiser: (typeof people)[number]) => {
      const draft = (await call<ChangeOrder>(C.add.path, body, raiser.token)).result;
      if (!draft) return;
      const submitted = (await call<ChangeOrder>(C.submit.path, { id: draft.id, version: draft.version }, raiser.token)).result;
      if (!submitted) return;
      const decider = other(raiser.id);
      // The raiser tries first (refused), then the other person decides each step.
      await call(C.approve.path, { id: submitted.id, decision: 'approved', comment: '自批' }, raiser.token);
      const passed = (await call<ChangeOrder>(C.approve.path, { id: submitted.id, decision: 'approved', comment: '同意' }, decider.token)).result;
      if (passed?.status === 'pending_audit') await call(C.financeApprove.path, { id: submitted.id, decision: 'approved', comment: '已核' }, decider.token);
    };

    const ops: Promise<unknown>[] = [];
    // 100 new payments by both people (the plan runs out: later ones are refused for over-allocation).
    for (let k = 0; k < 100; k++) ops.push(pay(k));
    // Each pending payment: audited twice and rejected by the other person, and audited by its recorder (refused).
    for (const p of pending) {
      const recorder = people.find((x) => x.id === p.createdBy) ?? people[0]!;
      const decider = other(recorder.id);
      // The recorder's try goes first (on PGlite the calls run in this order; a decided payment would refuse for its state).
      ops.push(call(P.audit.path, { id: p.id, version: p.version }, recorder.token), call(P.audit.path, { id: p.id, version: p.version }, decider.token));
      ops.push(call(P.audit.path, { id: p.id, version: p.version }, decider.token), call(P.reject.path, { id: p.id, version: p.version, reason: '并发驳回' }, decider.token));
    }
    // Half the audited payments each reversed three times at once by both people (one reversal at most).
    for (const [i, p] of audited.slice(0, 7).entries()) for (let r = 0; r < 3; r++) ops.push(call(P.reverse.path, { id: p.id, reason: '冲销' }, people[(i + r) % 2]!.token));
    // 12 refunds of 200 and 5 续住 of a day, each a whole chain (add, submit, a refused self-approval, approvals).
    for (let i = 0; i < 12; i++) ops.push(chain({ kind: 'refund', orderId: order.id, amount: '200', reason: `退款${i}` }, people[i % 2]!));
    for (let i = 0; i < 5; i++) ops.push(chain({ kind: 'extend', orderId: order.id, days: 1, reason: `续住${i}` }, people[i % 2]!));
    await Promise.all(ops);
    const firstWave = answers.length;
    expect(firstWave).toBeGreaterThanOrEqual(200);

    // Then every payment still pending (new ones, reversals, refunds) decided at once by the other
    // person, and once by its recorder (refused).
    const open = await app.db.selectFrom('payment').select(['id', 'version', 'created_by']).where('order_id', '=', order.id).where('status', '=', 'pending_audit').orderBy('id').execute();
    expect(open.length).toBeGreaterThan(20);
    await Promise.all(
      open.flatMap((p, i) => {
        const recorder = people.find((x) => x.id === p.created_by) ?? people[0]!;
        const decider = other(recorder.id);
        return [
          call(P.audit.path, { id: p.id, version: p.version }, recorder.token),
          i % 5 === 4 ? call(P.reject.path, { id: p.id, version: p.version, reason: '抽查驳回' }, decider.token) : call(P.audit.path, { id: p.id, version: p.version }, decider.token),
        ];
      }),
    );

    // No answer was a server failure; the refusals are 4xx with a message.
    const failures = answers.filter((a) => a.status >= 500 || a.code === ResultCode.serverError);
    expect(failures, JSON.stringify(failures.slice(0, 5))).toEqual([]);
    for (const a of answers.filter((x) => x.code !== ResultCode.ok)) {
      expect(a.status, JSON.stringify(a)).toBeGreaterThanOrEqual(400);
      expect(a.message, JSON.stringify(a)).not.toBe('');
    }
    // Money moved every way: payments audited, reversals and refunds audited, 续住 applied, self-audits refused.
    const tally = new Map<string, number>();
    for (const a of answers.filter((x) => x.code !== ResultCode.ok)) tally.set(`${a.url} ${a.message}`, (tally.get(`${a.url} ${a.message}`) ?? 0) + 1);
    const refusals = JSON.stringify([...tally].map(([k, n]) => `${n}× ${k}`));
    const payments = await app.db.selectFrom('payment').selectAll().where('order_id', '=', order.id).execute();
    expect(payments.filter((p) => p.status === 'audited' && Number(p.amount) > 0).length).toBeGreaterThan(10);
    expect(payments.some((p) => p.status === 'audited' && p.reversal_of), refusals).toBe(true);
    expect(payments.some((p) => p.status === 'audited' && p.change_order_id), refusals).toBe(true);
    expect(answers.some((a) => a.message.startsWith('不能审核自己录入的收款'))).toBe(true);
    expect(payments.filter((p) => p.status === 'audited').every((p) => p.audited_by !== p.created_by)).toBe(true);
    expect(payments.every((p) => p.status !== 'pending_audit')).toBe(true);
    const liveReversals = payments.filter((p) => p.reversal_of && p.status !== 'rejected');
    expect(new Set(liveReversals.map((p) => p.reversal_of)).size).toBe(liveReversals.length);

    // Audited net money in is ≥ 0 for every order of the company.
    const net = await app.db
      .selectFrom('payment')
      .select(['order_id', sql<string>`sum(amount)::text`.as('net')])
      .where('company_id', '=', app.companyId)
      .where('status', '=', 'audited')
      .where('order_id', 'is not', null)
      .groupBy('order_id')
      .execute();
    expect(net.filter((n) => Number(n.net) < 0)).toEqual([]);

    // received = Σ audited allocations, within [0, amount], for every receivable of the company.
    const receivables = await app.db
      .selectFrom('receivable as r')
      .select(['r.id', 'r.amount', 'r.received'])
      .select(
        sql<string>`coalesce((select sum(a.amount) from payment_allocation a join payment p on p.id = a.payment_id where a.receivable_id = r.id and p.status = 'audited'), 0)::numeric(14, 2)::text`.as('audited'),
      )
      .where('r.company_id', '=', app.companyId)
      .execute();
    const wrong = receivables.filter((r) => r.received !== r.audited || Number(r.received) < 0 || Number(r.received) > Number(r.amount));
    expect(wrong).toEqual([]);

    // The plan equals the price: the deal as signed plus the approved 续住.
    const extensions = await app.db.selectFrom('change_order').select('amount_delta').where('order_id', '=', order.id).where('kind', '=', 'extend').where('status', '=', 'approved').execute();
    expect(extensions.length, refusals).toBeGreaterThan(0);
    const plan = await app.db.selectFrom('receivable').select(sql<string>`sum(amount)::text`.as('total')).where('order_id', '=', order.id).executeTakeFirstOrThrow();
    const cents = (v: string) => Math.round(Number(v) * 100);
    expect(cents(plan.total)).toBe(dealCents + extensions.reduce((sum, e) => sum + cents(e.amount_delta), 0));

    // The pool did not starve: a request right after the storm is answered at once.
    const started = Date.now();
    expect((await call(P.queryById.path, { id: audited[0]!.id }, app.admin)).code).toBe(ResultCode.ok);
    expect(Date.now() - started).toBeLessThan(5_000);
  });
});
