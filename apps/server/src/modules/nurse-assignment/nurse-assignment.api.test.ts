import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorText, formatDateTime, nurseAssignmentContract as c, Permission, type NurseAssignment, type PageResult } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { customerOf, nurseOf, orderFor, storeWorld, type StoreWorld } from './nurse-assignment.test-data.js';

const today = () => formatDateTime(new Date(), 'YYYY-MM-DD');

describe('月嫂派工: 新增, 审核, 上户, 下户, 换人, 取消', () => {
  const ctx = useAdminApp();
  // Written before 四眼原则: one person records and audits here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(ctx.db));
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const ok = <T = NurseAssignment>(url: string, body: Record<string, unknown>, token = ctx.admin) => resultOf(post<T>(url, body, token));
  const refusal = async (url: string, body: Record<string, unknown>, token = ctx.admin) => (await post(url, body, token)).body.message;
  const nurseStatus = async (id: string) => (await ctx.db.selectFrom('monthly_nurse').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;
  const statusOf = async (id: string) => (await ctx.db.selectFrom('nurse_assignment').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

  /** A store, a nurse and a confirmed order; an assignment of her to it from `start` for `days` days. */
  async function dispatched(o: { start?: string; days?: number; audit?: boolean; s?: StoreWorld } = {}) {
    const s = o.s ?? (await storeWorld(world()));
    const nurse = await nurseOf(world(), s, { name: '王阿姨' });
    const order = await orderFor(world(), s, { checkIn: o.start ?? today(), days: 26, name: '李女士' });
    let a = await ok(c.add.path, { nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', address: '3号楼', startDate: o.start ?? today(), days: o.days ?? 26, dailyRate: '300' });
    if (o.audit !== false) a = await ok(c.audit.path, { id: a.id, version: a.version });
    return { s, nurse, order, a };
  }

  it('新增 writes a 待审核 assignment numbered PG…, its end the start plus the days; edited only while 待审核, at the version read', async () => {
    const { s, nurse, order, a } = await dispatched({ start: '2031-03-01', audit: false });
    expect(a).toMatchObject({
      assignmentNo: expect.stringMatching(/^PG/),
      nurseId: nurse.id, nurseName: '王阿姨', nurseNo: nurse.nurseNo, orderId: order.orderId, orderNo: order.orderNo, customerId: order.customerId, customerName: '李女士',
      storeId: s.storeId, serviceForm: 'center', address: '3号楼', startDate: '2031-03-01', endDate: '2031-03-27', days: 26, dailyRate: '300.00', status: 'pending_audit', actualStart: null,
    });
    expect(await ok(c.queryById.path, { id: a.id })).toMatchObject({ id: a.id, version: a.version });

    const edit = { id: a.id, version: a.version, nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', address: '5号楼', startDate: '2031-03-02', days: 28, dailyRate: '320.50' };
    expect(await refusal(c.edit.path, { ...edit, version: a.version + 1 })).toBe(ErrorText.staleVersion);
    const edited = await ok(c.edit.path, edit);
    expect(edited).toMatchObject({ address: '5号楼', startDate: '2031-03-02', endDate: '2031-03-30', days: 28, dailyRate: '320.50', version: a.version + 1 });
    expect(await refusal(c.audit.path, { id: a.id, version: a.version })).toBe(ErrorText.staleVersion);
    const audited = await ok(c.audit.path, { id: a.id, version: edited.version });
    expect(audited).toMatchObject({ status: 'dispatched', auditedAt: expect.any(String) });
    expect(await refusal(c.edit.path, { ...edit, version: audited.version })).toBe('派工单当前为「已派工」，只有待审核的派工单可以编辑');
    expect(await refusal(c.audit.path, { id: a.id, version: audited.version })).toBe('派工单当前状态为「已派工」，不能审核');
  });

  it('refuses a nurse 休息 or 离职, an order not 已确认/已入住, a customer without order unless 到家, a bad rate or day count', async () => {
    const s = await storeWorld(world());
    const order = await orderFor(world(), s, { checkIn: '2031-05-01', days: 26 });
    const base = { orderId: order.orderId, serviceForm: 'center', startDate: '2031-05-01', days: 26, dailyRate: '300' };
    const resting = await nurseOf(world(), s, { name: '休息的阿姨', status: 'resting' });
    const left = await nurseOf(world(), s, { name: '离职的阿姨', status: 'left' });
    expect(await refusal(c.add.path, { ...base, nurseId: resting.id })).toBe('月嫂「休息的阿姨」当前为「休息」，不能派工');
    expect(await refusal(c.add.path, { ...base, nurseId: left.id })).toBe('月嫂「离职的阿姨」当前为「离职」，不能派工');
    expect(await refusal(c.add.path, { ...base, nurseId: MISSING_ID })).toBe('月嫂不存在');
    const nurse = await nurseOf(world(), s);
    const draft = await orderFor(world(), s, { checkIn: '2031-05-01', days: 26, status: 'draft' });
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, orderId: draft.orderId })).toBe('订单当前状态为「草稿」，只有已确认或已入住的订单可以派工');
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, orderId: MISSING_ID })).toBe('订单不存在或不在您的数据范围内');
    const other = await customerOf(world(), s);
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, customerId: other.customerId })).toBe('所选客户与订单的客户不一致');
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, orderId: null, customerId: other.customerId })).toBe('请选择订单（无订单的派工仅限到家服务）');
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, dailyRate: '12.345' })).toContain('请输入正确的日薪');
    expect(await refusal(c.add.path, { ...base, nurseId: nurse.id, days: 0 })).toContain('服务天数必须是1到365之间的整数');
    expect(await refusal(c.add.path, { ...base, nurseId: undefined })).toContain('请选择月嫂');
    // 到家 without an order: the customer's store.
    const home = await ok(c.add.path, { ...base, nurseId: nurse.id, orderId: null, customerId: other.customerId, serviceForm: 'home', address: '幸福路1号' });
    expect(home).toMatchObject({ orderId: null, orderNo: null, customerId: other.customerId, storeId: s.storeId, serviceForm: 'home', status: 'pending_audit' });
    expect(await ctx.db.selectFrom('nurse_assignment').select('id').where('nurse_id', 'in', [resting.id, left.id]).execute()).toEqual([]);
  });

  it('refuses an overlap with the nurse\'s other work naming it; a cancelled one frees its days; the 下户 day is the next job\'s first', async () => {
    const { s, nurse, a } = await dispatched({ start: '2031-07-01' });
    const order = await orderFor(world(), s, { checkIn: '2031-07-20', days: 26 });
    const add = (startDate: string, days: number) => post<NurseAssignment>(c.add.path, { nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', startDate, days, dailyRate: '300' });
    expect((await add('2031-07-26', 10)).body.message).toBe(`该月嫂在所选日期已有派工「${a.assignmentNo}」`);
    expect((await add('2031-06-20', 12)).body.message).toBe(`该月嫂在所选日期已有派工「${a.assignmentNo}」`);
    const next = await resultOf(add('2031-07-27', 10));
    expect(next).toMatchObject({ startDate: '2031-07-27', status: 'pending_audit' });
    // An edit into the other's days is refused the same way, and changes nothing.
    expect(await refusal(c.edit.path, { id: next.id, version: next.version, nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', startDate: '2031-07-25', days: 10, dailyRate: '300' })).toBe(`该月嫂在所选日期已有派工「${a.assignmentNo}」`);
    expect(await ok(c.queryById.path, { id: next.id })).toMatchObject({ startDate: '2031-07-27', version: next.version });

    expect(await refusal(c.cancel.path, { id: a.id, version: a.version, reason: '' })).toContain('请输入取消原因');
    expect(await ok(c.cancel.path, { id: a.id, version: a.version, reason: '客户改期' })).toMatchObject({ status: 'cancelled', cancelReason: '客户改期' });
    expect(await refusal(c.cancel.path, { id: a.id, version: a.version + 1, reason: '再取消' })).toBe('派工单当前状态为「已取消」，不能取消');
    expect(await resultOf(add('2031-07-01', 26))).toMatchObject({ status: 'pending_audit' });
  });

  it('上户 (today by default, never later) makes the nurse 上户中; 下户 not before 上户 makes her 在职 again; a completed job holds only its actual days', async () => {
    const { nurse, order, a } = await dispatched({ start: addDays(today(), -3) });
    expect(await refusal(c.finish.path, { id: a.id, version: a.version })).toBe('派工单当前状态为「已派工」，不能下户');
    expect(await refusal(c.start.path, { id: a.id, version: a.version, actualStart: addDays(today(), 1) })).toBe('实际上户日期不能晚于今天');
    expect(await refusal(c.start.path, { id: a.id, version: a.version + 1 })).toBe(ErrorText.staleVersion);
    const started = await ok(c.start.path, { id: a.id, version: a.version, actualStart: addDays(today(), -2) });
    expect(started).toMatchObject({ status: 'in_service', actualStart: addDays(today(), -2) });
    expect(await nurseStatus(nurse.id)).toBe('on_duty');
    expect(await refusal(c.cancel.path, { id: a.id, version: started.version, reason: '不要了' })).toBe('派工单当前状态为「服务中」，不能取消');

    expect(await refusal(c.finish.path, { id: a.id, version: started.version, actualEnd: addDays(today(), -3) })).toBe(`实际下户日期不能早于实际上户日期（${addDays(today(), -2)}）`);
    const done = await ok(c.finish.path, { id: a.id, version: started.version });
    expect(done).toMatchObject({ status: 'completed', actualEnd: today() });
    expect(await nurseStatus(nurse.id)).toBe('active');
    // Her planned days after today are free again.
    const later = await ok(c.add.path, { nurseId: nurse.id, orderId: order.orderId, serviceForm: 'center', startDate: today(), days: 5, dailyRate: '300' });
    expect(later.status).toBe('pending_audit');
    expect(await refusal(c.start.path, { id: a.id, version: done.version })).toBe('派工单当前状态为「已完成」，不能上户');
  });

  it('下户 of one job leaves a nurse 上户中 while another of hers is 服务中', async () => {
    const s = await storeWorld(world());
    const nurse = await nurseOf(world(), s);
    const o1 = await orderFor(world(), s, { checkIn: addDays(today(), -10), days: 5 });
    const o2 = await orderFor(world(), s, { checkIn: addDays(today(), -4), days: 26 });
    const add = async (orderId: string, start: string, days: number) => {
      const a = await ok(c.add.path, { nurseId: nurse.id, orderId, serviceForm: 'center', startDate: start, days, dailyRate: '300' });
      return ok(c.start.path, { id: a.id, version: (await ok(c.audit.path, { id: a.id, version: a.version })).version, actualStart: start });
    };
    const first = await add(o1.orderId, addDays(today(), -10), 5);
    const second = await add(o2.orderId, addDays(today(), -4), 26);
    await ok(c.finish.path, { id: first.id, version: first.version, actualEnd: addDays(today(), -5) });
    expect(await nurseStatus(nurse.id)).toBe('on_duty');
    await ok(c.finish.path, { id: second.id, version: second.version });
    expect(await nurseStatus(nurse.id)).toBe('active');
  });

  it('换人 of a job 服务中: the old one ends on the swap day, the new nurse\'s starts that day to the planned end, same rate unless given', async () => {
    const { s, nurse, a } = await dispatched({ start: addDays(today(), -5) });
    const b = await nurseOf(world(), s, { name: '赵阿姨' });
    const swap = (body: Record<string, unknown>) => post<NurseAssignment>(c.swap.path, { id: a.id, ...body });
    expect((await swap({ version: a.version, nurseId: b.id })).body.message).toBe('派工单当前为「已派工」，只有服务中的派工单可以换人');
    const started = await ok(c.start.path, { id: a.id, version: a.version, actualStart: addDays(today(), -5) });
    expect((await swap({ version: started.version, nurseId: nurse.id })).body.message).toBe('换人请选择另一位月嫂');
    expect((await swap({ version: started.version, nurseId: b.id, swapDate: addDays(today(), -5) })).body.message).toBe(`换人日期必须晚于上户日期（${addDays(today(), -5)}）且早于计划下户日期（${addDays(today(), 21)}）`);
    expect((await swap({ version: started.version + 1, nurseId: b.id })).body.message).toBe(ErrorText.staleVersion);
    const resting = await nurseOf(world(), s, { name: '孙阿姨', status: 'resting' });
    expect((await swap({ version: started.version, nurseId: resting.id })).body.message).toBe('月嫂「孙阿姨」当前为「休息」，不能派工');
    // The new nurse busy on those days: refused naming her job, nothing changed.
    const blocker = await orderFor(world(), s, { checkIn: addDays(today(), 10), days: 5 });
    const busy = await ok(c.add.path, { nurseId: b.id, orderId: blocker.orderId, serviceForm: 'center', startDate: addDays(today(), 10), days: 5, dailyRate: '300' });
    expect((await swap({ version: started.version, nurseId: b.id })).body.message).toBe(`该月嫂在所选日期已有派工「${busy.assignmentNo}」`);
    expect([await statusOf(a.id), await nurseStatus(nurse.id), await nurseStatus(b.id)]).toEqual(['in_service', 'on_duty', 'active']);
    await ok(c.cancel.path, { id: busy.id, version: busy.version, reason: '让位' });

    // Not ahead of time: a swap happens on a day that has come.
    expect((await swap({ version: started.version, nurseId: b.id, swapDate: addDays(today(), 1) })).body.message).toBe('换人日期不能晚于今天');
    const swapDay = addDays(today(), -2);
    const replaced = await resultOf(swap({ version: started.version, nurseId: b.id, swapDate: swapDay, reason: '客户要求换人' }));
    expect(replaced).toMatchObject({ nurseId: b.id, nurseName: '赵阿姨', status: 'in_service', startDate: swapDay, endDate: addDays(today(), 21), actualStart: swapDay, dailyRate: '300.00', replacesId: a.id, replacesNo: a.assignmentNo, orderId: a.orderId, customerId: a.customerId });
    expect(await ok(c.queryById.path, { id: a.id })).toMatchObject({ status: 'completed', actualEnd: swapDay });
    expect([await nurseStatus(nurse.id), await nurseStatus(b.id)]).toEqual(['active', 'on_duty']);

    const c2 = await nurseOf(world(), s, { name: '钱阿姨' });
    const again = await ok(c.swap.path, { id: replaced.id, version: replaced.version, nurseId: c2.id, dailyRate: '350' });
    expect(again).toMatchObject({ nurseId: c2.id, startDate: today(), dailyRate: '350.00', replacesNo: replaced.assignmentNo });
  });

  it('lists by store, status, nurse, customer or order no, period and service form, and exports', async () => {
    const s = await storeWorld(world());
    const one = await dispatched({ s, start: '2032-01-01' });
    const two = await dispatched({ s, start: '2032-03-01', audit: false });
    const list = (q: Record<string, unknown>) => ok<PageResult<NurseAssignment>>(c.list.path, { pageNo: 1, pageSize: 10, storeId: s.storeId, ...q });
    const nos = async (q: Record<string, unknown>) => (await list(q)).records.map((r) => r.assignmentNo);
    expect(await nos({})).toEqual([two.a.assignmentNo, one.a.assignmentNo]);
    expect(await nos({ column: 'startDate', order: 'asc' })).toEqual([one.a.assignmentNo, two.a.assignmentNo]);
    expect(await nos({ status: 'pending_audit' })).toEqual([two.a.assignmentNo]);
    expect(await nos({ nurseId: one.nurse.id })).toEqual([one.a.assignmentNo]);
    expect(await nos({ nurseName: one.nurse.nurseNo })).toEqual([one.a.assignmentNo]);
    expect(await nos({ keyword: two.order.orderNo })).toEqual([two.a.assignmentNo]);
    expect(await nos({ from: '2032-01-20', to: '2032-02-10' })).toEqual([one.a.assignmentNo]);
    expect(await nos({ serviceForm: 'home' })).toEqual([]);
    expect((await post(c.list.path, { pageNo: 1, pageSize: 10, from: '2032-13-01' })).body.message).toContain('日期不正确');
    const { status, rows } = await exportXlsx(ctx.t, c.exportXls.path, { storeId: s.storeId, status: 'dispatched' }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]?.slice(0, 4)).toEqual(['派工单号', '门店', '月嫂', '月嫂编号']);
    expect(rows.slice(1).map((r) => [r[0], r[2], r[6], r[10], r[14]])).toEqual([[one.a.assignmentNo, '王阿姨', '会所', '26', '已派工']]);
  });

  it('offers orders of the caller\'s order scope and nurses not 离职 to the form', async () => {
    const s = await storeWorld(world());
    const o = await orderFor(world(), s, { checkIn: '2032-05-01', days: 26, name: '周女士' });
    await orderFor(world(), s, { checkIn: '2032-05-01', days: 26, name: '周草稿', status: 'draft' });
    const options = await ok<{ orderNo: string; customerName: string }[]>(c.orderOptions.path, { keyword: '周', storeId: s.storeId });
    expect(options.map((x) => x.orderNo)).toEqual([o.orderNo]);
    const gone = await nurseOf(world(), s, { name: '吴离职', status: 'left' });
    const here = await nurseOf(world(), s, { name: '吴在职' });
    const nurses = await ok<{ id: string }[]>(c.nurseOptions.path, { keyword: '吴' });
    expect(nurses.map((n) => n.id)).toContain(here.id);
    expect(nurses.map((n) => n.id)).not.toContain(gone.id);
  });

  it('keeps a 店长 with a store rule to her store\'s assignments, by list and by id', async () => {
    const mine = await dispatched({ start: '2033-01-01' });
    const theirs = await dispatched({ start: '2033-01-01' });
    const all = Object.values(Permission).filter((a) => a.startsWith('serve:nurseAssignment:') || a.startsWith('trade:order:'));
    const { token, userId } = await signedInUser(ctx.t, 'na_manager', { actions: all, paths: ['/serve/nurseAssignment', '/trade/order'] });
    // Her store (本人门店), as the demo's 店长 rule on 月嫂派工 reads it.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.s.storeId }).execute();
    await withDataRule(ctx.t, ctx.admin, '/serve/nurseAssignment', { resource: 'nurse_assignment', name: '本门店派工', columnKey: 'storeId', condition: '=', value: mine.s.storeId }, async () => {
      const page = await ok<PageResult<NurseAssignment>>(c.list.path, { pageNo: 1, pageSize: 50 }, token);
      expect(page.records.map((r) => r.id)).toContain(mine.a.id);
      expect(page.records.map((r) => r.id)).not.toContain(theirs.a.id);
      const v = { id: theirs.a.id, version: theirs.a.version };
      for (const [path, body] of [
        [c.queryById.path, { id: theirs.a.id }],
        [c.edit.path, { ...v, nurseId: theirs.nurse.id, orderId: theirs.order.orderId, serviceForm: 'center', startDate: '2033-01-01', days: 5, dailyRate: '1' }],
        [c.audit.path, v],
        [c.start.path, v],
        [c.finish.path, v],
        [c.cancel.path, { ...v, reason: '越权' }],
        [c.swap.path, { ...v, nurseId: mine.nurse.id }],
      ] as const) {
        expect((await post(path, body, token)).body.code, path).toBe('404');
      }
      expect(await statusOf(theirs.a.id)).toBe('dispatched');
      // An assignment for the other store's order is refused (its order is outside her order scope) and not kept.
      const n = await nurseOf(world(), theirs.s);
      const o = await orderFor(world(), theirs.s, { checkIn: '2033-03-01', days: 3 });
      expect((await post(c.add.path, { nurseId: n.id, orderId: o.orderId, serviceForm: 'center', startDate: '2033-03-01', days: 3, dailyRate: '300' }, token)).body.message).toBe('订单不存在或不在您的数据范围内');
      expect(await ctx.db.selectFrom('nurse_assignment').select('id').where('nurse_id', '=', n.id).execute()).toEqual([]);
    });
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'na_nobody', { actions: [Permission.roomList] });
    const id = MISSING_ID;
    const v = { id, version: 1 };
    await expectEachForbidden(
      ctx.t,
      { list: c.list.path, byId: c.queryById.path, exportXls: c.exportXls.path, orders: c.orderOptions.path, nurses: c.nurseOptions.path, add: c.add.path, edit: c.edit.path, audit: c.audit.path, start: c.start.path, finish: c.finish.path, cancel: c.cancel.path, swap: c.swap.path },
      [
        ['list', '', { pageNo: 1, pageSize: 10 }],
        ['byId', '', { id }],
        ['exportXls', '', {}],
        ['orders', '', {}],
        ['nurses', '', {}],
        ['add', '', { nurseId: id, orderId: id, serviceForm: 'center', startDate: '2030-01-01', days: 1, dailyRate: '1' }],
        ['edit', '', { ...v, nurseId: id, orderId: id, serviceForm: 'center', startDate: '2030-01-01', days: 1, dailyRate: '1' }],
        ['audit', '', v],
        ['start', '', v],
        ['finish', '', v],
        ['cancel', '', { ...v, reason: 'x' }],
        ['swap', '', { ...v, nurseId: id }],
      ],
      token,
    );
  });
});
