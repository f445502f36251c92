import { describe, expect, it } from 'vitest';
import { addDays, Permission, WorkTypePath, workplaceContract as W, type PageResult, type WorkItem, type WorkplaceOverview } from '@care/shared';
import { shanghaiDate, shanghaiInstant } from '../../platform/time.js';
import { resultOf, signedInUser, useAdminApp } from '../../test/fixtures.js';
import { orderWorld, storeWorld } from '../change-order/change-order.test-data.js';

const HOUR = 3_600_000;

describe('工作台 and 任务', () => {
  const app = useAdminApp();
  const today = shanghaiDate();
  const w = () => ({ db: app.db, companyId: app.companyId });

  it('shows a consultant her own open leads and customers due by the end of today, overdue marked', async () => {
    const { db, companyId, t } = app;
    const me = await signedInUser(t, 'wp_consultant', { actions: [Permission.leadList, Permission.customerList] });
    const other = await signedInUser(t, 'wp_consultant2', { actions: [Permission.leadList, Permission.customerList] });
    const s = await storeWorld(w());
    const now = Date.now();
    let n = 0;
    const lead = async (owner: string, at: Date | null, status: 'pending' | 'following' | 'converted' = 'following') =>
      (
        await db
          .insertInto('lead')
          .values({ company_id: companyId, lead_no: `WPL${n++}`, name: `线索${n}`, phone: `1390000${String(n).padStart(4, '0')}`, owner_id: owner, status, next_follow_at: at, preferred_store_id: s.storeId })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const overdueLead = await lead(me.userId, new Date(now - 26 * HOUR));
    const laterToday = shanghaiInstant(`${today} 23:59:59`);
    const todayLead = await lead(me.userId, laterToday, 'pending');
    await lead(me.userId, shanghaiInstant(`${addDays(today, 1)} 09:00:00`)); // tomorrow
    await lead(me.userId, null); // no follow-up planned
    await lead(me.userId, new Date(now - 2 * HOUR), 'converted'); // closed
    await lead(other.userId, new Date(now - 2 * HOUR)); // someone else's
    const customer = async (owner: string, at: Date) =>
      (
        await db
          .insertInto('customer')
          .values({ company_id: companyId, customer_no: `WPC${n++}`, name: `跟进客户${n}`, phone: `1370000${String(n).padStart(4, '0')}`, store_id: s.storeId, owner_id: owner, next_follow_at: at, created_by: null, updated_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const dueCustomer = await customer(me.userId, new Date(now - 3 * HOUR));
    await customer(me.userId, shanghaiInstant(`${addDays(today, 2)} 10:00:00`));
    await customer(other.userId, new Date(now - 3 * HOUR));

    const overview = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: me.token }));
    expect(overview.today).toBe(today);
    const rowsOf = (type: string) => overview.followUps.groups.find((g) => g.type === type)!;
    expect(rowsOf('leadFollowUp').rows.map((r) => [r.id, r.overdue])).toEqual([
      [overdueLead, true],
      [todayLead, laterToday.getTime() < Date.now()],
    ]);
    expect(rowsOf('leadFollowUp').count).toBe(2);
    expect(rowsOf('customerFollowUp').rows.map((r) => [r.id, r.overdue, r.path])).toEqual([[dueCustomer, true, `/crm/customer/detail/${dueCustomer}`]]);
    expect(overview.followUps).toMatchObject({ total: 3, overdue: 2 + (laterToday.getTime() < Date.now() ? 1 : 0) });
    // A consultant holds no approving action and no 住房安排: those sections stay empty.
    expect(overview.approvals).toEqual({ total: 0, groups: [] });
    expect(overview.stays).toBeNull();

    // 任务: the same work as one paged list, filterable by type.
    const page1 = await resultOf(t.post<PageResult<WorkItem>>(W.tasks.path, { pageNo: 1, pageSize: 2 }, { token: me.token }));
    const page2 = await resultOf(t.post<PageResult<WorkItem>>(W.tasks.path, { pageNo: 2, pageSize: 2 }, { token: me.token }));
    expect(page1.total).toBe(3);
    expect([...page1.records, ...page2.records].map((r) => r.id)).toEqual([overdueLead, todayLead, dueCustomer]);
    const customersOnly = await resultOf(t.post<PageResult<WorkItem>>(W.tasks.path, { type: 'customerFollowUp' }, { token: me.token }));
    expect(customersOnly.records.map((r) => r.id)).toEqual([dueCustomer]);
    expect((await t.post(W.tasks.path, { type: 'nope' }, { token: me.token })).status).toBe(422);

    // Without the lead list, her leads are not shown.
    const noLeads = await signedInUser(t, 'wp_customers_only', { actions: [Permission.customerList] });
    await db.updateTable('lead').set({ owner_id: noLeads.userId }).where('id', '=', overdueLead).execute();
    const limited = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: noLeads.token }));
    expect(limited.followUps.groups.map((g) => g.type)).toEqual(['customerFollowUp']);
  });

  it('shows an approver exactly the pending items her actions and data rules allow', async () => {
    const { db, companyId, t, admin } = app;
    const a = await storeWorld(w());
    const b = await storeWorld(w());
    const pendingA = await orderWorld(w(), a, { status: 'pending_audit', roomNo: null });
    const pendingB = await orderWorld(w(), b, { status: 'pending_audit', roomNo: null });
    const confirmed = await orderWorld(w(), a, { status: 'confirmed', roomNo: null });
    let n = 0;
    const change = async (step: number, status: 'pending_audit' | 'draft' = 'pending_audit') =>
      (
        await db
          .insertInto('change_order')
          .values({ company_id: companyId, change_no: `WPBG${n++}`, order_id: confirmed.orderId, customer_id: confirmed.customerId, store_id: a.storeId, kind: 'extend', days: 2, amount_delta: '1600', status, approval_step: step, submitted_at: new Date(), created_by: null, updated_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const step1 = await change(1);
    const step2 = await change(2);
    await change(0, 'draft');
    const contract = async (status: 'pending_audit' | 'effective', orderId: string) =>
      (
        await db
          .insertInto('contract')
          .values({ company_id: companyId, store_id: a.storeId, customer_id: confirmed.customerId, contract_no: `WPHT${n++}`, order_id: orderId, type: 'confinement', amount: '27000', first_payment: '5000', status, created_by: null, updated_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const pendingContract = await contract('pending_audit', confirmed.orderId);
    await contract('effective', (await orderWorld(w(), a, { status: 'confirmed', roomNo: null })).orderId);
    const payment = async (status: 'pending_audit' | 'audited') =>
      (
        await db
          .insertInto('payment')
          .values({ company_id: companyId, payment_no: `WPSK${n++}`, customer_id: confirmed.customerId, store_id: a.storeId, order_id: confirmed.orderId, method: 'transfer', amount: '500', unapplied: '500', paid_at: new Date(), status, created_by: null, updated_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    const pendingPayment = await payment('pending_audit');
    await payment('audited');

    // 店长 of store A (the seeded rules: storeId in #{sys_store_ids}): 折扣审批, 审批变更单 (step 1), 审核合同; no 财务 actions.
    const manager = await signedInUser(t, 'wp_manager', { actions: [Permission.orderApprove, Permission.changeOrderApprove, Permission.contractAudit] });
    // 财务 of store A: 财务审批 (step 2) and 审核收款.
    const finance = await signedInUser(t, 'wp_finance', { actions: [Permission.changeOrderFinanceApprove, Permission.paymentAudit] });
    await db.insertInto('user_store').values([{ user_id: manager.userId, store_id: a.storeId }, { user_id: finance.userId, store_id: a.storeId }]).execute();
    {
      const m = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: manager.token }));
      const group = (o: WorkplaceOverview, type: string) => o.approvals.groups.find((g) => g.type === type);
      expect(m.approvals.groups.map((g) => g.type)).toEqual(['order', 'changeOrder', 'contract']);
      expect(group(m, 'order')!.rows.map((r) => r.no)).toEqual([pendingA.orderNo]);
      expect(group(m, 'order')).toMatchObject({ count: 1 });
      expect(group(m, 'order')!.rows[0]).toMatchObject({ path: WorkTypePath.order, detail: '成交价 ¥27000.00，底价 ¥20000.00' });
      expect(group(m, 'changeOrder')!.rows.map((r) => r.id)).toEqual([step1]);
      expect(group(m, 'contract')!.rows.map((r) => r.id)).toEqual([pendingContract]);
      expect(m.approvals.total).toBe(3);
      expect(m.followUps.total).toBe(0);

      const f = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: finance.token }));
      expect(f.approvals.groups.map((g) => [g.type, g.rows.map((r) => r.id)])).toEqual([
        ['changeOrder', [step2]],
        ['payment', [pendingPayment]],
      ]);

      // The administrator (exempt from data rules, every action) sees both stores' orders.
      const all = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: admin }));
      const adminOrders = group(all, 'order')!;
      expect(adminOrders.rows.map((r) => r.no)).toEqual(expect.arrayContaining([pendingA.orderNo, pendingB.orderNo]));

      // 月嫂管理 of store A: 审核派工 and 审核结算, her store's only.
      const nurse = async (storeId: string) =>
        (
          await db
            .insertInto('monthly_nurse')
            .values({ company_id: companyId, nurse_no: `WPN${n++}`, name: `工作台月嫂${n}`, phone: '13800000000', level: 'junior', practice_type: 'maternity', service_type: 'center', employment: 'staff', status: 'active', store_id: storeId })
            .returning('id')
            .executeTakeFirstOrThrow()
        ).id;
      const assignment = async (storeId: string, status: 'pending_audit' | 'completed') =>
        (
          await db
            .insertInto('nurse_assignment')
            .values({ company_id: companyId, assignment_no: `WPPG${n++}`, nurse_id: await nurse(storeId), customer_id: confirmed.customerId, store_id: storeId, service_form: 'center', start_date: '2030-01-01', end_date: '2030-01-27', daily_rate: '300', status })
            .returning(['id', 'nurse_id'])
            .executeTakeFirstOrThrow()
        );
      const pendingAssignment = await assignment(a.storeId, 'pending_audit');
      await assignment(b.storeId, 'pending_audit');
      const done = await assignment(a.storeId, 'completed');
      const settlement = await db
        .insertInto('nurse_settlement')
        .values({ company_id: companyId, settlement_no: `WPJS${n++}`, assignment_id: done.id, nurse_id: done.nurse_id, store_id: a.storeId, days: 26, daily_rate: '300', base_amount: '7800', bonus: '0', deduction: '0', total: '7800', status: 'pending_audit' })
        .returning('id')
        .executeTakeFirstOrThrow();
      const nurseLead = await signedInUser(t, 'wp_nurse_manager', { actions: [Permission.nurseAssignmentAudit, Permission.nurseSettlementAudit] });
      await db.insertInto('user_store').values({ user_id: nurseLead.userId, store_id: a.storeId }).execute();
      const nm = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: nurseLead.token }));
      const settlementsSeen = nm.approvals.groups.find((g) => g.type === 'nurseSettlement')!.rows.map((r) => r.id);
      expect(nm.approvals.groups.find((g) => g.type === 'nurseAssignment')!.rows.map((r) => r.id)).toEqual([pendingAssignment.id]);
      // 月嫂结算 carries no store rule (财务 settles every store): the one pending settlement.
      expect(settlementsSeen).toEqual([settlement.id]);
      expect(nm.approvals.total).toBe(2);

      const tasks = await resultOf(t.post<PageResult<WorkItem>>(W.tasks.path, { pageSize: 50 }, { token: manager.token }));
      expect(tasks.records.map((r) => [r.type, r.id])).toEqual([
        ['order', pendingA.orderId],
        ['changeOrder', step1],
        ['contract', pendingContract],
      ]);
    }
  });

  it("lists today's check-ins and check-outs in the caller's 住房安排 scope", async () => {
    const { db, companyId, t } = app;
    const a = await storeWorld(w(), { standardRooms: 6 });
    const b = await storeWorld(w());
    const stay = async (s: typeof a, roomNo: string, start: string, end: string, status: 'booked' | 'in_house' | 'ended', at: { in?: Date; out?: Date } = {}) => {
      const o = await orderWorld(w(), s, { roomNo: null, checkIn: start });
      return (
        await db
          .insertInto('room_stay')
          .values({ company_id: companyId, store_id: s.storeId, room_id: s.rooms[roomNo]!, order_id: o.orderId, customer_id: o.customerId, start_date: start, end_date: end, status, checked_in_at: at.in ?? null, checked_out_at: at.out ?? null, created_by: null, updated_by: null })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id;
    };
    const now = new Date();
    const arriving = await stay(a, '101', today, addDays(today, 28), 'booked');
    const arrived = await stay(a, '102', today, addDays(today, 28), 'in_house', { in: now });
    await stay(a, '103', addDays(today, 1), addDays(today, 29), 'booked'); // tomorrow
    const leaving = await stay(a, '104', addDays(today, -28), today, 'in_house', { in: new Date(now.getTime() - 28 * 24 * HOUR) });
    const left = await stay(a, '105', addDays(today, -27), addDays(today, 1), 'ended', { in: new Date(now.getTime() - 27 * 24 * HOUR), out: now });
    await stay(a, '106', addDays(today, -10), addDays(today, 5), 'in_house', { in: new Date(now.getTime() - 10 * 24 * HOUR) }); // staying on
    const otherStore = await stay(b, '101', today, addDays(today, 28), 'booked');

    const frontDesk = await signedInUser(t, 'wp_front_desk', { actions: [Permission.roomStayList] });
    const frontDeskA = await signedInUser(t, 'wp_front_desk_a', { actions: [Permission.roomStayList] });
    await db.insertInto('user_store').values([{ user_id: frontDesk.userId, store_id: a.storeId }, { user_id: frontDesk.userId, store_id: b.storeId }, { user_id: frontDeskA.userId, store_id: a.storeId }]).execute();
    const idsIn = (o: WorkplaceOverview, list: 'checkIns' | 'checkOuts', stores: string[]) =>
      o.stays![list].filter((r) => stores.includes(r.storeName)).map((r) => [r.id, r.done]);
    const names = async (...ids: string[]) => (await db.selectFrom('store').select('name').where('id', 'in', ids).orderBy('name').execute()).map((r) => r.name);
    const both = await names(a.storeId, b.storeId);

    const seen = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: frontDesk.token }));
    expect(idsIn(seen, 'checkIns', both).sort()).toEqual(
      [
        [arriving, false],
        [arrived, true],
        [otherStore, false],
      ].sort(),
    );
    expect(idsIn(seen, 'checkOuts', both).sort()).toEqual(
      [
        [leaving, false],
        [left, true],
      ].sort(),
    );
    // Only her stores' stays: everything listed is of store A, and exactly the prepared ones.
    const scoped = await resultOf(t.post<WorkplaceOverview>(W.overview.path, {}, { token: frontDeskA.token }));
    expect(scoped.stays!.checkIns.map((r) => r.id).sort()).toEqual([arriving, arrived].sort());
    expect(scoped.stays!.checkOuts.map((r) => r.id).sort()).toEqual([leaving, left].sort());
    expect(scoped.stays!.checkIns[0]).toMatchObject({ storeName: (await names(a.storeId))[0] });
  });

  it('asks for a session', async () => {
    expect((await app.t.post(W.overview.path, {})).status).toBe(401);
    expect((await app.t.post(W.tasks.path, {})).status).toBe(401);
  });
});
