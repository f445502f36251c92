import { beforeAll, describe, expect, it } from 'vitest';
import { addDays, ErrorText, formatDateTime, nurseAssignmentContract as na, nurseEvaluationContract as c, Permission, type NurseAssignment, type NurseEvaluation, type PageResult } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { nurseOf, orderFor, storeWorld, type StoreWorld } from '../nurse-assignment/nurse-assignment.test-data.js';

const today = () => formatDateTime(new Date(), 'YYYY-MM-DD');
const aspects = { skill: 5, attitude: 4, hygiene: 5, communication: 3 };

describe('月嫂评价: one per 已完成 派工单, the nurse\'s rating follows', () => {
  const ctx = useAdminApp();
  // One person records and audits the 派工 here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(ctx.db));
  const world = () => ({ db: ctx.db, companyId: ctx.companyId });
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const ok = <T = NurseEvaluation>(url: string, body: Record<string, unknown>, token = ctx.admin) => resultOf(post<T>(url, body, token));
  const refusal = async (url: string, body: Record<string, unknown>, token = ctx.admin) => (await post(url, body, token)).body.message;
  const ratingOf = async (nurseId: string) => ctx.db.selectFrom('monthly_nurse').select(['rating', 'rating_count']).where('id', '=', nurseId).executeTakeFirstOrThrow();

  /** An assignment of `nurse` taken to `until` (待审核 … 已完成), `back` days ago. */
  async function job(s: StoreWorld, nurse: { id: string }, back: number, until: 'pending_audit' | 'completed' = 'completed', name?: string) {
    const start = addDays(today(), -back);
    const o = await orderFor(world(), s, { checkIn: start, days: 3, name });
    let a = await ok<NurseAssignment>(na.add.path, { nurseId: nurse.id, orderId: o.orderId, serviceForm: 'center', startDate: start, days: 3, dailyRate: '300' });
    if (until === 'pending_audit') return a;
    a = await ok<NurseAssignment>(na.audit.path, { id: a.id, version: a.version });
    a = await ok<NurseAssignment>(na.start.path, { id: a.id, version: a.version, actualStart: start });
    return ok<NurseAssignment>(na.finish.path, { id: a.id, version: a.version, actualEnd: addDays(start, 3) });
  }

  it('评价 of a 已完成 assignment sets the nurse\'s rating to the mean overall; a second one is refused; edits move the mean', async () => {
    const s = await storeWorld(world());
    const nurse = await nurseOf(world(), s, { name: '冯阿姨' });
    const first = await job(s, nurse, 20, 'completed', '陈女士');
    const second = await job(s, nurse, 10);
    expect((await ratingOf(nurse.id))).toEqual({ rating: null, rating_count: 0 });

    const picks = await ok<{ id: string }[]>(c.evaluable.path, { keyword: nurse.name });
    expect(picks.map((p) => p.id).sort()).toEqual([first.id, second.id].sort());
    const e1 = await ok(c.add.path, { assignmentId: first.id, overall: 5, aspects, comment: '非常专业' });
    expect(e1).toMatchObject({ assignmentId: first.id, assignmentNo: first.assignmentNo, nurseId: nurse.id, nurseName: '冯阿姨', customerName: '陈女士', storeId: s.storeId, overall: 5, aspects, comment: '非常专业', nurseRating: '5.00' });
    expect(await ratingOf(nurse.id)).toEqual({ rating: '5.00', rating_count: 1 });
    expect(await refusal(c.add.path, { assignmentId: first.id, overall: 3, aspects })).toBe(`派工单「${first.assignmentNo}」已评价，请在月嫂评价中修改`);
    expect(await ok<string[]>(c.evaluated.path, { assignmentIds: [first.id, second.id] })).toEqual([first.id]);
    expect((await ok<{ id: string }[]>(c.evaluable.path, { keyword: nurse.name })).map((p) => p.id)).toEqual([second.id]);

    await ok(c.add.path, { assignmentId: second.id, overall: 2, aspects });
    expect(await ratingOf(nurse.id)).toEqual({ rating: '3.50', rating_count: 2 });

    expect(await refusal(c.edit.path, { id: e1.id, version: e1.version + 1, overall: 4, aspects })).toBe(ErrorText.staleVersion);
    const edited = await ok(c.edit.path, { id: e1.id, version: e1.version, overall: 3, aspects: { ...aspects, hygiene: 2 }, comment: '一般' });
    expect(edited).toMatchObject({ overall: 3, aspects: { hygiene: 2 }, comment: '一般', version: e1.version + 1, nurseRating: '2.50' });
    expect(await ratingOf(nurse.id)).toEqual({ rating: '2.50', rating_count: 2 });
    // Means with a repeating decimal round to two places.
    await ok(c.add.path, { assignmentId: (await job(s, nurse, 30)).id, overall: 3, aspects });
    expect(await ratingOf(nurse.id)).toEqual({ rating: '2.67', rating_count: 3 });
  });

  it('refuses an assignment not 已完成 or unknown, and scores outside 1–5', async () => {
    const s = await storeWorld(world());
    const nurse = await nurseOf(world(), s);
    const pending = await job(s, nurse, 5, 'pending_audit');
    expect(await refusal(c.add.path, { assignmentId: pending.id, overall: 4, aspects })).toBe('派工单当前状态为「待审核」，只有已完成的派工单可以评价');
    expect(await refusal(c.add.path, { assignmentId: MISSING_ID, overall: 4, aspects })).toBe('派工单不存在');
    const done = await job(s, nurse, 30);
    expect(await refusal(c.add.path, { assignmentId: done.id, overall: 6, aspects })).toContain('总体评分必须是1到5的整数');
    expect(await refusal(c.add.path, { assignmentId: done.id, overall: 4, aspects: { ...aspects, skill: 0 } })).toContain('专业技能评分必须是1到5的整数');
    expect(await refusal(c.add.path, { assignmentId: done.id, overall: 4, aspects: { skill: 3 } })).toContain('服务态度评分必须是1到5的整数');
    expect(await ctx.db.selectFrom('nurse_evaluation').select('id').where('nurse_id', '=', nurse.id).execute()).toEqual([]);
    expect(await ratingOf(nurse.id)).toEqual({ rating: null, rating_count: 0 });
  });

  it('lists by store, nurse, customer or assignment no, score and date, and exports', async () => {
    const s = await storeWorld(world());
    const a = await nurseOf(world(), s, { name: '褚阿姨' });
    const b = await nurseOf(world(), s, { name: '卫阿姨' });
    const ea = await ok(c.add.path, { assignmentId: (await job(s, a, 10, 'completed', '蒋女士')).id, overall: 4, aspects });
    const eb = await ok(c.add.path, { assignmentId: (await job(s, b, 10, 'completed', '沈女士')).id, overall: 2, aspects });
    const ids = async (q: Record<string, unknown>) => (await ok<PageResult<NurseEvaluation>>(c.list.path, { pageNo: 1, pageSize: 10, storeId: s.storeId, ...q })).records.map((r) => r.id);
    expect((await ids({})).sort()).toEqual([ea.id, eb.id].sort());
    expect(await ids({ column: 'overall', order: 'asc' })).toEqual([eb.id, ea.id]);
    expect(await ids({ nurseId: a.id })).toEqual([ea.id]);
    expect(await ids({ nurseName: '卫阿' })).toEqual([eb.id]);
    expect(await ids({ keyword: '蒋女士' })).toEqual([ea.id]);
    expect(await ids({ overall: 2 })).toEqual([eb.id]);
    expect((await ids({ from: today(), to: today() })).length).toBe(2);
    expect(await ids({ from: addDays(today(), 1) })).toEqual([]);
    expect(await ok(c.queryById.path, { id: ea.id })).toMatchObject({ id: ea.id, overall: 4 });
    const { status, rows } = await exportXlsx(ctx.t, c.exportXls.path, { storeId: s.storeId, nurseId: b.id }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['派工单号', '门店', '月嫂', '月嫂编号', '客户', '总体评分', '专业技能', '服务态度', '卫生习惯', '沟通能力', '评价内容', '评价时间', '月嫂评分']);
    expect(rows.slice(1).map((r) => [r[2], r[4], r[5], r[6], r[12]])).toEqual([['卫阿姨', '沈女士', '2', '5', '2.00']]);
  });

  it('keeps a 店长 with a store rule to her store\'s evaluations, by list and by id', async () => {
    const mine = await storeWorld(world());
    const theirs = await storeWorld(world());
    const n1 = await nurseOf(world(), mine);
    const n2 = await nurseOf(world(), theirs);
    const e1 = await ok(c.add.path, { assignmentId: (await job(mine, n1, 10)).id, overall: 4, aspects });
    const e2 = await ok(c.add.path, { assignmentId: (await job(theirs, n2, 10)).id, overall: 4, aspects });
    const theirsOpen = await job(theirs, n2, 30);
    const all = Object.values(Permission).filter((a) => a.startsWith('serve:nurseEvaluation:'));
    const { token, userId } = await signedInUser(ctx.t, 'ne_manager', { actions: all, paths: ['/serve/nurseEvaluation'] });
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.storeId }).execute();
    await withDataRule(ctx.t, ctx.admin, '/serve/nurseEvaluation', { resource: 'nurse_evaluation', name: '本门店评价', columnKey: 'storeId', condition: '=', value: mine.storeId }, async () => {
      const page = await ok<PageResult<NurseEvaluation>>(c.list.path, { pageNo: 1, pageSize: 50 }, token);
      expect(page.records.map((r) => r.id)).toContain(e1.id);
      expect(page.records.map((r) => r.id)).not.toContain(e2.id);
      expect((await post(c.queryById.path, { id: e2.id }, token)).body.code).toBe('404');
      expect((await post(c.edit.path, { id: e2.id, version: e2.version, overall: 1, aspects }, token)).body.code).toBe('404');
      expect((await post(c.add.path, { assignmentId: theirsOpen.id, overall: 1, aspects }, token)).body.code).toBe('404');
      expect(await ratingOf(n2.id)).toEqual({ rating: '4.00', rating_count: 1 });
    });
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'ne_nobody', { actions: [Permission.roomList] });
    await expectEachForbidden(
      ctx.t,
      { list: c.list.path, byId: c.queryById.path, exportXls: c.exportXls.path, evaluable: c.evaluable.path, evaluated: c.evaluated.path, add: c.add.path, edit: c.edit.path },
      [
        ['list', '', { pageNo: 1, pageSize: 10 }],
        ['byId', '', { id: MISSING_ID }],
        ['exportXls', '', {}],
        ['evaluable', '', {}],
        ['evaluated', '', { assignmentIds: [] }],
        ['add', '', { assignmentId: MISSING_ID, overall: 4, aspects }],
        ['edit', '', { id: MISSING_ID, version: 1, overall: 4, aspects }],
      ],
      token,
    );
  });
});
