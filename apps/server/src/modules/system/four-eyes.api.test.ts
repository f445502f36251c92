import { describe, expect, it } from 'vitest';
import {
  changeOrderContract,
  FourEyesText,
  nurseAssignmentContract,
  orderContract,
  paymentContract,
  type ChangeOrder,
  type NurseAssignment,
  type Order,
  systemContract,
  type PaymentRecord,
  type SystemConfigDetail,
} from '@care/shared';
import { allowSelfAudit, resultOf, secondAdmin, useAdminApp } from '../../test/fixtures.js';
import { orderWorld, storeWorld } from '../change-order/change-order.test-data.js';
import * as nurses from '../nurse-assignment/nurse-assignment.test-data.js';
import { createReceivables, createRefund } from '../receivable/receivable.service.js';
import { insertOrder, insertRefundChangeOrder, storeIdOf } from '../receivable/receivable.test-data.js';

// 四眼原则 (issue 29): whoever records a payment, a reversal or a refund does not audit it; whoever
// creates an order or a change order does not approve it; whoever creates a 派工 does not audit it —
// unless 系统配置 allows one person both (a one-person store). The refusal says why (409, code 101).
describe('四眼原则: the recorder does not audit, the creator does not approve', () => {
  const app = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  const world = () => ({ db: app.db, companyId: app.companyId });
  const refusedWith = async (call: Promise<{ status: number; body: { code: string; message?: string } }>, text: string) => {
    const res = await call;
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: '101', message: text });
  };

  /** An order with a one-line plan of 10,000. */
  const orderWithPlan = async () => {
    const order = await insertOrder(app.db, app.companyId, await storeIdOf(app.db, app.companyId, 'NS'));
    const [receivableId] = await app.db.transaction().execute((trx) =>
      createReceivables(trx, { companyId: app.companyId, userId: app.adminId }, order, [{ item: 'first_payment', dueDate: '2026-11-01', amount: '10000' }]),
    );
    return { order, receivableId: receivableId! };
  };
  const record = (orderId: string, receivableId: string, amount: string, token = app.admin) =>
    resultOf(post<PaymentRecord>(paymentContract.add.path, { orderId, method: 'cash', amount, paidAt: '2026-11-20 10:00', allocations: [{ receivableId, amount }] }, token));
  const statusOf = async (id: string) => (await app.db.selectFrom('payment').select(['status', 'audited_by']).where('id', '=', id).executeTakeFirstOrThrow());

  it('收款, 冲销, 退款: refused to whoever recorded them, audited by someone else', async () => {
    const checker = await secondAdmin(app.t);
    const { order, receivableId } = await orderWithPlan();

    const paid = await record(order.id, receivableId, '3000');
    await refusedWith(post(paymentContract.audit.path, { id: paid.id, version: paid.version }), FourEyesText.payment);
    expect(await statusOf(paid.id)).toEqual({ status: 'pending_audit', audited_by: null });
    await resultOf(post(paymentContract.audit.path, { id: paid.id, version: paid.version }, checker.token));
    expect(await statusOf(paid.id)).toEqual({ status: 'audited', audited_by: checker.userId });

    // The checker reverses it: she cannot audit her own reversal, the administrator can.
    const reversal = await resultOf(post<PaymentRecord>(paymentContract.reverse.path, { id: paid.id, reason: '录错' }, checker.token));
    const reversed = await resultOf(post<PaymentRecord>(paymentContract.queryById.path, { id: reversal.id }));
    await refusedWith(post(paymentContract.audit.path, { id: reversed.id, version: reversed.version }, checker.token), FourEyesText.reversal);
    await resultOf(post(paymentContract.audit.path, { id: reversed.id, version: reversed.version }));
    expect(await statusOf(reversed.id)).toEqual({ status: 'audited', audited_by: app.adminId });

    // A refund recorded in the administrator's name (as a change order's approval does).
    await resultOf(post(paymentContract.audit.path, { id: (await record(order.id, receivableId, '2000', checker.token)).id, version: 1 }));
    const changeOrderId = await insertRefundChangeOrder(app.db, app.companyId, order, '500');
    const refund = await app.db.transaction().execute((trx) =>
      createRefund(trx, { companyId: app.companyId, userId: app.adminId }, { customerId: order.customerId, storeId: order.storeId, orderId: order.id, changeOrderId, amount: '500', method: 'cash' }),
    );
    await refusedWith(post(paymentContract.audit.path, { id: refund.id, version: 1 }), FourEyesText.refund);
    await resultOf(post(paymentContract.audit.path, { id: refund.id, version: 1 }, checker.token));
    expect(await statusOf(refund.id)).toMatchObject({ status: 'audited' });

    // Rejecting one's own entry (withdrawing it) stays open.
    const wrong = await record(order.id, receivableId, '100');
    await resultOf(post(paymentContract.reject.path, { id: wrong.id, version: wrong.version, reason: '金额录错' }));
    expect(await statusOf(wrong.id)).toMatchObject({ status: 'rejected' });
  });

  it('订单 (折扣审批) and 变更单: refused to whoever created them, approved by someone else', async () => {
    const checker = await secondAdmin(app.t);
    const s = await storeWorld(world());
    const pendingOrder = await orderWorld(world(), s, { status: 'pending_audit' });
    await app.db.updateTable('sales_order').set({ created_by: app.adminId }).where('id', '=', pendingOrder.orderId).execute();
    await refusedWith(post(orderContract.approve.path, { id: pendingOrder.orderId, remark: '自批' }), FourEyesText.order);
    expect((await app.db.selectFrom('sales_order').select('status').where('id', '=', pendingOrder.orderId).executeTakeFirstOrThrow()).status).toBe('pending_audit');
    const approved = await resultOf(post<Order>(orderContract.approve.path, { id: pendingOrder.orderId, remark: '老客户' }, checker.token));
    expect(approved).toMatchObject({ status: 'confirmed', approvedBy: checker.userId });

    const o = await orderWorld(world(), s, { roomNo: '102' });
    const draft = await resultOf(post<ChangeOrder>(changeOrderContract.add.path, { kind: 'extend', orderId: o.orderId, days: 2, reason: '宝宝黄疸' }));
    const pending = await resultOf(post<ChangeOrder>(changeOrderContract.submit.path, { id: draft.id, version: draft.version }));
    await refusedWith(post(changeOrderContract.approve.path, { id: pending.id, version: pending.version, decision: 'approved', comment: '同意' }), FourEyesText.changeOrder);
    const decided = await resultOf(post<ChangeOrder>(changeOrderContract.approve.path, { id: pending.id, version: pending.version, decision: 'approved', comment: '同意' }, checker.token));
    expect(decided.status).toBe('approved');
    // Her own change order she may still reject.
    const other = await resultOf(post<ChangeOrder>(changeOrderContract.add.path, { kind: 'extend', orderId: o.orderId, days: 1, reason: '再住一天' }));
    const submitted = await resultOf(post<ChangeOrder>(changeOrderContract.submit.path, { id: other.id, version: other.version }));
    expect(await resultOf(post<ChangeOrder>(changeOrderContract.approve.path, { id: submitted.id, decision: 'rejected', comment: '撤回' }))).toMatchObject({ status: 'rejected' });
  });

  it('派工: refused to whoever created it, audited by someone else', async () => {
    const checker = await secondAdmin(app.t);
    const s = await nurses.storeWorld(world());
    const nurse = await nurses.nurseOf(world(), s, { name: '王阿姨' });
    const order = await nurses.orderFor(world(), s, { checkIn: '2031-05-01', days: 26, name: '李女士' });
    const a = await resultOf(
      post<NurseAssignment>(nurseAssignmentContract.add.path, { nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', address: '3号楼', startDate: '2031-05-01', days: 26, dailyRate: '300' }),
    );
    await refusedWith(post(nurseAssignmentContract.audit.path, { id: a.id, version: a.version }), FourEyesText.nurseAssignment);
    expect(await resultOf(post<NurseAssignment>(nurseAssignmentContract.audit.path, { id: a.id, version: a.version }, checker.token))).toMatchObject({ status: 'dispatched' });
  });

  it('a one-person store: with 系统配置 “允许同一人录入并审核” on, one person records and audits', async () => {
    const { order, receivableId } = await orderWithPlan();
    const paid = await record(order.id, receivableId, '1000');
    await refusedWith(post(paymentContract.audit.path, { id: paid.id, version: paid.version }), FourEyesText.payment);
    // Switched on where an administrator would: 系统配置's form.
    const config = await resultOf(post<SystemConfigDetail>(systemContract.query.path, {}));
    expect(config.selfAuditAllowed).toBe(false);
    await resultOf(post(systemContract.edit.path, { ...config, selfAuditAllowed: true }));
    try {
      await resultOf(post(paymentContract.audit.path, { id: paid.id, version: paid.version }));
      expect(await statusOf(paid.id)).toEqual({ status: 'audited', audited_by: app.adminId });
    } finally {
      await allowSelfAudit(app.db, false);
    }
    // Off again: refused again.
    const next = await record(order.id, receivableId, '1000');
    await refusedWith(post(paymentContract.audit.path, { id: next.id, version: next.version }), FourEyesText.payment);
  });
});
