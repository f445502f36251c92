import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, nurseSettlementContract, Permission, type NurseSettlement, type PageResult, type SettleableAssignment } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { addAssignment, payWorld } from './nurse-pay.test-fixtures.js';

const R = Object.fromEntries(Object.entries(nurseSettlementContract).map(([name, c]) => [name, c.path])) as Record<keyof typeof nurseSettlementContract, string>;
const STALE = '数据已被他人修改，请刷新后重试';

describe('月嫂结算', () => {
  const ctx = useAdminApp();
  // One person records and audits the 派工 here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(ctx.db));
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const generate = (assignmentId: string, items: unknown[] = [], token = ctx.admin) => resultOf(post<NurseSettlement>(R.add, { assignmentId, items }, token));

  it('settles a finished assignment: days × its daily rate, plus bonuses, minus deductions, in cents', async () => {
    const world = await payWorld(ctx, 'JSA');
    const job = await addAssignment(ctx, world, { days: 26, planned: 30, dailyRate: '346.15' });
    const s = await generate(job.id, [
      { kind: 'bonus', name: '好评奖', amount: '0.1' },
      { kind: 'bonus', name: '全勤奖', amount: '0.2' },
      { kind: 'deduction', name: '迟到', amount: '50.05' },
    ]);
    // 26 × 346.15 = 8999.90 (not 8999.899999…); 0.1 + 0.2 = 0.30; 8999.90 + 0.30 − 50.05 = 8950.15.
    expect(s).toMatchObject({
      assignmentId: job.id, assignmentNo: job.assignmentNo, nurseId: world.nurseId, nurseName: 'JSA阿姨', nurseNo: world.nurseNo, customerName: 'JSA妈妈', storeId: world.store.id, storeName: 'JSA门店',
      startDate: job.actualStart, endDate: job.actualEnd, days: 26, dailyRate: '346.15', baseAmount: '8999.90', bonus: '0.30', deduction: '50.05', total: '8950.15',
      status: 'pending_audit', version: 1,
    });
    expect(s.settlementNo).toMatch(/^JS\d{8}\d+$/);
    expect(s.items).toEqual([{ kind: 'bonus', name: '好评奖', amount: '0.1' }, { kind: 'bonus', name: '全勤奖', amount: '0.2' }, { kind: 'deduction', name: '迟到', amount: '50.05' }]);
    expect(await ctx.db.selectFrom('nurse_settlement').select(['total', 'base_amount', 'bonus', 'deduction']).where('id', '=', s.id).executeTakeFirstOrThrow()).toEqual({ total: '8950.15', base_amount: '8999.90', bonus: '0.30', deduction: '50.05' });

    // Days are the actual ones (下户 − 上户), whatever was planned: a job ended early after 20 days.
    const short = await generate((await addAssignment(ctx, world, { days: 20, planned: 26, dailyRate: '600' })).id);
    expect(short).toMatchObject({ days: 20, baseAmount: '12000.00', bonus: '0.00', deduction: '0.00', total: '12000.00' });
    // A deduction may bring the total to exactly zero, never below.
    const zero = await addAssignment(ctx, world, { days: 1, dailyRate: '100' });
    expect((await post(R.add, { assignmentId: zero.id, items: [{ kind: 'deduction', name: '损坏赔偿', amount: '100.01' }] })).body).toMatchObject({ code: '101', message: '结算金额不能为负数（当前 -0.01 元），请调整扣款' });
    expect(await generate(zero.id, [{ kind: 'deduction', name: '损坏赔偿', amount: '100' }])).toMatchObject({ total: '0.00' });
  });

  it('refuses an unfinished assignment, a second live settlement and bad items; a rejected one may be settled again', async () => {
    const world = await payWorld(ctx, 'JSB');
    const inService = await addAssignment(ctx, world, { until: 'in_service' });
    expect((await post(R.add, { assignmentId: inService.id })).body).toMatchObject({ code: '101', message: '派工单当前状态为「服务中」，只有已完成的派工可以结算' });
    expect((await post(R.add, { assignmentId: MISSING_ID })).status).toBe(404);
    expect((await post(R.add, { assignmentId: (await addAssignment(ctx, world)).id, items: [{ kind: 'bonus', name: '奖', amount: '0' }] })).body).toMatchObject({ code: '101' });
    expect((await post(R.add, { assignmentId: (await addAssignment(ctx, world)).id, items: [{ kind: 'bonus', name: '', amount: '1' }] })).body.message).toContain('请输入奖扣项目!');

    const job = await addAssignment(ctx, world);
    const first = await generate(job.id);
    expect((await post(R.add, { assignmentId: job.id })).body).toMatchObject({ code: '101', message: `该派工已结算「${first.settlementNo}」` });
    // Two at once: one wins, the other is told which.
    const racing = await addAssignment(ctx, world);
    const both = await Promise.all([1, 2].map(() => post<NurseSettlement>(R.add, { assignmentId: racing.id })));
    expect(both.map((r) => r.body.code).sort()).toEqual(['0', '101']);
    const winner = both.find((r) => r.body.code === '0')!.body.result;
    expect(both.find((r) => r.body.code === '101')!.body.message).toBe(`该派工已结算「${winner.settlementNo}」`);

    // The picker offers finished jobs without a live settlement only.
    const offered = async () => (await resultOf(post<SettleableAssignment[]>(R.settleable, { storeId: world.store.id }))).map((a) => a.id);
    expect(await offered()).not.toContain(job.id);
    expect(await offered()).not.toContain(inService.id);

    const rejected = await resultOf(post<NurseSettlement>(R.reject, { id: first.id, version: first.version, reason: '天数有误' }));
    expect(rejected).toMatchObject({ status: 'rejected', rejectReason: '天数有误', version: 2 });
    expect(await offered()).toContain(job.id);
    const again = await generate(job.id, [{ kind: 'bonus', name: '补发', amount: '10' }]);
    expect(again.settlementNo).not.toBe(first.settlementNo);
    expect(again.total).toBe('15610.00');
  });

  it('adjusts items while 待审核 under the version lock; 审核 and 驳回 move through the machine', async () => {
    const world = await payWorld(ctx, 'JSC');
    const s = await generate((await addAssignment(ctx, world, { days: 10, dailyRate: '500' })).id);
    const adjusted = await resultOf(post<NurseSettlement>(R.adjust, { id: s.id, version: s.version, items: [{ kind: 'bonus', name: '节日奖', amount: '200' }, { kind: 'deduction', name: '请假', amount: '33.33' }], remark: '已核对' }));
    expect(adjusted).toMatchObject({ bonus: '200.00', deduction: '33.33', total: '5166.67', baseAmount: '5000.00', remark: '已核对', version: 2, status: 'pending_audit' });
    expect((await post(R.adjust, { id: s.id, version: s.version, items: [] })).body).toMatchObject({ code: '101', message: STALE });
    expect((await post(R.adjust, { id: s.id, version: 2, items: [{ kind: 'deduction', name: '赔偿', amount: '6000' }] })).body).toMatchObject({ code: '101', message: '结算金额不能为负数（当前 -1000.00 元），请调整扣款' });
    expect((await post(R.audit, { id: s.id, version: 1 })).body).toMatchObject({ code: '101', message: STALE });
    expect((await post(R.reject, { id: s.id, version: 2, reason: ' ' })).body.message).toContain('请输入驳回原因!');

    const audited = await resultOf(post<NurseSettlement>(R.audit, { id: s.id, version: 2 }));
    expect(audited).toMatchObject({ status: 'audited', version: 3, total: '5166.67' });
    expect(audited.auditedAt).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(audited.auditedByName).not.toBeNull();
    expect((await post(R.adjust, { id: s.id, version: 3, items: [] })).body).toMatchObject({ code: '101', message: '结算单当前状态为「已审核」，不能调整' });
    expect((await post(R.reject, { id: s.id, version: 3, reason: '错' })).body).toMatchObject({ code: '101', message: '结算单当前状态为「已审核」，不能驳回' });
    expect((await post(R.audit, { id: s.id, version: 3 })).body).toMatchObject({ code: '101', message: '结算单当前状态为「已审核」，不能审核' });
    // An audited settlement stays live: the assignment is not settled again.
    expect((await post(R.add, { assignmentId: s.assignmentId })).body.message).toBe(`该派工已结算「${s.settlementNo}」`);
    const moves = await ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state']).where('record_id', '=', s.id).orderBy('changed_at').execute();
    expect(moves.map((m) => m.event)).toEqual(['adjust', 'audit']);
  });

  it('lists with store, status, nurse and period filters, sorts, and exports', async () => {
    const world = await payWorld(ctx, 'JSD');
    const other = await payWorld(ctx, 'JSE');
    const a = await generate((await addAssignment(ctx, world, { days: 26, dailyRate: '600' })).id);
    const b = await generate((await addAssignment(ctx, world, { days: 10, dailyRate: '300' })).id);
    const c = await generate((await addAssignment(ctx, other, { days: 5, dailyRate: '200' })).id);
    await resultOf(post(R.audit, { id: b.id, version: 1 }));

    const ids = async (q: Record<string, unknown>) => (await resultOf(post<PageResult<NurseSettlement>>(R.list, { pageSize: 100, ...q }))).records.map((r) => r.id);
    expect(await ids({ storeId: world.store.id })).toEqual([b.id, a.id]);
    expect(await ids({ storeId: world.store.id, column: 'total', order: 'asc' })).toEqual([b.id, a.id]);
    expect(await ids({ storeId: world.store.id, status: 'audited' })).toEqual([b.id]);
    expect(await ids({ nurseId: other.nurseId })).toEqual([c.id]);
    expect(await ids({ nurseName: 'JSE阿' })).toEqual([c.id]);
    expect(await ids({ nurseName: world.nurseNo })).toEqual([b.id, a.id]);
    // Period: the service days [上户, 下户) touch [from, to] (b's ended before a's began).
    expect(a.startDate! > b.endDate!).toBe(true);
    expect(await ids({ storeId: world.store.id, from: b.endDate!, to: '2099-01-01' })).toEqual([a.id]);
    expect(await ids({ storeId: world.store.id, from: addDays(b.endDate!, -1), to: b.endDate! })).toEqual([b.id]);
    expect(await ids({ storeId: world.store.id, from: b.startDate!, to: a.startDate! })).toEqual([b.id, a.id]);
    expect(await ids({ settlementNo: c.settlementNo })).toEqual([c.id]);
    expect((await post(R.list, { column: 'remark' })).body).toMatchObject({ code: '101', message: 'column: 不支持的排序字段' });

    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { storeId: world.store.id, status: 'audited' }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]!.slice(0, 4)).toEqual(['结算单号', '派工单号', '月嫂编号', '月嫂']);
    expect(rows.slice(1).map((r) => [r[0], r[8], r[9], r[13], r[15]])).toEqual([[b.settlementNo, '10', '300.00', '3000.00', '已审核']]);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'js_nobody');
    await expectEachForbidden(ctx.t, R, [
      ['list', '', {}],
      ['queryById', '', { id: MISSING_ID }],
      ['exportXls', '', {}],
      ['settleable', '', {}],
      ['add', '', { assignmentId: MISSING_ID }],
      ['adjust', '', { id: MISSING_ID, version: 1, items: [] }],
      ['audit', '', { id: MISSING_ID, version: 1 }],
      ['reject', '', { id: MISSING_ID, version: 1, reason: '错' }],
    ], token);
    // 审核 alone does not adjust or reject.
    const { token: auditor } = await signedInUser(ctx.t, 'js_auditor', { actions: [Permission.nurseSettlementAudit], paths: ['/finance/nurseSettlement'] });
    expect((await post(R.adjust, { id: MISSING_ID, version: 1, items: [] }, auditor)).status).toBe(403);
    expect((await post(R.reject, { id: MISSING_ID, version: 1, reason: '错' }, auditor)).status).toBe(403);
    expect((await post(R.audit, { id: MISSING_ID, version: 1 }, auditor)).status).toBe(404);
  });

  it('keeps a user with a store rule to that store: lists, picker, by id, generation and moves', async () => {
    const mine = await payWorld(ctx, 'JSF');
    const other = await payWorld(ctx, 'JSG');
    const theirs = await generate((await addAssignment(ctx, other)).id);
    const ours = await generate((await addAssignment(ctx, mine)).id);
    const theirJob = await addAssignment(ctx, other);
    const ourJob = await addAssignment(ctx, mine);
    const { token } = await signedInUser(ctx.t, 'js_scoped', {
      actions: [Permission.nurseSettlementList, Permission.nurseSettlementAdd, Permission.nurseSettlementEdit, Permission.nurseSettlementAudit, Permission.nurseSettlementReject],
      paths: ['/finance/nurseSettlement'],
    });
    await withDataRule(ctx.t, ctx.admin, '/finance/nurseSettlement', { resource: 'nurse_settlement', name: '本门店结算', columnKey: 'storeId', condition: '=', value: mine.store.id }, async () => {
      expect((await resultOf(post<PageResult<NurseSettlement>>(R.list, { pageSize: 100 }, token))).records.map((r) => r.id)).toEqual([ours.id]);
      expect((await post(R.queryById, { id: theirs.id }, token)).status).toBe(404);
      expect((await post(R.audit, { id: theirs.id, version: 1 }, token)).status).toBe(404);
      expect((await post(R.adjust, { id: theirs.id, version: 1, items: [] }, token)).status).toBe(404);
      expect((await post(R.reject, { id: theirs.id, version: 1, reason: '错' }, token)).status).toBe(404);
      const picker = (await resultOf(post<SettleableAssignment[]>(R.settleable, {}, token))).map((a) => a.id);
      expect(picker).toContain(ourJob.id);
      expect(picker).not.toContain(theirJob.id);
      expect((await post(R.add, { assignmentId: theirJob.id }, token)).status).toBe(404);
      expect(await ctx.db.selectFrom('nurse_settlement').select('id').where('assignment_id', '=', theirJob.id).execute()).toEqual([]);
      expect((await post(R.add, { assignmentId: ourJob.id }, token)).body.code).toBe('0');
      expect((await post(R.audit, { id: ours.id, version: 1 }, token)).body.code).toBe('0');
    });
    expect((await resultOf(post<NurseSettlement>(R.queryById, { id: theirs.id })))).toMatchObject({ status: 'pending_audit', version: 1 });
  });
});
