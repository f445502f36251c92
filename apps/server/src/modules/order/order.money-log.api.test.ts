import { describe, expect, it } from 'vitest';
import { changeOrderContract as CO, orderContract, paymentContract as PC, receivableContract as RC, type ChangeOrder, type OrderDetail, type PaymentRecord } from '@care/shared';
import { resultOf, secondAdmin, useAdminApp } from '../../test/fixtures.js';
import { orderWorld, storeWorld } from '../change-order/change-order.test-data.js';
import { createDefaultPlan } from './order.plan.js';

// 资金变动 on the order's detail (issue 29): every money change with who, when, before, after and why.

describe('订单详情: 资金变动', () => {
  const ctx = useAdminApp();
  const as = (token: string) => <T>(path: string, body: Record<string, unknown>) => resultOf<T>(ctx.t.post<T>(path, body, { token }));

  it('lists audited receipts and reversals with the 实收 before and after, the applied 调账 and the moved due date, each with who and why', async () => {
    const checker = await secondAdmin(ctx.t);
    const admin = as(ctx.admin);
    const other = as(checker.token);
    const w = { db: ctx.db, companyId: ctx.companyId };
    const order = await orderWorld(w, await storeWorld(w));
    await createDefaultPlan(ctx.db, { companyId: ctx.companyId, userId: ctx.adminId }, order.orderId);
    const [first, final] = await ctx.db.selectFrom('receivable').select(['id', 'amount', 'version', 'due_date']).where('order_id', '=', order.orderId).orderBy('due_date').execute();

    // The administrator records, the other person audits (四眼原则).
    const receipt = await admin<PaymentRecord>(PC.add.path, { orderId: order.orderId, method: 'transfer', amount: '5000', paidAt: '2026-11-01 10:00', allocations: [{ receivableId: first!.id, amount: '5000' }] });
    await other(PC.audit.path, { id: receipt.id, version: receipt.version });
    const second = await admin<PaymentRecord>(PC.add.path, { orderId: order.orderId, method: 'cash', amount: '1000', paidAt: '2026-11-02 10:00', allocations: [{ receivableId: first!.id, amount: '1000' }] });
    await other(PC.audit.path, { id: second.id, version: second.version });
    const reversal = await admin<{ id: string }>(PC.reverse.path, { id: second.id, reason: '金额录错' });
    const pendingReversal = await ctx.db.selectFrom('payment').select(['id', 'version', 'payment_no']).where('id', '=', reversal.id).executeTakeFirstOrThrow();
    await other(PC.audit.path, { id: pendingReversal.id, version: pendingReversal.version });
    await admin(RC.edit.path, { id: first!.id, version: (await ctx.db.selectFrom('receivable').select('version').where('id', '=', first!.id).executeTakeFirstOrThrow()).version, dueDate: '2029-12-20', amount: first!.amount, reason: '客户申请提前' });
    const draft = await admin<ChangeOrder>(CO.add.path, { kind: 'adjust', orderId: order.orderId, receivableId: final!.id, amount: '13000', reason: '老客户优惠500元' });
    const adjust = await admin<ChangeOrder>(CO.submit.path, { id: draft.id, version: draft.version });
    await other(CO.approve.path, { id: adjust.id, decision: 'approved', comment: '同意' });
    await other(CO.financeApprove.path, { id: adjust.id, decision: 'approved', comment: '同意' });

    const nameOf = async (id: string) => (await ctx.db.selectFrom('app_user').select('first_name').where('id', '=', id).executeTakeFirstOrThrow()).first_name;
    const [me, them] = [await nameOf(ctx.adminId), await nameOf(checker.userId)];
    const detail = await admin<OrderDetail>(orderContract.detail.path, { id: order.orderId });
    const pick = ({ event, ref, changeKind, item, amount, before, after, reason, by, recordedBy }: OrderDetail['moneyLog'][number]) => ({ event, ref, changeKind, item, amount, before, after, reason, by, recordedBy });
    const log = detail.moneyLog.map(pick);
    expect(log).toEqual([
      { event: 'receipt', ref: receipt.paymentNo, changeKind: null, item: null, amount: '5000.00', before: '0.00', after: '5000.00', reason: '', by: them, recordedBy: me },
      { event: 'receipt', ref: second.paymentNo, changeKind: null, item: null, amount: '1000.00', before: '5000.00', after: '6000.00', reason: '', by: them, recordedBy: me },
      { event: 'reversal', ref: pendingReversal.payment_no, changeKind: null, item: null, amount: '-1000.00', before: '6000.00', after: '5000.00', reason: expect.stringContaining('金额录错'), by: them, recordedBy: me },
      { event: 'dueDate', ref: '', changeKind: null, item: 'first_payment', amount: null, before: first!.due_date, after: '2029-12-20', reason: '客户申请提前', by: me, recordedBy: null },
      { event: 'change', ref: adjust.changeNo, changeKind: 'adjust', item: null, amount: '-500.00', before: null, after: null, reason: '老客户优惠500元', by: them, recordedBy: me },
      { event: 'lineChanged', ref: '', changeKind: null, item: 'final_payment', amount: '-500.00', before: '13500.00', after: '13000.00', reason: `${adjust.changeNo} 老客户优惠500元`, by: them, recordedBy: null },
    ]);
    expect(detail.moneyLog.every((c) => /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}/.test(c.at))).toBe(true);
  });
});
