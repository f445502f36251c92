import { beforeAll, describe, expect, it } from 'vitest';
import { ReceivableText } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { allowSelfAudit, useAdminApp } from '../../test/fixtures.js';
import { auditPayment, rejectPayment, reversePayment } from './payment.service.js';
import { applyDeposit, createReceivables, createRefund, hasDebtAuthorization, orderMoney, recordDeposit, writeOffOpen } from './receivable.service.js';
import { insertHold, insertOrder, insertRefundChangeOrder, storeIdOf } from './receivable.test-data.js';

// The functions other modules call (docs/trade.md), each through the caller's transaction.
describe('receivable services', () => {
  const app = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(app.db));
  const actor = () => ({ companyId: app.companyId, userId: app.adminId });
  const session = (): SessionInfo => ({ sessionId: 'test', userId: app.adminId, username: 'admin', companyId: app.companyId, departmentId: null });
  const plan = [
    { item: 'deposit', dueDate: '2026-10-01', amount: '5000', dueBeforeCheckIn: true },
    { item: 'first_payment', dueDate: '2026-11-01', amount: '15000.50', dueBeforeCheckIn: true },
    { item: 'final_payment', dueDate: '2026-12-01', amount: '9999.50' },
  ];
  const newOrder = async () => {
    const order = await insertOrder(app.db, app.companyId, await storeIdOf(app.db, app.companyId, 'NS'));
    const ids = await app.db.transaction().execute((trx) => createReceivables(trx, actor(), order, plan));
    return { order, ids };
  };
  const receivable = (id: string) => app.db.selectFrom('receivable').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('createReceivables writes the plan; orderMoney sums it in cents', async () => {
    const { order, ids } = await newOrder();
    expect(ids).toHaveLength(3);
    const rows = await Promise.all(ids.map(receivable));
    expect(rows.map((r) => [r.item, r.due_date, r.amount, r.received, r.status, r.due_before_check_in, r.store_id, r.customer_id])).toEqual(
      plan.map((p) => [p.item, p.dueDate, Number(p.amount).toFixed(2), '0.00', 'unpaid', p.dueBeforeCheckIn ?? false, order.storeId, order.customerId]),
    );
    expect(await orderMoney(app.db, app.companyId, order.id)).toEqual({ amount: '30000.00', received: '0.00', outstanding: '30000.00', outstandingBeforeCheckIn: '20000.50', paidIn: '0.00' });
    await expect(app.db.transaction().execute((trx) => createReceivables(trx, actor(), order, [{ item: 'other', dueDate: '2026-02-30', amount: '1' }]))).rejects.toThrow(ReceivableText.dueDateFormat);
    await expect(app.db.transaction().execute((trx) => createReceivables(trx, actor(), order, [{ item: 'other', dueDate: '2026-02-01', amount: '1.234' }]))).rejects.toThrow(ReceivableText.amountFormat);
  });

  it('a deposit applied to the order lands on its 定金 receivable and counts once audited; the rest stays unapplied', async () => {
    const { order, ids } = await newOrder();
    const holdId = await insertHold(app.db, app.companyId, order.customerId, order.storeId);
    const { id } = await app.db.transaction().execute((trx) =>
      recordDeposit(trx, actor(), { customerId: order.customerId, storeId: order.storeId, reservationId: holdId, amount: '6000', method: 'wechat' }),
    );
    const deposit = await app.db.selectFrom('payment').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect([deposit.amount, deposit.unapplied, deposit.status, deposit.order_id, deposit.payment_no.startsWith('SK')]).toEqual(['6000.00', '6000.00', 'pending_audit', null, true]);
    expect(await app.db.transaction().execute((trx) => applyDeposit(trx, actor(), { paymentId: id, orderId: order.id }))).toEqual({ allocated: '5000.00', unapplied: '1000.00' });
    await expect(app.db.transaction().execute((trx) => applyDeposit(trx, actor(), { paymentId: id, orderId: order.id }))).rejects.toThrow(ReceivableText.depositApplied);
    expect((await receivable(ids[0]!)).received).toBe('0.00');
    expect((await orderMoney(app.db, app.companyId, order.id)).paidIn).toBe('0.00');
    await auditPayment(app.db, session(), { id });
    expect(await receivable(ids[0]!)).toMatchObject({ received: '5000.00', status: 'paid' });
    expect(await orderMoney(app.db, app.companyId, order.id)).toMatchObject({ received: '5000.00', outstandingBeforeCheckIn: '15000.50', paidIn: '6000.00' });
  });

  it('an audited deposit applied later counts at once', async () => {
    const { order, ids } = await newOrder();
    const holdId = await insertHold(app.db, app.companyId, order.customerId, order.storeId);
    const { id } = await app.db.transaction().execute((trx) => recordDeposit(trx, actor(), { customerId: order.customerId, storeId: order.storeId, reservationId: holdId, amount: '2000', method: 'cash' }));
    await auditPayment(app.db, session(), { id });
    await app.db.transaction().execute((trx) => applyDeposit(trx, actor(), { paymentId: id, orderId: order.id }));
    expect(await receivable(ids[0]!)).toMatchObject({ received: '2000.00', status: 'partial' });
  });

  it('a refund is a pending negative payment that lowers paidIn once audited; a rejected one never counts', async () => {
    const { order } = await newOrder();
    const holdId = await insertHold(app.db, app.companyId, order.customerId, order.storeId);
    const dep = await app.db.transaction().execute((trx) => recordDeposit(trx, actor(), { customerId: order.customerId, storeId: order.storeId, reservationId: holdId, amount: '3000', method: 'cash' }));
    await app.db.transaction().execute((trx) => applyDeposit(trx, actor(), { paymentId: dep.id, orderId: order.id }));
    await auditPayment(app.db, session(), { id: dep.id });
    const changeOrderId = await insertRefundChangeOrder(app.db, app.companyId, order, '1500');
    const refund = await app.db.transaction().execute((trx) =>
      createRefund(trx, actor(), { customerId: order.customerId, storeId: order.storeId, orderId: order.id, changeOrderId, amount: '1000', method: 'transfer' }),
    );
    const row = await app.db.selectFrom('payment').selectAll().where('id', '=', refund.id).executeTakeFirstOrThrow();
    expect([row.amount, row.unapplied, row.status]).toEqual(['-1000.00', '-1000.00', 'pending_audit']);
    expect((await orderMoney(app.db, app.companyId, order.id)).paidIn).toBe('3000.00');
    await auditPayment(app.db, session(), { id: refund.id });
    expect((await orderMoney(app.db, app.companyId, order.id)).paidIn).toBe('2000.00');
    const other = await app.db.transaction().execute((trx) =>
      createRefund(trx, actor(), { customerId: order.customerId, storeId: order.storeId, orderId: order.id, changeOrderId, amount: '500', method: 'transfer' }),
    );
    await rejectPayment(app.db, session(), { id: other.id, reason: '金额有误' });
    expect((await orderMoney(app.db, app.companyId, order.id)).paidIn).toBe('2000.00');
    await expect(app.db.transaction().execute((trx) => createRefund(trx, actor(), { customerId: order.customerId, storeId: order.storeId, changeOrderId, amount: '0', method: 'cash' }))).rejects.toThrow(ReceivableText.refundAmountPositive);
    // Partly refunded, the deposit is not reversed: the order's net money in would fall below zero (docs/ledger.md).
    await expect(reversePayment(app.db, session(), { id: dep.id })).rejects.toThrow(ReceivableText.reverseBeyondNet('2000.00'));
    expect((await orderMoney(app.db, app.companyId, order.id)).received).toBe('3000.00');
  });

  it('writeOffOpen closes each open receivable at what was received', async () => {
    const { order, ids } = await newOrder();
    const holdId = await insertHold(app.db, app.companyId, order.customerId, order.storeId);
    const dep = await app.db.transaction().execute((trx) => recordDeposit(trx, actor(), { customerId: order.customerId, storeId: order.storeId, reservationId: holdId, amount: '1200', method: 'cash' }));
    await app.db.transaction().execute((trx) => applyDeposit(trx, actor(), { paymentId: dep.id, orderId: order.id }));
    await auditPayment(app.db, session(), { id: dep.id });
    expect(await app.db.transaction().execute((trx) => writeOffOpen(trx, actor(), order.id))).toBe(3);
    const rows = await Promise.all(ids.map(receivable));
    expect(rows.map((r) => [r.amount, r.received, r.status])).toEqual([['1200.00', '1200.00', 'paid'], ['0.00', '0.00', 'paid'], ['0.00', '0.00', 'paid']]);
    expect(rows[0]!.remark).toContain(ReceivableText.writtenOff);
    expect(await orderMoney(app.db, app.companyId, order.id)).toMatchObject({ amount: '1200.00', outstanding: '0.00', outstandingBeforeCheckIn: '0.00' });
    expect(await app.db.transaction().execute((trx) => writeOffOpen(trx, actor(), order.id))).toBe(0);
  });

  it('hasDebtAuthorization sees only unrevoked authorisations of the order', async () => {
    const { order } = await newOrder();
    expect(await hasDebtAuthorization(app.db, app.companyId, order.id)).toBe(false);
    const { id } = await app.db
      .insertInto('debt_authorization')
      .values({ company_id: app.companyId, order_id: order.id, amount: '100', reason: '老客户', authorized_by: app.adminId })
      .returning('id')
      .executeTakeFirstOrThrow();
    expect(await hasDebtAuthorization(app.db, app.companyId, order.id)).toBe(true);
    await app.db.updateTable('debt_authorization').set({ revoked_at: new Date(), revoked_by: app.adminId }).where('id', '=', id).execute();
    expect(await hasDebtAuthorization(app.db, app.companyId, order.id)).toBe(false);
  });
});
