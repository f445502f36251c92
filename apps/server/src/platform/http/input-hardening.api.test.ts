import { describe, expect, it } from 'vitest';
import { nurseAssignmentContract, paymentContract, receivableContract, roomHoldContract, businessDateMax } from '@care/shared';
import { useAdminApp } from '../../test/fixtures.js';
import { createReceivables } from '../../modules/receivable/receivable.service.js';
import { insertOrder, storeIdOf } from '../../modules/receivable/receivable.test-data.js';
import { nurseOf, orderFor, storeWorld } from '../../modules/nurse-assignment/nurse-assignment.test-data.js';

// Issue 26 items 8–10: a NUL byte, an impossible time, a far date or a code outside its dictionary is
// refused with the envelope's business code (never 500) and nothing is written.

describe('input hardening (issue 26: 8, 9, 10)', () => {
  const app = useAdminApp();
  const post = (url: string, body: Record<string, unknown>) => app.t.post(url, body, { token: app.admin });
  const count = async (table: 'payment' | 'receivable' | 'reservation' | 'nurse_assignment') => Number((await app.db.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const refused = async (url: string, body: Record<string, unknown>, table: Parameters<typeof count>[0], message?: string | RegExp) => {
    const before = await count(table);
    const res = await post(url, body);
    expect(res.status, JSON.stringify(res.body)).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body.code).toBe('101');
    if (message) expect(res.body.message).toMatch(message);
    expect(await count(table)).toBe(before);
    return res.body;
  };
  const accepted = async (url: string, body: Record<string, unknown>) => {
    const res = await post(url, body);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ code: '0' });
  };
  const receivable = (orderId: string, extra: Record<string, unknown>) => ({ orderId, item: 'other', dueDate: '2026-12-01', amount: '100', ...extra });
  /** An order with one receivable (a payment needs a plan). */
  const order = async () => {
    const o = await insertOrder(app.db, app.companyId, await storeIdOf(app.db, app.companyId, 'NS'));
    await app.db.transaction().execute((trx) => createReceivables(trx, { companyId: app.companyId, userId: app.adminId }, o, [{ item: 'final_payment', dueDate: '2026-12-20', amount: '30000' }]));
    return o;
  };
  const payment = (orderId: string, extra: Record<string, unknown>) => ({ orderId, method: 'wechat', amount: '100', paidAt: '2026-11-20 10:30', advance: true, ...extra });

  it('8. refuses a NUL byte or a lone surrogate in any text field, naming the field', async () => {
    const o = await order();
    for (const bad of ['a\u0000b', 'a\ud800b', '\udc00']) {
      await refused(paymentContract.add.path, payment(o.id, { remark: bad }), 'payment', /^remark: /);
      await refused(paymentContract.add.path, payment(o.id, { payer: bad }), 'payment', /^payer: 不能包含空字符/);
      await refused(receivableContract.add.path, receivable(o.id, { remark: bad }), 'receivable', /^remark: /);
    }
    // In an object key, deep in an array, and in a query string too.
    await refused(paymentContract.add.path, payment(o.id, { allocations: [{ ['x\u0000']: 1 }] }), 'payment', /^allocations\.0\.x/);
    const res = await app.t.app.inject({ method: 'GET', url: `/online/dict/getDictItems/sex?x=a%00b`, headers: { 'x-access-token': app.admin } });
    expect(res.statusCode).toBeLessThan(500);
    // A valid payment still goes through.
    await accepted(paymentContract.add.path, payment(o.id, { remark: '正常备注 😀' }));
  });

  it('9. refuses impossible times and dates outside the business window with a message naming the field', async () => {
    const o = await order();
    for (const paidAt of ['2026-11-28 25:00', '2026-11-28 10:61', '2026-11-28 10:30:60', '2026-02-30 10:00', '9999-12-31 10:00', '1900-01-01 10:00']) {
      await refused(paymentContract.add.path, payment(o.id, { paidAt }), 'payment', /收款时间/);
    }
    const far = await refused(receivableContract.add.path, receivable(o.id, { dueDate: '9999-12-31' }), 'receivable');
    expect(far.message).toMatch(/请选择正确的应收日期!|应收日期须在/);
    expect((await refused(receivableContract.add.path, receivable(o.id, { dueDate: '1999-12-31' }), 'receivable')).message).toBe(`dueDate: 应收日期须在2000-01-01至${businessDateMax()}之间`);
    const w = { db: app.db, companyId: app.companyId };
    const s = await storeWorld(w);
    const held = await orderFor(w, s, { checkIn: '2031-01-01', days: 26 });
    await refused(roomHoldContract.add.path, { customerId: held.customerId, storeId: s.storeId, roomTypeId: s.roomTypeId, plannedCheckIn: '9999-12-31', days: 28 }, 'reservation', /预计入住日期/);
    const nurse = await nurseOf(w, s);
    const assignment = { nurseId: nurse.id, orderId: held.orderId, serviceForm: 'center', startDate: '9999-12-31', days: 26, dailyRate: '300' };
    await refused(nurseAssignmentContract.add.path, assignment, 'nurse_assignment', /开始日期/);
    await refused(nurseAssignmentContract.add.path, { ...assignment, startDate: '1900-01-01' }, 'nurse_assignment', /开始日期须在2000-01-01/);
    await accepted(nurseAssignmentContract.add.path, { ...assignment, startDate: '2031-01-01' });
  });

  it('10. refuses a coded field holding a value outside its dictionary', async () => {
    const o = await order();
    for (const method of ['bitcoin', 'CASH', '<script>alert(1)</script>']) {
      await refused(paymentContract.add.path, payment(o.id, { method }), 'payment', '收款方式不是字典中的有效选项');
      await refused(receivableContract.add.path, receivable(o.id, { item: method }), 'receivable', '应收项目不是字典中的有效选项');
    }
    await accepted(paymentContract.add.path, payment(o.id, { method: 'cash' }));
    // A confirmed order's plan moves only through change orders (issue 29): a line is added to an order
    // still under approval.
    const open = await order();
    await app.db.updateTable('sales_order').set({ status: 'pending_audit' }).where('id', '=', open.id).execute();
    await accepted(receivableContract.add.path, receivable(open.id, { item: 'extension' }));
  });
});
