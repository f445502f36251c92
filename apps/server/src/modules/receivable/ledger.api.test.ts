import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeOrderContract as CO, paymentContract as PC, receivableContract as RC, roomStayContract as RS, type ChangeOrder, type PaymentRecord, type ReceivableRecord, type RoomStay } from '@care/shared';
import { resultOf, useAdminApp } from '../../test/fixtures.js';
import { orderWorld, storeWorld } from '../change-order/change-order.test-data.js';
import { createDefaultPlan } from '../order/order.plan.js';
import { planRule } from './ledger.js';

// Issue 29, the ledger rules (docs/ledger.md): the plan equals the price, refunds never exceed what
// came in, settlement checks the whole truth.

describe('账务规则 (issue 29)', () => {
  const ctx = useAdminApp();
  // One person records and audits here (four eyes is tested on its own): 系统配置 allows it.
  beforeAll(async () => {
    await ctx.db
      .updateTable('system_config')
      .set({ config: sql`jsonb_set(config::jsonb, '{selfAuditAllowed}', 'true'::jsonb)` })
      .where('id', '=', 1)
      .execute();
  });
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const post = <T>(path: string, body: unknown) => ctx.t.post<T>(path, body as Record<string, unknown>, { token: ctx.admin });
  const ok = <T>(path: string, body: unknown) => resultOf<T>(post<T>(path, body));
  const refused = async (path: string, body: unknown, message: string) => {
    const res = await post(path, body);
    expect(res.status, JSON.stringify(res.body)).toBeLessThan(500);
    expect(res.body.success, JSON.stringify(res.body)).toBe(false);
    expect(res.body.message).toBe(message);
  };
  const admin = async () => (await ctx.db.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
  /** A confirmed order (deal 27000) with its default plan: 首付 13500 (before check-in), 尾款 13500. */
  const planned = async (o: Parameters<typeof orderWorld>[2] = {}) => {
    const s = await storeWorld(world());
    const order = await orderWorld(world(), s, o);
    await createDefaultPlan(ctx.db, { companyId: ctx.companyId, userId: await admin() }, order.orderId);
    const plan = await ctx.db.selectFrom('receivable').select(['id', 'item', 'amount', 'received', 'version', 'due_date']).where('order_id', '=', order.orderId).orderBy('due_date').execute();
    return { s, order, plan, first: plan[0]!, final: plan[1]! };
  };
  const pay = async (orderId: string, allocations: { receivableId: string; amount: string }[]) => {
    const amount = allocations.reduce((sum, a) => sum + Number(a.amount), 0).toFixed(2);
    const p = await ok<PaymentRecord>(PC.add.path, { orderId, method: 'transfer', amount, paidAt: '2026-11-01 10:00', allocations });
    return ok<PaymentRecord>(PC.audit.path, { id: p.id, version: p.version });
  };
  const decide = async (id: string) => {
    let row = await ok<ChangeOrder>(CO.approve.path, { id, decision: 'approved', comment: '同意' });
    if (row.status === 'pending_audit') row = await ok<ChangeOrder>(CO.financeApprove.path, { id, decision: 'approved', comment: '同意' });
    return row;
  };
  const raise = async (body: Record<string, unknown>) => {
    const draft = await ok<ChangeOrder>(CO.add.path, body);
    return ok<ChangeOrder>(CO.submit.path, { id: draft.id, version: draft.version });
  };
  const amounts = async (orderId: string) => (await ctx.db.selectFrom('receivable').select('amount').where('order_id', '=', orderId).orderBy('due_date').execute()).map((r) => r.amount);
  const ruleOf = async (orderId: string) => (await planRule(ctx.db, ctx.companyId, orderId))!;

  it('the plan of a confirmed order moves only through a change order: no line added, no amount edited, none deleted; a due date moves with a reason, logged', async () => {
    const { order, first, final } = await planned();
    await refused(RC.add.path, { orderId: order.orderId, item: 'other', dueDate: '2030-01-10', amount: '500' }, '订单已确认，应收计划须等于订单金额，不能直接增加应收；请办理变更单（调账、续住、升级或换房）');
    await refused(RC.edit.path, { id: final.id, version: final.version, dueDate: final.due_date, amount: '14000' }, '订单已确认，应收金额只能通过变更单（调账）调整');
    await refused(RC.delete.path, { id: final.id, version: final.version }, '订单已确认，应收不能删除；如需减免或调整请办理变更单（调账）');
    await refused(RC.edit.path, { id: first.id, version: first.version, dueDate: '2029-12-20', amount: first.amount }, '修改应收日期请填写修改原因');
    expect(await amounts(order.orderId)).toEqual(['13500.00', '13500.00']);

    const moved = await ok<ReceivableRecord>(RC.edit.path, { id: first.id, version: first.version, dueDate: '2029-12-20', amount: first.amount, reason: '客户申请延后' });
    expect(moved).toMatchObject({ dueDate: '2029-12-20', amount: '13500.00' });
    const log = await ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state', 'reason']).where('resource', '=', 'receivable').where('record_id', '=', first.id).execute();
    expect(log).toEqual([{ event: 'dueDate', from_state: '2030-01-01', to_state: '2029-12-20', reason: '客户申请延后' }]);
    expect(await ruleOf(order.orderId)).toMatchObject({ planCents: 2_700_000, expectedCents: 2_700_000 });
  });

  it('调账: one receivable to a new amount, with its reason and two approvals (店长, 财务); the plan still equals the price with the change order', async () => {
    const { order, final } = await planned();
    await refused(CO.add.path, { kind: 'adjust', orderId: order.orderId, receivableId: final.id, amount: '13000' }, 'reason: 请输入调账原因!');
    await refused(CO.add.path, { kind: 'adjust', orderId: order.orderId, receivableId: final.id, amount: '13500', reason: '同额' }, '调整后金额与当前应收金额相同');
    const pending = await raise({ kind: 'adjust', orderId: order.orderId, receivableId: final.id, amount: '13000', reason: '老客户优惠500元' });
    expect(pending).toMatchObject({ kind: 'adjust', amountDelta: '-500.00', approvalSteps: 2, receivableId: final.id });
    expect(await amounts(order.orderId)).toEqual(['13500.00', '13500.00']);
    const approved = await decide(pending.id);
    expect(approved.status).toBe('approved');
    expect(await amounts(order.orderId)).toEqual(['13500.00', '13000.00']);
    expect(await ruleOf(order.orderId)).toMatchObject({ dealCents: 2_700_000, planDeltaCents: -50_000, planCents: 2_650_000, expectedCents: 2_650_000 });
    const log = await ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state']).where('resource', '=', 'receivable').where('record_id', '=', final.id).execute();
    expect(log).toEqual([{ event: 'adjust', from_state: '13500.00', to_state: '13000.00' }]);

    // Never below what was received.
    await pay(order.orderId, [{ receivableId: final.id, amount: '12000' }]);
    await refused(CO.add.path, { kind: 'adjust', orderId: order.orderId, receivableId: final.id, amount: '11999', reason: '再优惠' }, '调整后金额不能低于该应收已收及待审核金额 12000.00 元');
  });

  it('a refund never exceeds the net money in: a reversed receipt cannot be refunded, and a refunded one cannot be reversed; nothing goes below zero', async () => {
    const a = await planned();
    const receipt = await pay(a.order.orderId, [{ receivableId: a.first.id, amount: '1000' }]);
    await ok<PaymentRecord>(PC.reverse.path, { id: receipt.id, reason: '录错' });
    // The reversal is still 待审核, yet its money is no longer there to refund.
    await refused(CO.add.path, { kind: 'refund', orderId: a.order.orderId, amount: '1000', reason: '退款' }, '退款金额不能超过已收金额 0.00 元');
    await refused(PC.reverse.path, { id: receipt.id }, '该收款已冲销或有待审核的冲销单');

    const b = await planned();
    const paid = await pay(b.order.orderId, [{ receivableId: b.first.id, amount: '1000' }]);
    const refund = await raise({ kind: 'refund', orderId: b.order.orderId, amount: '1000', reason: '客户退订' });
    expect((await decide(refund.id)).status).toBe('approved');
    await refused(PC.reverse.path, { id: paid.id, reason: '录错' }, '该订单已有退款或冲销，冲销后已收净额将为负（当前可冲销 0.00 元），不能冲销');
    const refundPayment = await ctx.db.selectFrom('payment').select(['id', 'version']).where('change_order_id', '=', refund.id).executeTakeFirstOrThrow();
    await ok(PC.audit.path, { id: refundPayment.id, version: refundPayment.version });
    const net = await ctx.db.selectFrom('payment').select(sql<string>`coalesce(sum(amount), 0)::text`.as('net')).where('order_id', '=', b.order.orderId).where('status', '=', 'audited').executeTakeFirstOrThrow();
    expect(Number(net.net)).toBe(0);
  });

  it('a cheaper 换房 with money owed lowers what is owed; only what was paid beyond the new total is refunded', async () => {
    // Nothing paid: 套房 1200 → 标准间 800 for 28 nights lowers the plan by 11200, no refund.
    const a = await planned({ roomNo: '201' });
    const quote = await raise({ kind: 'change_room', orderId: a.order.orderId, toRoomId: a.s.rooms['102'], effectiveDate: a.order.checkIn, reason: '换小房' });
    expect(quote.amountDelta).toBe('-11200.00');
    const done = await decide(quote.id);
    expect(done).toMatchObject({ status: 'approved', refundPaymentId: null });
    expect(await ctx.db.selectFrom('payment').select('id').where('order_id', '=', a.order.orderId).execute()).toEqual([]);
    expect(await amounts(a.order.orderId)).toEqual(['13500.00', '2300.00']);
    expect(await ruleOf(a.order.orderId)).toMatchObject({ planCents: 1_580_000, expectedCents: 1_580_000, owedCents: 1_580_000 });

    // 20000 paid of 27000: 7000 owed is lowered, 4200 refunded.
    const b = await planned({ roomNo: '201' });
    await pay(b.order.orderId, [
      { receivableId: b.first.id, amount: '13500' },
      { receivableId: b.final.id, amount: '6500' },
    ]);
    const change = await raise({ kind: 'change_room', orderId: b.order.orderId, toRoomId: b.s.rooms['102'], effectiveDate: b.order.checkIn, reason: '换小房' });
    const applied = await decide(change.id);
    expect(await amounts(b.order.orderId)).toEqual(['13500.00', '6500.00']);
    const refund = await ctx.db.selectFrom('payment').select(['amount', 'status']).where('id', '=', applied.refundPaymentId!).executeTakeFirstOrThrow();
    expect(refund).toEqual({ amount: '-4200.00', status: 'pending_audit' });
    expect(await ruleOf(b.order.orderId)).toMatchObject({ planCents: 2_000_000, expectedCents: 2_000_000, owedCents: 0 });
  });

  it('结账 checks the whole truth: the plan must equal the price, nothing be owed by it, no payment wait for its audit; then the contract ends, the row no longer offers 结账 and its receipts are not reversed', async () => {
    const settleCase = async () => {
      const p = await planned({ status: 'checked_out', customerStatus: 'checked_out_unsettled' });
      await ctx.db.updateTable('room_stay').set({ status: 'ended' }).where('order_id', '=', p.order.orderId).execute();
      const stay = await ctx.db.selectFrom('room_stay').select('id').where('order_id', '=', p.order.orderId).executeTakeFirstOrThrow();
      const contract = await ctx.db
        .insertInto('contract')
        .values({ company_id: ctx.companyId, contract_no: `HT${p.order.orderNo}`, order_id: p.order.orderId, customer_id: p.order.customerId, store_id: p.s.storeId, template_id: null, type: 'confinement', signed_at: new Date(), signer_id: null, amount: '27000', first_payment: '13500', attachments: [], status: 'effective', audited_by: null, audited_at: new Date(), close_reason: null, closed_at: null, created_by: null, updated_by: null })
        .returning('id')
        .executeTakeFirstOrThrow();
      return { ...p, stayId: stay.id, contractId: contract.id };
    };
    const listed = async (stayId: string) => ok<RoomStay>(RS.queryById.path, { id: stayId });

    // A plan short of the price (a line gone before these rules) is not settled although no row is open.
    const short = await settleCase();
    await pay(short.order.orderId, [{ receivableId: short.first.id, amount: '13500' }]);
    await ctx.db.deleteFrom('receivable').where('id', '=', short.final.id).execute();
    expect((await listed(short.stayId)).settleable).toBe(false);
    await refused(RS.settle.path, { id: short.stayId }, '应收计划合计 13500.00 元与订单应收 27000.00 元不符，请先办理调账后再结账');
    expect((await ctx.db.selectFrom('sales_order').select('status').where('id', '=', short.order.orderId).executeTakeFirstOrThrow()).status).toBe('checked_out');

    // Money owed.
    const owing = await settleCase();
    await pay(owing.order.orderId, [{ receivableId: owing.first.id, amount: '13500' }]);
    expect((await listed(owing.stayId)).settleable).toBe(false);
    await refused(RS.settle.path, { id: owing.stayId }, '订单尚欠 13500.00 元，不能结账');

    // Paid in full but a reversal waits for its audit: once audited the order would owe again, so not yet; rejected, it settles.
    const reversing = await settleCase();
    const receipt = await pay(reversing.order.orderId, [{ receivableId: reversing.first.id, amount: '13500' }]);
    await pay(reversing.order.orderId, [{ receivableId: reversing.final.id, amount: '13500' }]);
    const reversal = await ok<{ id: string }>(PC.reverse.path, { id: receipt.id, reason: '录错' });
    expect((await listed(reversing.stayId)).settleable).toBe(false);
    await refused(RS.settle.path, { id: reversing.stayId }, '订单有 1 笔待审核的收款、冲销或退款，请先审核或驳回后再结账');
    const pendingReversal = await ctx.db.selectFrom('payment').select('version').where('id', '=', reversal.id).executeTakeFirstOrThrow();
    await ok(PC.reject.path, { id: reversal.id, version: pendingReversal.version, reason: '不冲销' });
    expect((await listed(reversing.stayId)).settleable).toBe(true);
    await ok<RoomStay>(RS.settle.path, { id: reversing.stayId });

    // Paid in full: offered, settled, the contract 已结束, and 结账 no longer offered.
    const paid = await settleCase();
    await pay(paid.order.orderId, [
      { receivableId: paid.first.id, amount: '13500' },
      { receivableId: paid.final.id, amount: '13500' },
    ]);
    expect((await listed(paid.stayId)).settleable).toBe(true);
    const after = await ok<RoomStay>(RS.settle.path, { id: paid.stayId });
    expect(after.settleable).toBe(false);
    expect((await ctx.db.selectFrom('sales_order').select('status').where('id', '=', paid.order.orderId).executeTakeFirstOrThrow()).status).toBe('settled');
    expect((await ctx.db.selectFrom('contract').select('status').where('id', '=', paid.contractId).executeTakeFirstOrThrow()).status).toBe('ended');
    await refused(RS.settle.path, { id: paid.stayId }, '订单当前状态为「已结账」，不能结账');
    // A settled order's receipt is not reversed: it would owe again with no way back to 结账.
    const settledReceipt = await ctx.db.selectFrom('payment').select('id').where('order_id', '=', paid.order.orderId).where('status', '=', 'audited').executeTakeFirstOrThrow();
    await refused(PC.reverse.path, { id: settledReceipt.id, reason: '录错' }, '订单已结账，其收款不能冲销（冲销后订单将重新欠款）；如需退还款项请办理退款变更单');
  });
});
