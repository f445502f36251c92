import { beforeAll, describe, expect, it } from 'vitest';
import { changeOrderContract as C, ChangeOrderPermission as P, contractContract, customerTradeContract, ErrorText, orderContract, type ChangeOrder, type ChangeOrderQuote, type ContractRecord, type CustomerTrade, type OrderDetail } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, tokenWith, useAdminApp, withDataRule, type RouteCall } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { planRules } from '../receivable/ledger.js';
import { changeOrdersOfCustomer, createRefundChangeOrder } from './change-order.service.js';
import { financePrice, orderWorld, storeWorld } from './change-order.test-data.js';

const routes = Object.fromEntries(Object.entries(C).map(([k, c]) => [k, c.path])) as Record<keyof typeof C, string>;

describe('变更单', () => {
  const ctx = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(ctx.db));
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const post = <T>(path: string, body: unknown, token = ctx.admin) => ctx.t.post<T>(path, body as Record<string, unknown>, { token });
  const ok = <T>(path: string, body: unknown, token = ctx.admin) => resultOf<T>(post<T>(path, body, token));
  const refused = async (path: string, body: unknown, message: string | RegExp, token = ctx.admin) => {
    const res = await post(path, body, token);
    expect(res.body.success, JSON.stringify(res.body)).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
  };
  const order = (id: string) => ctx.db.selectFrom('sales_order').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const stays = (orderId: string) => ctx.db.selectFrom('room_stay').select(['room_id', 'start_date', 'end_date', 'status']).where('order_id', '=', orderId).orderBy('start_date').execute();
  const receivables = (changeOrderId: string) => ctx.db.selectFrom('receivable').select(['item', 'amount', 'order_id']).where('change_order_id', '=', changeOrderId).execute();
  const payments = (changeOrderId: string) => ctx.db.selectFrom('payment').select(['amount', 'status', 'order_id']).where('change_order_id', '=', changeOrderId).execute();
  const approvals = (changeOrderId: string) => ctx.db.selectFrom('change_order_approval').select(['step', 'decision']).where('change_order_id', '=', changeOrderId).orderBy('step').execute();
  const line = (changeOrderId: string) => ctx.db.selectFrom('change_order').select(['amount_delta', 'reference_delta', 'discount_delta', 'plan_delta']).where('id', '=', changeOrderId).executeTakeFirstOrThrow();
  /** docs/ledger.md: Σ amount + Σ written off = deal price + Σ plan_delta of approved change orders. */
  const planHolds = async (orderId: string) => {
    const rule = (await planRules(ctx.db, ctx.companyId, [orderId])).get(orderId)!;
    return rule.planCents === rule.expectedCents;
  };
  /** The signed plan of an orderWorld order: one line of its deal (27000). */
  const signedPlan = (o: { orderId: string; customerId: string }, s: { storeId: string }) =>
    ctx.db.insertInto('receivable').values({ company_id: ctx.companyId, order_id: o.orderId, customer_id: o.customerId, store_id: s.storeId, item: 'final_payment', due_date: '2030-01-28', amount: '27000', created_by: null, updated_by: null }).execute();
  const addAndSubmit = async (body: Record<string, unknown>) => {
    const draft = await ok<ChangeOrder>(routes.add, body);
    return ok<ChangeOrder>(routes.submit, { id: draft.id, version: draft.version });
  };

  it('续住 without a finance price for the longer stay: the deal price per night; approved in one step, applied to the order, the stay and a receivable', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    await signedPlan(o, s);
    const quote = await ok<ChangeOrderQuote>(routes.quote, { kind: 'extend', orderId: o.orderId, days: 3 });
    // 27000 ÷ 28 × 3 = 2892.857…
    expect(quote).toMatchObject({ amountDelta: '2892.86', approvalSteps: 1, orderNo: o.orderNo });
    // The client's amount is never taken.
    const draft = await ok<ChangeOrder>(routes.add, { kind: 'extend', orderId: o.orderId, days: 3, reason: '宝宝黄疸', amountDelta: '1' });
    expect(draft).toMatchObject({ status: 'draft', kind: 'extend', days: 3, amountDelta: '2892.86', orderNo: o.orderNo, approvalStep: 0, approvalSteps: 1 });
    const pending = await ok<ChangeOrder>(routes.submit, { id: draft.id, version: draft.version });
    expect(pending).toMatchObject({ status: 'pending_audit', approvalStep: 1 });
    expect(await receivables(draft.id)).toEqual([]);

    const approved = await ok<ChangeOrder>(routes.approve, { id: draft.id, version: pending.version, decision: 'approved', comment: '同意' });
    expect(approved).toMatchObject({ status: 'approved' });
    expect(approved.appliedAt).toBeTruthy();
    // The deal stays as signed (docs/ledger.md): the order gets its nights, the change order is the line.
    expect(await order(o.orderId)).toMatchObject({ days: 31, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00', planned_check_out: '2030-02-01' });
    // 30000 ÷ 28 × 3 = 3214.285… → its reference; the discount the difference.
    expect(await line(draft.id)).toEqual({ amount_delta: '2892.86', reference_delta: '3214.29', discount_delta: '321.43', plan_delta: '2892.86' });
    expect(await planHolds(o.orderId)).toBe(true);
    expect(await stays(o.orderId)).toEqual([{ room_id: s.rooms['101'], start_date: '2030-01-01', end_date: '2030-02-01', status: 'booked' }]);
    expect(await receivables(draft.id)).toEqual([{ item: 'extension', amount: '2892.86', order_id: o.orderId }]);
    const trail = await ok<{ step: number; decision: string; comment: string; approverName: string }[]>(routes.approvals, { id: draft.id });
    expect(trail).toEqual([expect.objectContaining({ step: 1, decision: 'approved', comment: '同意' })]);
    // Decided once: a second approval is refused by its state.
    await refused(routes.approve, { id: draft.id, decision: 'approved' }, '变更单当前状态为「已通过」，不能审批通过');
  });

  it('续住 with a finance price for the longer stay: that price with the order discount kept, minus the deal', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    await financePrice(world(), s, s.basic.id, 31, '33000');
    // 33000 × 27000 ÷ 30000 = 29700 → 2700 more.
    expect(await ok<ChangeOrderQuote>(routes.quote, { kind: 'extend', orderId: o.orderId, days: 3 })).toMatchObject({ amountDelta: '2700.00', approvalSteps: 1 });
  });

  it('extensions keep the deal: a second 续住 is priced per signed night, an 升级 after it from the present reference; the plan = the price + plan_delta after each', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { paid: '27000' });
    await signedPlan(o, s);
    const first = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 7 });
    // 27000 ÷ 28 × 7 = 6750; reference 30000 ÷ 28 × 7 = 7500.
    expect(first).toMatchObject({ amountDelta: '6750.00', referenceDelta: '7500.00', discountDelta: '750.00' });
    await ok(routes.approve, { id: first.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: first.id, decision: 'approved' });
    expect(await order(o.orderId)).toMatchObject({ days: 35, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    expect(await planHolds(o.orderId)).toBe(true);
    // The order's detail (资金变动): the change order with its own line, the order's prices as signed.
    const detail = await ok<OrderDetail>(orderContract.detail.path, { id: o.orderId });
    expect(detail.order).toMatchObject({ dealPrice: '27000.00', referencePrice: '30000.00', discount: '3000.00' });
    expect(detail.moneyLog.find((m) => m.event === 'change' && m.ref === first.changeNo)).toMatchObject({ amount: '6750.00', line: { reference: '7500.00', discount: '750.00' } });

    // The second is priced on the signed 28 nights (today's order has 35): 27000 ÷ 28 × 7 again, not ÷ 35.
    const quote = await ok<ChangeOrderQuote>(routes.quote, { kind: 'extend', orderId: o.orderId, days: 7 });
    expect(quote).toMatchObject({ amountDelta: '6750.00', referenceDelta: '7500.00', discountDelta: '750.00' });
    expect(quote.basis).toContain('÷ 28 天 × 7 天');
    const second = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 7 });
    await ok(routes.approve, { id: second.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: second.id, decision: 'approved' });
    expect(await order(o.orderId)).toMatchObject({ days: 42, deal_price: '27000.00', discount: '3000.00' });
    expect(await planHolds(o.orderId)).toBe(true);

    // 升级 to a product whose 42-night reference is 50000: against the present reference 30000 + 7500 + 7500 = 45000,
    // (50000 − 45000) × 27000 ÷ 30000 = 4500.
    await financePrice(world(), s, s.premium.id, 42, '50000');
    const up = await addAndSubmit({ kind: 'upgrade', orderId: o.orderId, toProductId: s.premium.id, reason: '升级' });
    expect(up).toMatchObject({ amountDelta: '4500.00', referenceDelta: '5000.00', discountDelta: '500.00' });
    await ok(routes.approve, { id: up.id, decision: 'approved' });
    expect(await order(o.orderId)).toMatchObject({ product_id: s.premium.id, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    expect(await line(up.id)).toMatchObject({ plan_delta: '4500.00' });
    expect(await planHolds(o.orderId)).toBe(true);
    const rule = (await planRules(ctx.db, ctx.companyId, [o.orderId])).get(o.orderId)!;
    expect(rule).toMatchObject({ dealCents: 2_700_000, planDeltaCents: 1_800_000, planCents: 4_500_000 });
  });

  it('each applied 续住 / 升级 produces a 补充协议: a contract of its own with the change order\'s figures, beside the order\'s contract as signed; 客户360 合同金额 = 应收合计', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    await signedPlan(o, s);
    // The order's contract as signed (27000).
    await ctx.db.insertInto('contract').values({ company_id: ctx.companyId, contract_no: `HT${o.orderNo}`, order_id: o.orderId, customer_id: o.customerId, store_id: s.storeId, type: 'confinement', amount: '27000', status: 'effective', created_by: null, updated_by: null }).execute();
    const ext = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 3, reason: '宝宝黄疸' });
    await ok(routes.approve, { id: ext.id, decision: 'approved' });
    const agreements = () => ctx.db.selectFrom('contract').select(['id', 'change_order_id', 'amount', 'status', 'type', 'terms']).where('order_id', '=', o.orderId).where('change_order_id', 'is not', null).orderBy('created_at').execute();
    const [first] = await agreements();
    expect(first).toMatchObject({ change_order_id: ext.id, amount: '2892.86', status: 'pending_sign', type: 'extension' });
    // Its print: the signed deal kept, the change order's amount, reference and discount, in words too.
    const printed = await ok<ContractRecord>(contractContract.queryById.path, { id: first!.id });
    expect(printed).toMatchObject({ changeOrderId: ext.id, amount: '2892.86', orderNo: o.orderNo });
    for (const text of ['补充协议', `HT${o.orderNo}`, ext.changeNo, '续住 3 天', '人民币 27000.00 元（按原合同履行）', '人民币 3214.29 元', '人民币 321.43 元', '人民币 2892.86 元（大写：贰仟捌佰玖拾贰元捌角陆分）']) {
      expect(printed.terms).toContain(text);
    }
    // The order still has its one contract: another 生成合同 is refused.
    expect(await ctx.db.selectFrom('contract').select('contract_no').where('order_id', '=', o.orderId).where('change_order_id', 'is', null).execute()).toEqual([{ contract_no: `HT${o.orderNo}` }]);

    await financePrice(world(), s, s.premium.id, 31, '40000');
    const up = await addAndSubmit({ kind: 'upgrade', orderId: o.orderId, toProductId: s.premium.id, reason: '升级' });
    await ok(routes.approve, { id: up.id, decision: 'approved' });
    if (up.approvalSteps === 2) await ok(routes.financeApprove, { id: up.id, decision: 'approved' });
    const both = await agreements();
    expect(both.map((a) => a.change_order_id)).toEqual([ext.id, up.id]);
    expect(both[1]!.terms).toContain('套餐升级：「基础套餐」变更为「尊享套餐」');

    // 客户360: 合同金额 (the contract + its agreements) agrees with 应收合计 (the plan).
    const trade = await ok<CustomerTrade>(customerTradeContract.path, { id: o.customerId });
    expect(trade.money.contractAmount).toBe(trade.money.receivable);
    expect(Number(trade.money.contractAmount)).toBeGreaterThan(27000);
  });

  it('a cheaper 升级 keeps the deal: it lowers what is owed and refunds the rest; plan_delta − what was lowered', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { paid: '20000' });
    await signedPlan(o, s);
    await financePrice(world(), s, s.premium.id, 28, '20000');
    // (20000 − 30000) × 0.9 = −9000, all of it lowered on the line still owed (nothing of it received yet), nothing refunded.
    const down = await addAndSubmit({ kind: 'upgrade', orderId: o.orderId, toProductId: s.premium.id, reason: '降级' });
    expect(down).toMatchObject({ amountDelta: '-9000.00', referenceDelta: '-10000.00', discountDelta: '-1000.00' });
    await ok(routes.approve, { id: down.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: down.id, decision: 'approved' });
    expect(await order(o.orderId)).toMatchObject({ deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    expect(await line(down.id)).toMatchObject({ plan_delta: '-9000.00' });
    expect(await planHolds(o.orderId)).toBe(true);
  });

  it('an extension into another order\'s nights is refused naming it, and nothing of the change order is applied', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    const blocker = await orderWorld(world(), s, { checkIn: '2030-01-29' });
    const pending = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 2 });
    await refused(routes.approve, { id: pending.id, decision: 'approved' }, `变更单未能执行：该房间在所选日期已被「${blocker.orderNo}」占用`);
    expect(await ok<ChangeOrder>(routes.queryById, { id: pending.id })).toMatchObject({ status: 'pending_audit', approvalStep: 1, version: pending.version });
    expect(await approvals(pending.id)).toEqual([]);
    expect(await order(o.orderId)).toMatchObject({ days: 28, deal_price: '27000.00' });
    expect(await stays(o.orderId)).toEqual([{ room_id: s.rooms['101'], start_date: '2030-01-01', end_date: '2030-01-29', status: 'booked' }]);
    expect(await receivables(pending.id)).toEqual([]);
  });

  it('换房 over 5000: 店长 then 财务; the stay splits at the date and the difference becomes a receivable', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    // (1200 − 800) × 19 nights = 7600 > 5000 → 财务审批 too.
    const pending = await addAndSubmit({ kind: 'change_room', orderId: o.orderId, toRoomId: s.rooms['201'], effectiveDate: '2030-01-10' });
    expect(pending).toMatchObject({ amountDelta: '7600.00', approvalSteps: 2, fromRoomNo: '101', toRoomNo: '201' });
    await refused(routes.financeApprove, { id: pending.id, decision: 'approved' }, '该变更单当前等待「店长/主管审批」');
    const passed = await ok<ChangeOrder>(routes.approve, { id: pending.id, decision: 'approved' });
    expect(passed).toMatchObject({ status: 'pending_audit', approvalStep: 2 });
    expect(await stays(o.orderId)).toHaveLength(1);
    await refused(routes.approve, { id: pending.id, decision: 'approved' }, '该变更单当前等待「财务审批」');
    const approved = await ok<ChangeOrder>(routes.financeApprove, { id: pending.id, version: passed.version, decision: 'approved', comment: '已核' });
    expect(approved.status).toBe('approved');
    expect(await stays(o.orderId)).toEqual([
      { room_id: s.rooms['101'], start_date: '2030-01-01', end_date: '2030-01-10', status: 'booked' },
      { room_id: s.rooms['201'], start_date: '2030-01-10', end_date: '2030-01-29', status: 'booked' },
    ]);
    expect(await receivables(pending.id)).toEqual([{ item: 'other', amount: '7600.00', order_id: o.orderId }]);
    expect(await approvals(pending.id)).toEqual([{ step: 1, decision: 'approved' }, { step: 2, decision: 'approved' }]);
  });

  it('换房 to a cheaper type refunds the difference; refusals name the reason', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { roomNo: '201', paid: '10000' });
    const pending = await addAndSubmit({ kind: 'change_room', orderId: o.orderId, toRoomId: s.rooms['102'], effectiveDate: '2030-01-25' });
    expect(pending).toMatchObject({ amountDelta: '-1600.00', approvalSteps: 1 });
    await ok(routes.approve, { id: pending.id, decision: 'approved' });
    expect(await payments(pending.id)).toEqual([{ amount: '-1600.00', status: 'pending_audit', order_id: o.orderId }]);
    expect(await receivables(pending.id)).toEqual([]);

    await refused(routes.quote, { kind: 'change_room', orderId: o.orderId, toRoomId: s.rooms['102'], effectiveDate: '2030-01-26' }, '新房间与当前房间相同');
    await refused(routes.quote, { kind: 'change_room', orderId: o.orderId, toRoomId: s.rooms['103'], effectiveDate: '2030-03-01' }, '换房日期须在入住期间内');
    const other = await storeWorld(world());
    await refused(routes.quote, { kind: 'change_room', orderId: o.orderId, toRoomId: other.rooms['101'], effectiveDate: '2030-01-26' }, '所选房间不是本门店的房间');
    const unroomed = await orderWorld(world(), s, { roomNo: null });
    await refused(routes.quote, { kind: 'change_room', orderId: unroomed.orderId, toRoomId: s.rooms['103'], effectiveDate: '2030-01-26' }, '该订单尚未排房，不能换房');
  });

  it('升级: the reference difference scaled by the discount; the order takes the new product version', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    await signedPlan(o, s);
    await financePrice(world(), s, s.premium.id, 28, '40000');
    // (40000 − 30000) × 27000 ÷ 30000 = 9000 → 财务审批 too.
    const pending = await addAndSubmit({ kind: 'upgrade', orderId: o.orderId, toProductId: s.premium.id, reason: '升级套房' });
    expect(pending).toMatchObject({ amountDelta: '9000.00', approvalSteps: 2, fromProductName: '基础套餐', toProductName: '尊享套餐' });
    await ok(routes.approve, { id: pending.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: pending.id, decision: 'approved' });
    // The order takes the new product; its deal, reference and discount stay as signed, the change order is the line (10% off kept).
    expect(await order(o.orderId)).toMatchObject({ product_id: s.premium.id, product_version_id: s.premium.versionId, deal_price: '27000.00', reference_price: '30000.00', discount: '3000.00' });
    expect(await line(pending.id)).toEqual({ amount_delta: '9000.00', reference_delta: '10000.00', discount_delta: '1000.00', plan_delta: '9000.00' });
    expect(await planHolds(o.orderId)).toBe(true);
    expect(await receivables(pending.id)).toEqual([{ item: 'upgrade', amount: '9000.00', order_id: o.orderId }]);
    await refused(routes.quote, { kind: 'upgrade', orderId: o.orderId, toProductId: s.premium.id }, '升级的产品与订单当前产品相同');
  });

  it('退款: at most what was paid in, less refunds asked for; approved by 店长 then 财务 into a negative payment', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { paid: '10000' });
    await refused(routes.add, { kind: 'refund', orderId: o.orderId, amount: '10000.01', reason: '多收' }, '退款金额不能超过已收金额 10000.00 元');
    await refused(routes.add, { kind: 'refund', orderId: o.orderId, amount: '100' }, 'reason: 请输入退款原因!');
    const pending = await addAndSubmit({ kind: 'refund', orderId: o.orderId, amount: '3000', reason: '部分退款' });
    expect(pending).toMatchObject({ amountDelta: '-3000.00', approvalSteps: 2 });
    await refused(routes.add, { kind: 'refund', orderId: o.orderId, amount: '7000.01', reason: '再退' }, '退款金额不能超过已收金额 7000.00 元');
    await ok(routes.approve, { id: pending.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: pending.id, decision: 'approved' });
    expect(await payments(pending.id)).toEqual([{ amount: '-3000.00', status: 'pending_audit', order_id: o.orderId }]);
    expect((await ok<ChangeOrder>(routes.queryById, { id: pending.id })).refundPaymentId).toBeTruthy();
    // The approved refund still waits for finance's audit: it still counts against the rest.
    await refused(routes.add, { kind: 'refund', orderId: o.orderId, amount: '7000.01', reason: '再退' }, '退款金额不能超过已收金额 7000.00 元');
  });

  it('驳回 needs a comment and ends the change order; a draft is deleted, a submitted one is not; a stale version changes nothing', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    const pending = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 1 });
    await refused(routes.approve, { id: pending.id, decision: 'rejected', comment: '' }, 'comment: 驳回时请填写意见');
    await refused(routes.approve, { id: pending.id, version: pending.version - 1, decision: 'approved' }, ErrorText.staleVersion);
    expect(await approvals(pending.id)).toEqual([]);
    await refused(routes.delete, { id: pending.id, version: pending.version }, '变更单当前状态为「待审核」，不能删除');
    const rejected = await ok<ChangeOrder>(routes.approve, { id: pending.id, decision: 'rejected', comment: '不需要' });
    expect(rejected).toMatchObject({ status: 'rejected' });
    expect(await approvals(pending.id)).toEqual([{ step: 1, decision: 'rejected' }]);
    await refused(routes.approve, { id: pending.id, decision: 'approved' }, '变更单当前状态为「已驳回」，不能审批通过');
    expect(await order(o.orderId)).toMatchObject({ days: 28 });

    const draft = await ok<ChangeOrder>(routes.add, { kind: 'extend', orderId: o.orderId, days: 1 });
    await refused(routes.submit, { id: draft.id, version: draft.version + 1 }, ErrorText.staleVersion);
    await refused(routes.approve, { id: draft.id, decision: 'approved' }, '变更单当前状态为「待提交」，不能审批通过');
    await ok(routes.delete, { id: draft.id, version: draft.version });
    await refused(routes.queryById, { id: draft.id }, ErrorText.notFound);
    await refused(routes.queryById, { id: MISSING_ID }, ErrorText.notFound);

    const cancelled = await orderWorld(world(), s, { status: 'cancelled', roomNo: null });
    await refused(routes.quote, { kind: 'extend', orderId: cancelled.orderId, days: 1 }, '订单当前状态为「已取消」，不能办理变更');
    await refused(routes.quote, { kind: 'extend', orderId: MISSING_ID, days: 1 }, '订单不存在或无权操作');
    await refused(routes.quote, { kind: 'extend', orderId: o.orderId, days: 0 }, 'days: 续住天数至少为1天');
  });

  it('lists by store, kind, status, period and order no or customer; exports; the customer\'s change orders', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    const a = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 1 });
    await ok(routes.add, { kind: 'change_room', orderId: o.orderId, toRoomId: s.rooms['201'], effectiveDate: '2030-01-20' });
    const list = (q: Record<string, unknown>) => ok<{ records: ChangeOrder[]; total: number }>(routes.list, { pageNo: 1, pageSize: 50, storeId: s.storeId, ...q });
    expect((await list({})).total).toBe(2);
    expect((await list({ kind: 'extend' })).records.map((r) => r.id)).toEqual([a.id]);
    expect((await list({ status: 'draft' })).records.map((r) => r.kind)).toEqual(['change_room']);
    expect((await list({ keyword: o.orderNo })).total).toBe(2);
    expect((await list({ keyword: 'no-such-order' })).total).toBe(0);
    expect((await list({ createdFrom: '2000-01-01', createdTo: '2000-01-02' })).total).toBe(0);
    const file = await exportXlsx(ctx.t, routes.exportXls, { storeId: s.storeId, kind: 'extend' }, ctx.admin);
    expect(file.rows.slice(1).map((r) => [r[0], r[1], r[4], r[5], r[6], r[7]])).toEqual([[a.changeNo, o.orderNo, '续住', '续住1天', '964.29', '待审核']]);
    const session = { sessionId: 'x', userId: ctx.adminId, username: 'admin', companyId: ctx.companyId, departmentId: null };
    expect((await changeOrdersOfCustomer(ctx.db, session, o.customerId)).map((r) => r.kind).sort()).toEqual(['change_room', 'extend']);
  });

  it('403 without the action; another store\'s 店长 neither sees nor acts on a change order by id', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s);
    const pending = await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 1 });
    const nobody = await tokenWith(ctx.t, 'co_nobody', [], []);
    const calls: RouteCall<typeof routes>[] = [
      ['list', P.changeOrderList, { pageNo: 1, pageSize: 10 }],
      ['queryById', P.changeOrderList, { id: pending.id }],
      ['exportXls', P.changeOrderExport, {}],
      ['quote', P.changeOrderAdd, { kind: 'extend', orderId: o.orderId, days: 1 }],
      ['add', P.changeOrderAdd, { kind: 'extend', orderId: o.orderId, days: 1 }],
      ['submit', P.changeOrderSubmit, { id: pending.id, version: 1 }],
      ['delete', P.changeOrderDelete, { id: pending.id, version: 1 }],
      ['approve', P.changeOrderApprove, { id: pending.id, decision: 'approved' }],
      ['financeApprove', P.changeOrderFinanceApprove, { id: pending.id, decision: 'approved' }],
      ['approvals', P.changeOrderList, { id: pending.id }],
      ['cancelOrder', P.orderCancel, { id: o.orderId, reason: '不住了' }],
    ];
    await expectEachForbidden(ctx.t, routes, calls, nobody);

    // A 店长 of another store: her rule is 本门店 (storeId IN her stores).
    const other = await storeWorld(world());
    const { token: manager, userId: managerId } = await signedInUser(ctx.t, 'co_manager', { actions: Object.values(P), paths: ['/trade/changeOrder', '/trade/order'] });
    await ctx.db.insertInto('user_store').values({ user_id: managerId, store_id: other.storeId }).execute();
    await withDataRule(ctx.t, ctx.admin, '/trade/changeOrder', { resource: 'change_order', name: '本店变更单', columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}', enabled: true }, async () => {
      const page = await ok<{ records: ChangeOrder[] }>(routes.list, { pageNo: 1, pageSize: 50 }, manager);
      expect(page.records.map((r) => r.id)).not.toContain(pending.id);
      await refused(routes.queryById, { id: pending.id }, ErrorText.notFound, manager);
      await refused(routes.approve, { id: pending.id, decision: 'approved' }, ErrorText.notFound, manager);
      await refused(routes.approvals, { id: pending.id }, ErrorText.notFound, manager);
      // Nor raises one in a store outside her scope.
      await refused(routes.add, { kind: 'extend', orderId: o.orderId, days: 1 }, '订单不存在或无权操作', manager);
      expect(await approvals(pending.id)).toEqual([]);
      // Once the store is hers too, she approves it.
      await ctx.db.insertInto('user_store').values({ user_id: managerId, store_id: s.storeId }).execute();
      expect(await ok<ChangeOrder>(routes.approve, { id: pending.id, decision: 'approved' }, manager)).toMatchObject({ status: 'approved' });
    });
  });

  it('取消订单: one transaction cancels the order, releases its stays, writes off its receivables, moves the customer back and asks a refund of what was paid in', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { paid: '8000' });
    await ctx.db.insertInto('receivable').values({ company_id: ctx.companyId, order_id: o.orderId, customer_id: o.customerId, store_id: s.storeId, item: 'final_payment', due_date: '2030-01-01', amount: '19000', created_by: null, updated_by: null }).execute();
    const before = await order(o.orderId);
    await refused(routes.cancelOrder, { id: o.orderId, version: before.version + 1, reason: '不住了' }, ErrorText.staleVersion);
    const result = await ok<{ refundChangeOrderId: string; refundAmount: string }>(routes.cancelOrder, { id: o.orderId, version: before.version, reason: '不住了' });
    expect(result.refundAmount).toBe('8000.00');
    expect(await order(o.orderId)).toMatchObject({ status: 'cancelled', cancel_reason: '不住了' });
    expect((await stays(o.orderId)).map((x) => x.status)).toEqual(['cancelled']);
    expect(await ctx.db.selectFrom('receivable').select(['amount', 'status']).where('order_id', '=', o.orderId).execute()).toEqual([{ amount: '0.00', status: 'paid' }]);
    expect((await ctx.db.selectFrom('customer').select('status').where('id', '=', o.customerId).executeTakeFirstOrThrow()).status).toBe('intention');
    expect(await ok<ChangeOrder>(routes.queryById, { id: result.refundChangeOrderId })).toMatchObject({ kind: 'refund', status: 'pending_audit', amountDelta: '-8000.00', approvalStep: 1, orderId: o.orderId });
    await refused(routes.cancelOrder, { id: o.orderId, reason: '再取消' }, '订单当前状态为「已取消」，不能取消');

    const inHouse = await orderWorld(world(), s, { status: 'checked_in', roomNo: '102', customerStatus: 'checked_in' });
    await refused(routes.cancelOrder, { id: inHouse.orderId, reason: '不住了' }, '订单当前状态为「已入住」，不能取消');
    expect((await stays(inHouse.orderId)).map((x) => x.status)).toEqual(['in_house']);

    const unpaid = await orderWorld(world(), s, { roomNo: '103' });
    expect(await ok(routes.cancelOrder, { id: unpaid.orderId, reason: '改期' })).toMatchObject({ refundChangeOrderId: null, refundAmount: '0.00' });
  });

  it('createRefundChangeOrder: a 订房预约 deposit refund waits for approval without an order', async () => {
    const s = await storeWorld(world());
    const o = await orderWorld(world(), s, { roomNo: null });
    const hold = await ctx.db
      .insertInto('reservation')
      .values({ company_id: ctx.companyId, reservation_no: `YY${Date.now()}`, kind: 'room_hold', status: 'cancelled', customer_id: o.customerId, store_id: s.storeId, planned_check_in: '2030-01-01', days: 28 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const session = { sessionId: 'x', userId: ctx.adminId, username: 'admin', companyId: ctx.companyId, departmentId: null };
    const made = await ctx.db.transaction().execute((trx) => createRefundChangeOrder(trx, session, { reservationId: hold.id, customerId: o.customerId, storeId: s.storeId, amount: '2000', reason: '预约取消退定金' }));
    expect(made.changeNo).toMatch(/^BG/);
    const row = await ok<ChangeOrder>(routes.queryById, { id: made.id });
    expect(row).toMatchObject({ kind: 'refund', status: 'pending_audit', amountDelta: '-2000.00', orderId: null, reservationId: hold.id, approvalSteps: 2 });
    await ok(routes.approve, { id: made.id, decision: 'approved' });
    await ok(routes.financeApprove, { id: made.id, decision: 'approved' });
    expect(await ctx.db.selectFrom('payment').select(['amount', 'reservation_id', 'order_id']).where('change_order_id', '=', made.id).execute()).toEqual([{ amount: '-2000.00', reservation_id: hold.id, order_id: null }]);
  });

  it('200 concurrent approvals of 20 change orders (two per order): each applied exactly once', async () => {
    const s = await storeWorld(world(), { standardRooms: 10 });
    const orders = [];
    for (let i = 1; i <= 10; i++) orders.push(await orderWorld(world(), s, { roomNo: String(100 + i) }));
    const pending: { id: string; orderId: string }[] = [];
    for (const o of orders) {
      for (let k = 0; k < 2; k++) pending.push({ id: (await addAndSubmit({ kind: 'extend', orderId: o.orderId, days: 1 })).id, orderId: o.orderId });
    }
    const calls = Array.from({ length: 200 }, (_, i) => post(routes.approve, { id: pending[i % pending.length]!.id, decision: 'approved' }));
    const answers = await Promise.all(calls);
    expect(answers.filter((a) => a.body.success).length).toBe(pending.length);
    for (const a of answers.filter((x) => !x.body.success)) expect(a.body.message).toBe('变更单当前状态为「已通过」，不能审批通过');
    for (const p of pending) {
      expect(await receivables(p.id)).toHaveLength(1);
      expect(await approvals(p.id)).toEqual([{ step: 1, decision: 'approved' }]);
    }
    for (const o of orders) {
      expect(await order(o.orderId)).toMatchObject({ days: 30 });
      expect((await stays(o.orderId)).map((x) => x.end_date)).toEqual(['2030-01-31']);
    }
    const applied = await ctx.db.selectFrom('change_order').select((eb) => eb.fn.countAll<string>().as('n')).where('id', 'in', pending.map((p) => p.id)).where('status', '=', 'approved').executeTakeFirstOrThrow();
    expect(Number(applied.n)).toBe(20);
  });
});
