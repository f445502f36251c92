import { describe, expect, it } from 'vitest';
import { addDays, Permission, serviceOrderContract, serviceOrderExportContract, ServiceOrderText, type Allowance, type PageResult, type ServiceOrder, type ServiceOrderFormContext } from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, type RouteCall, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { allowanceOf, servicesOfCustomer } from './service-order.service.js';
import { joinStore, serviceWorld } from './service-order.test-fixtures.js';

const R = { ...Object.fromEntries(Object.entries(serviceOrderContract).map(([name, c]) => [name, c.path])), exportXls: serviceOrderExportContract.path } as Record<keyof typeof serviceOrderContract | 'exportXls', string>;

const RECOVERY = { serviceItem: 'postpartum_recovery', quantity: 2 };
const LACTATION = { serviceItem: 'lactation', onDemand: true };
const SWIM = { serviceItem: 'baby_swim', quantity: 5, validDays: 3 };

describe('服务单', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const add = (body: Record<string, unknown>, token = ctx.admin) => resultOf(post<ServiceOrder[]>(R.add, { scheduledAt: '2026-12-01 09:30', ...body }, token));
  const stored = (id: string) => ctx.db.selectFrom('service_order').select(['status', 'version', 'executor_id', 'completed_at']).where('id', '=', id).executeTakeFirstOrThrow();
  const changes = (id: string) => ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state', 'reason']).where('record_id', '=', id).orderBy('changed_at').execute();
  /** Takes a new service order to 服务中 and answers it. */
  const inService = async (body: Record<string, unknown>) => {
    const [so] = await add(body);
    const dispatched = await resultOf(post<ServiceOrder>(R.dispatch, { id: so!.id, version: so!.version, executorId: ctx.adminId }));
    return resultOf(post<ServiceOrder>(R.start, { id: so!.id, version: dispatched.version }));
  };
  const complete = (so: ServiceOrder, body: Record<string, unknown> = {}) => post<ServiceOrder>(R.complete, { id: so.id, version: so.version, ...body });

  it('adds under a 已确认 / 已入住 order, one a day for N days, 已派工 with an executor; lists with filters', async () => {
    const w = await serviceWorld(ctx, 'SOA', [RECOVERY, LACTATION, SWIM]);
    const { userId: nurseUser } = await signedInUser(ctx.t, 'so_executor');
    await joinStore(ctx, nurseUser, w.store.id);

    const [one] = await add({ orderId: w.orderId, serviceItem: 'postpartum_recovery', remark: '上午' });
    expect(one).toMatchObject({ orderId: w.orderId, customerId: w.customerId, customerName: 'SOA妈妈', storeId: w.store.id, storeName: 'SOA门店', subject: 'mother', babyId: null, serviceItem: 'postpartum_recovery', source: 'package', quantity: 1, scheduledAt: '2026-12-01 09:30:00', status: 'pending', executorId: null, remark: '上午', version: 1 });
    expect(one!.serviceNo).toMatch(/^FW/);
    expect(one!.orderNo).toMatch(/^DD/);

    const batch = await add({ orderId: w.orderId, subject: 'baby', babyId: w.babyId, serviceItem: 'baby_swim', scheduledAt: '2026-12-02 15:00', days: 3, executorId: nurseUser });
    expect(batch.map((b) => [b.scheduledAt, b.status, b.executorId, b.babyName])).toEqual([
      ['2026-12-02 15:00:00', 'dispatched', nurseUser, 'SOA宝宝'],
      ['2026-12-03 15:00:00', 'dispatched', nurseUser, 'SOA宝宝'],
      ['2026-12-04 15:00:00', 'dispatched', nurseUser, 'SOA宝宝'],
    ]);
    expect(new Set(batch.map((b) => b.serviceNo)).size).toBe(3);
    expect(await changes(batch[0]!.id)).toEqual([{ event: 'dispatch', from_state: 'pending', to_state: 'dispatched', reason: '' }]);
    const [extra] = await add({ orderId: w.orderId, serviceItem: 'full_moon_photo', source: 'extra', quantity: 2, scheduledAt: '2026-12-20 10:00' });
    expect(extra).toMatchObject({ source: 'extra', quantity: 2 });

    const ids = async (q: Record<string, unknown>) => (await resultOf(post<PageResult<ServiceOrder>>(R.list, { storeId: w.store.id, pageSize: 50, ...q }))).records.map((r) => r.id);
    expect(await ids({})).toEqual([extra!.id, ...batch.map((b) => b.id).reverse(), one!.id]);
    expect(await ids({ column: 'scheduledAt', order: 'asc' })).toEqual([one!.id, ...batch.map((b) => b.id), extra!.id]);
    expect(await ids({ status: 'pending' })).toEqual([extra!.id, one!.id]);
    expect(await ids({ subject: 'baby' })).toHaveLength(3);
    expect(await ids({ serviceItem: 'postpartum_recovery' })).toEqual([one!.id]);
    expect(await ids({ source: 'extra' })).toEqual([extra!.id]);
    expect(await ids({ executorId: nurseUser })).toHaveLength(3);
    expect(await ids({ dateFrom: '2026-12-03', dateTo: '2026-12-04' })).toEqual([batch[2]!.id, batch[1]!.id]);
    expect(await ids({ customerName: 'SOA' })).toHaveLength(5);
    expect(await ids({ customerName: '别人' })).toEqual([]);
    expect(await ids({ orderNo: one!.orderNo!.slice(2, 10), orderId: w.orderId, customerId: w.customerId })).toHaveLength(5);
    expect((await post(R.list, { status: 'lost' })).body.code).toBe('101');
    expect((await post(R.list, { column: 'remark' })).body).toMatchObject({ code: '101' });
    expect(await resultOf(post<ServiceOrder>(R.queryById, { id: one!.id }))).toEqual(one);
    expect((await post(R.queryById, { id: MISSING_ID })).status).toBe(404);

    // The 360 page reads a customer's services; the add form reads the order's babies and people.
    expect((await servicesOfCustomer(ctx.db, { userId: ctx.adminId, companyId: ctx.companyId, sessionId: 'x', username: 'admin', departmentId: null }, w.customerId)).map((s) => s.id)).toHaveLength(5);
    const form = await resultOf(post<ServiceOrderFormContext>(R.formContext, { orderId: w.orderId }));
    expect(form.babies).toEqual([{ id: w.babyId, name: 'SOA宝宝' }]);
    expect(form.executors.map((e) => e.id).sort()).toEqual([ctx.adminId, nurseUser].sort());
    expect(form.allowance.items.map((i) => i.serviceItem)).toEqual(['postpartum_recovery', 'lactation', 'baby_swim']);
    const options = await resultOf(post<{ id: string }[]>(R.orderOptions, { keyword: 'SOA' }));
    expect(options.map((o) => o.id)).toEqual([w.orderId]);
  });

  it('refuses what cannot be scheduled, changing nothing', async () => {
    const w = await serviceWorld(ctx, 'SOB', [RECOVERY]);
    const other = await serviceWorld(ctx, 'SOC', [RECOVERY], { status: 'draft' });
    const refusal = async (body: Record<string, unknown>) => (await post(R.add, { orderId: w.orderId, serviceItem: 'postpartum_recovery', scheduledAt: '2026-12-01 09:30', ...body })).body;
    expect(await refusal({ orderId: other.orderId })).toMatchObject({ code: '101', message: ServiceOrderText.orderNotServable('草稿') });
    expect(await refusal({ subject: 'baby', babyId: other.babyId })).toMatchObject({ code: '101', message: ServiceOrderText.babyMissing });
    expect(await refusal({ subject: 'baby' })).toMatchObject({ code: '101', message: `babyId: ${ServiceOrderText.babyRequired}` });
    expect(await refusal({ serviceItem: 'lactation' })).toMatchObject({ code: '101', message: ServiceOrderText.notInPackage('催乳通乳') });
    expect(await refusal({ serviceItem: 'no_such_item', source: 'extra' })).toMatchObject({ code: '101' });
    const { userId: stranger } = await signedInUser(ctx.t, 'so_stranger');
    expect(await refusal({ executorId: stranger })).toMatchObject({ code: '101', message: ServiceOrderText.executorMissing });
    expect(await refusal({ scheduledAt: '2026-13-01 09:00' })).toMatchObject({ code: '101' });
    expect(await refusal({ days: 61 })).toMatchObject({ code: '101' });
    expect((await post(R.add, { orderId: MISSING_ID, serviceItem: 'postpartum_recovery', scheduledAt: '2026-12-01 09:30' })).status).toBe(404);
    expect(await ctx.db.selectFrom('service_order').select('id').where('order_id', 'in', [w.orderId, other.orderId]).execute()).toEqual([]);
  });

  it('moves 待派工 → 已派工 → 服务中 → 已完成 through the machine, recording each move; refusals change nothing', async () => {
    const w = await serviceWorld(ctx, 'SOD', [RECOVERY]);
    const [so] = await add({ orderId: w.orderId, serviceItem: 'postpartum_recovery' });
    const id = so!.id;
    expect((await post(R.complete, { id, version: 1 })).body).toMatchObject({ code: '101', message: '服务单当前状态为「待派工」，不能完成服务' });
    expect((await post(R.start, { id, version: 1 })).body).toMatchObject({ code: '101', message: '服务单当前状态为「待派工」，不能开始服务' });
    expect((await post(R.dispatch, { id, version: 1 })).body).toMatchObject({ code: '101', message: `executorId: ${ServiceOrderText.executorRequired}` });
    expect((await post(R.dispatch, { id, version: 1, executorId: MISSING_ID })).body).toMatchObject({ code: '101', message: ServiceOrderText.executorMissing });
    expect(await stored(id)).toMatchObject({ status: 'pending', version: 1 });

    // A nurse named on the service must be one of the company's, not 离职.
    expect((await post(R.dispatch, { id, version: 1, executorId: ctx.adminId, nurseId: MISSING_ID })).body).toMatchObject({ code: '101', message: ServiceOrderText.nurseMissing });
    const nurse = await resultOf(post<{ id: string }>('/online/monthlyNurse/add', { name: '服务阿姨', phone: '13712340000', level: 'middle', practiceType: 'confinement_nurse', serviceType: 'center', employment: 'employee', price26Days: '9800', storeId: w.store.id }));
    const dispatched = await resultOf(post<ServiceOrder>(R.dispatch, { id, version: 1, executorId: ctx.adminId, nurseId: nurse.id }));
    expect(dispatched).toMatchObject({ status: 'dispatched', executorId: ctx.adminId, nurseId: nurse.id, version: 2 });
    // Stale version refused.
    expect((await post(R.start, { id, version: 1 })).body).toMatchObject({ code: '101' });
    const started = await resultOf(post<ServiceOrder>(R.start, { id, version: 2 }));
    expect(started).toMatchObject({ status: 'in_service', version: 3 });
    expect(started.startedAt).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect((await post(R.complete, { id, version: 3, consumables: [{ name: '', quantity: 1 }] })).body).toMatchObject({ code: '101' });
    const done = await resultOf(complete(started, { result: '恢复良好', consumables: [{ name: '艾灸条', quantity: 2 }] }));
    expect(done).toMatchObject({ status: 'completed', result: '恢复良好', consumables: [{ name: '艾灸条', quantity: 2 }], version: 4 });
    expect(done.completedAt).not.toBeNull();
    expect((await post(R.cancel, { id, version: 4, reason: '客户要求' })).body).toMatchObject({ code: '101', message: '服务单当前状态为「已完成」，不能取消' });
    expect((await changes(id)).map((c) => `${c.event}:${c.from_state}→${c.to_state}`)).toEqual(['dispatch:pending→dispatched', 'start:dispatched→in_service', 'complete:in_service→completed']);

    const [other] = await add({ orderId: w.orderId, serviceItem: 'postpartum_recovery' });
    expect((await post(R.cancel, { id: other!.id, version: 1, reason: ' ' })).body).toMatchObject({ code: '101', message: 'reason: 请输入取消原因!' });
    expect(await resultOf(post<ServiceOrder>(R.cancel, { id: other!.id, version: 1, reason: '客户外出' }))).toMatchObject({ status: 'cancelled', cancelReason: '客户外出' });
    expect(await changes(other!.id)).toEqual([{ event: 'cancel', from_state: 'pending', to_state: 'cancelled', reason: '客户外出' }]);
  });

  it('consumes the package allowance: used up and expired items are refused, 按需 and 加购 never', async () => {
    const w = await serviceWorld(ctx, 'SOE', [RECOVERY, LACTATION, SWIM], { checkedInDaysAgo: 5 });
    for (let i = 0; i < 2; i++) await resultOf(complete(await inService({ orderId: w.orderId, serviceItem: 'postpartum_recovery' })));
    const third = await inService({ orderId: w.orderId, serviceItem: 'postpartum_recovery' });
    expect((await complete(third)).body).toMatchObject({ code: '101', message: '套餐内「产后康复」已用完（2/2次），如需继续请按加购下单' });
    expect(await stored(third.id)).toMatchObject({ status: 'in_service', completed_at: null });
    // A package service of two times does not fit into what is left either.
    const w2 = await serviceWorld(ctx, 'SOF', [RECOVERY]);
    const double = await inService({ orderId: w2.orderId, serviceItem: 'postpartum_recovery', quantity: 2 });
    await resultOf(complete(await inService({ orderId: w2.orderId, serviceItem: 'postpartum_recovery' })));
    expect((await complete(double)).body).toMatchObject({ code: '101', message: ServiceOrderText.usedUp('产后康复', 1, 2) });

    // 加购 is extra; 按需 is unlimited.
    await resultOf(complete(await inService({ orderId: w.orderId, serviceItem: 'postpartum_recovery', source: 'extra' })));
    for (let i = 0; i < 3; i++) await resultOf(complete(await inService({ orderId: w.orderId, serviceItem: 'lactation' })));
    // 婴儿游泳 is valid 3 days from the check-in 5 days ago.
    const swim = await inService({ orderId: w.orderId, serviceItem: 'baby_swim' });
    const allowance = await resultOf(post<Allowance>(R.allowance, { orderId: w.orderId }));
    const until = allowance.items.find((i) => i.serviceItem === 'baby_swim')!.validUntil!;
    expect((await complete(swim)).body).toMatchObject({ code: '101', message: ServiceOrderText.expired('婴儿游泳', until) });
    expect((await resultOf(complete(await inService({ orderId: w.orderId, serviceItem: 'baby_swim', source: 'extra' })))).status).toBe('completed');

    expect(allowance.startDate).toBe(addDays(until, -2));
    expect(allowance.items).toEqual([
      { serviceItem: 'postpartum_recovery', onDemand: false, total: 2, used: 2, remaining: 0, validDays: null, validUntil: null },
      { serviceItem: 'lactation', onDemand: true, total: null, used: 3, remaining: null, validDays: null, validUntil: null },
      { serviceItem: 'baby_swim', onDemand: false, total: 5, used: 0, remaining: 5, validDays: 3, validUntil: until },
    ]);
    expect(await allowanceOf(ctx.db, ctx.companyId, w.orderId)).toEqual(allowance);
  });

  it(`lets exactly N of 200 concurrent 套餐内 completions through`, { timeout: 120_000 }, async () => {
    const N = 7;
    const w = await serviceWorld(ctx, 'SOG', [{ serviceItem: 'postpartum_recovery', quantity: N }]);
    const rows = Array.from({ length: 200 }, (_, i) => ({
      company_id: ctx.companyId, service_no: `SOG${String(i).padStart(4, '0')}`, order_id: w.orderId, customer_id: w.customerId, store_id: w.store.id,
      service_item: 'postpartum_recovery', scheduled_at: new Date(), executor_id: ctx.adminId, status: 'in_service' as const, consumables: '[]',
    }));
    const ids = (await ctx.db.insertInto('service_order').values(rows).returning('id').execute()).map((r) => r.id);
    const answers = await Promise.all(ids.map((id) => post(R.complete, { id, version: 1 })));
    const ok = answers.filter((a) => a.body.code === '0');
    expect(ok).toHaveLength(N);
    expect(new Set(answers.filter((a) => a.body.code !== '0').map((a) => a.body.message))).toEqual(new Set([ServiceOrderText.usedUp('产后康复', N, N)]));
    const completed = await ctx.db.selectFrom('service_order').select((eb) => eb.fn.countAll<string>().as('n')).where('order_id', '=', w.orderId).where('status', '=', 'completed').executeTakeFirstOrThrow();
    expect(Number(completed.n)).toBe(N);
    expect((await allowanceOf(ctx.db, ctx.companyId, w.orderId)).items[0]).toMatchObject({ used: N, remaining: 0 });
  });

  it('exports the filtered list with labels', async () => {
    const w = await serviceWorld(ctx, 'SOH', [RECOVERY]);
    const [so] = await add({ orderId: w.orderId, subject: 'baby', babyId: w.babyId, serviceItem: 'postpartum_recovery', remark: '=1+1' });
    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { storeId: w.store.id }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['服务单号', '订单号', '客户', '门店', '服务对象', '服务项目', '来源', '次数', '预约时间', '执行人', '状态', '开始时间', '完成时间', '服务结果', '耗材', '取消原因', '备注']);
    expect(rows.slice(1)).toEqual([[so!.serviceNo, so!.orderNo, 'SOH妈妈', 'SOH门店', '宝宝（SOH宝宝）', '产后康复', '套餐内', '1', '2026-12-01 09:30:00', '', '待派工', '', '', '', '', '', expect.stringContaining('=1+1')]]);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'so_nobody');
    const id = MISSING_ID;
    const calls: RouteCall<typeof R>[] = [
      ['list', '', {}],
      ['queryById', '', { id }],
      ['allowance', '', { orderId: id }],
      ['orderOptions', '', {}],
      ['formContext', '', { orderId: id }],
      ['add', '', { orderId: id, serviceItem: 'x', scheduledAt: '2026-12-01 09:00' }],
      ['dispatch', '', { id, version: 1, executorId: id }],
      ['start', '', { id, version: 1 }],
      ['complete', '', { id, version: 1 }],
      ['cancel', '', { id, version: 1, reason: '因' }],
      ['exportXls', '', {}],
    ];
    await expectEachForbidden(ctx.t, R, calls, token);
    // Seeing services does not let one move them.
    const viewer = await signedInUser(ctx.t, 'so_viewer', { actions: [Permission.serviceOrderList] });
    await expectEachForbidden(ctx.t, R, calls.filter(([name]) => !['list', 'queryById', 'allowance', 'formContext'].includes(name)), viewer.token);
  });

  it('keeps a 店长 to her stores and an executor to her services, by list and by id', async () => {
    const mine = await serviceWorld(ctx, 'SOI', [RECOVERY]);
    const theirs = await serviceWorld(ctx, 'SOJ', [RECOVERY]);
    const [own] = await add({ orderId: mine.orderId, serviceItem: 'postpartum_recovery' });
    const [other] = await add({ orderId: theirs.orderId, serviceItem: 'postpartum_recovery' });
    const actions = Object.values(Permission).filter((a) => a.startsWith('serve:serviceOrder:'));
    const manager = await signedInUser(ctx.t, 'so_manager', { actions, paths: ['/serve/serviceOrder', '/trade/order'] });
    await joinStore(ctx, manager.userId, mine.store.id);
    const token = manager.token;
    const ownStores = { columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}' };
    // Her services and the orders she may schedule them under: both by her stores.
    await withDataRule(ctx.t, ctx.admin, '/trade/order', { resource: 'order', name: '本门店订单', ...ownStores }, () =>
    withDataRule(ctx.t, ctx.admin, '/serve/serviceOrder', { resource: 'service_order', name: '本门店服务单', ...ownStores }, async () => {
      expect((await resultOf(post<PageResult<ServiceOrder>>(R.list, { pageSize: 500 }, token))).records.map((r) => r.id)).toEqual([own!.id]);
      expect((await exportXlsx(ctx.t, R.exportXls, {}, token)).rows.slice(1).map((r) => r[0])).toEqual([own!.serviceNo]);
      expect((await post(R.queryById, { id: other!.id }, token)).status).toBe(404);
      expect((await post(R.dispatch, { id: other!.id, version: 1, executorId: manager.userId }, token)).status).toBe(404);
      expect((await post(R.start, { id: other!.id, version: 1 }, token)).status).toBe(404);
      expect((await post(R.complete, { id: other!.id, version: 1 }, token)).status).toBe(404);
      expect((await post(R.cancel, { id: other!.id, version: 1, reason: '越权' }, token)).status).toBe(404);
      expect((await post(R.allowance, { orderId: theirs.orderId }, token)).status).toBe(404);
      expect((await post(R.formContext, { orderId: theirs.orderId }, token)).status).toBe(404);
      expect((await post(R.add, { orderId: theirs.orderId, serviceItem: 'postpartum_recovery', scheduledAt: '2026-12-01 09:00' }, token)).status).toBe(404);
      expect((await resultOf(post<{ id: string }[]>(R.orderOptions, {}, token))).map((o) => o.id)).toEqual([mine.orderId]);
      // Her own store's services she runs.
      expect(await resultOf(post<ServiceOrder>(R.dispatch, { id: own!.id, version: 1, executorId: manager.userId }, token))).toMatchObject({ status: 'dispatched' });
      expect((await add({ orderId: mine.orderId, serviceItem: 'postpartum_recovery' }, token))[0]!.storeId).toBe(mine.store.id);
    }));
    expect(await stored(other!.id)).toMatchObject({ status: 'pending', version: 1 });
    expect(await ctx.db.selectFrom('service_order').select('id').where('order_id', '=', theirs.orderId).execute()).toHaveLength(1);

    // 我的服务: a rule on the executor.
    await withDataRule(ctx.t, ctx.admin, '/serve/serviceOrder', { resource: 'service_order', name: '我的服务', columnKey: 'executorId', condition: '=', value: '#{sys_user_id}' }, async () => {
      expect((await resultOf(post<PageResult<ServiceOrder>>(R.list, { pageSize: 500 }, token))).records.map((r) => r.id)).toEqual([own!.id]);
    });
  });
});
