import { beforeAll, describe, expect, it } from 'vitest';
import { shanghaiDate } from '../../platform/time.js';
import { addDays, nurseScheduleContract, Permission, type NurseMatchResult, type NurseScheduleNurse, type NurseScheduleTeam } from '@care/shared';
import { allowSelfAudit, expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { addAssignment, addLeave, addNurse, newStore, type TestStore } from './nurse-schedule.test-data.js';

const [TEAM, NURSE, MATCH] = [nurseScheduleContract.team.path, nurseScheduleContract.nurse.path, nurseScheduleContract.match.path];

describe('月嫂档期 and matching', () => {
  const ctx = useAdminApp();
  // One person records and audits the 派工 here, as 系统配置 allows a one-person store (four-eyes.api.test.ts checks the default).
  beforeAll(() => allowSelfAudit(ctx.db));
  const w = () => ({ db: ctx.db, companyId: ctx.companyId });
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const match = (body: Record<string, unknown>, token = ctx.admin) => resultOf(post<NurseMatchResult>(MATCH, body, token));
  const team = (body: Record<string, unknown>, token = ctx.admin) => resultOf(post<NurseScheduleTeam>(TEAM, body, token));
  const nurse = (body: Record<string, unknown>, token = ctx.admin) => resultOf(post<NurseScheduleNurse>(NURSE, body, token));

  /** The matcher's data set: two free nurses and one for each reason to leave a nurse out. */
  async function matchSet() {
    const s = await newStore(w());
    const no = (n: string) => `${s.code}-${n}`;
    const a = await addNurse(w(), s, { nurseNo: no('01'), level: 'senior', price26Days: '13000', rating: '4.50', ratingCount: 3, skills: ['newborn_care', 'lactation'] });
    const b = await addNurse(w(), s, { nurseNo: no('02'), rating: '5.00', ratingCount: 1 });
    const busy = await addNurse(w(), s, { nurseNo: no('03') });
    const onLeave = await addNurse(w(), s, { nurseNo: no('04') });
    await addNurse(w(), s, { nurseNo: no('05'), level: 'junior' });
    await addNurse(w(), s, { nurseNo: no('06'), price26Days: '18000' });
    await addNurse(w(), s, { nurseNo: no('07'), skills: ['lactation'] });
    await addNurse(w(), s, { nurseNo: no('08'), healthCertExpiry: '2031-03-20' });
    await addNurse(w(), s, { nurseNo: no('09'), status: 'left' });
    await addNurse(w(), s, { nurseNo: no('10'), status: 'resting', serviceType: 'center' });
    // 30 days worked by A in the 90 before the period; a cancelled job of B holds nothing.
    await addAssignment(w(), s, { nurseId: a, status: 'completed', start: '2031-01-10', end: '2031-02-09', actualStart: '2031-01-10', actualEnd: '2031-02-09' });
    await addAssignment(w(), s, { nurseId: b, status: 'cancelled', start: '2031-03-05', end: '2031-03-20' });
    const busyNo = await addAssignment(w(), s, { nurseId: busy, status: 'dispatched', start: '2031-02-20', end: '2031-03-03' });
    await addLeave(w(), onLeave, '2031-03-25', '2031-03-28', '家事');
    return { s, no, busyNo };
  }
  const criteria = (s: TestStore) => ({ storeId: s.storeId, startDate: '2031-03-01', days: 26, serviceType: 'home', minLevel: 'middle', budget: '15000', skills: ['newborn_care'] });

  it('ranks the free nurses with the parts of their score and leaves the others out with every reason', async () => {
    const { s, no, busyNo } = await matchSet();
    const r = await match(criteria(s));
    expect(r.period).toEqual({ from: '2031-03-01', to: '2031-03-27' });
    expect(r.candidates.map((c) => [c.nurseNo, c.score])).toEqual([
      [no('01'), 55],
      [no('02'), 54],
    ]);
    expect(r.candidates[0]).toMatchObject({ level: 'senior', periodPrice: '13000.00', workedDays: 30, rating: '4.50' });
    expect(r.candidates[0]!.reasons).toEqual([
      { code: 'level', text: '等级「高级」高于要求 1 级', points: 10 },
      { code: 'rating', text: '评分 4.50（3条评价）', points: 27 },
      { code: 'price', text: '报价 ¥13000.00 在预算内（低 13%）', points: 2.7 },
      { code: 'extra_skills', text: '另有技能：催乳', points: 2 },
      { code: 'workload', text: '近90天上户 30 天', points: 13.3 },
    ]);
    expect(r.candidates[1]!.reasons.map((x) => x.text)).toEqual(['等级「中级」', '评分 5.00（1条评价）', '报价 ¥12000.00 在预算内（低 20%）', '无额外技能', '近90天上户 0 天']);
    // 离职 nurses are not offered at all (monthly-nurse's nursesForMatching leaves them out).
    expect(r.excluded.map((x) => [x.nurseNo, x.reasons.map((y) => y.text)])).toEqual([
      [no('03'), [`已有派工「${busyNo}」（02-20 至 03-02）`]],
      [no('04'), ['请假 03-25 至 03-28（家事）']],
      [no('05'), ['等级「初级」低于要求「中级」']],
      [no('06'), ['26天报价 ¥18000.00 超出预算 ¥15000.00']],
      [no('07'), ['缺少技能：新生儿护理']],
      [no('08'), ['健康证 2031-03-20 到期，早于服务结束（2031-03-26）']],
      [no('10'), ['休息中', '服务方式为「会所」，需要「到家」']],
    ]);
  });

  it('frees a nurse once the clash is outside the period; without criteria beyond the dates every active nurse of the store is ranked', async () => {
    const { s, no } = await matchSet();
    // From the busy job's 下户 day on, and before the leave: no clash left. Without a minimum level, budget
    // or skills the level, rating, extra skills and workload rank them; 03's 11 days of work in the 90
    // before put her below the nurses who have not worked.
    const later = await match({ storeId: s.storeId, startDate: '2031-03-03', days: 20 });
    expect(later.candidates.map((c) => [c.nurseNo, c.score])).toEqual([
      [no('01'), 64.3],
      [no('02'), 62],
      [no('04'), 32],
      [no('06'), 32],
      [no('07'), 32],
      [no('03'), 29.6],
      [no('05'), 22],
    ]);
    expect(later.candidates.find((c) => c.nurseNo === no('03'))!.reasons.find((x) => x.code === 'workload')).toEqual({ code: 'workload', text: '近90天上户 11 天', points: 17.6 });
    expect(later.excluded.map((x) => [x.nurseNo, x.reasons.map((y) => y.code)])).toEqual([
      [no('08'), ['health_cert']],
      [no('10'), ['resting']],
    ]);
  });

  it('refuses criteria it cannot read', async () => {
    const bad = async (body: Record<string, unknown>, message: string) => expect((await post(MATCH, body)).body).toMatchObject({ success: false, message });
    await bad({ days: 26 }, 'startDate: 请选择上户日期');
    await bad({ startDate: '2031-02-30', days: 26 }, 'startDate: 请选择上户日期');
    await bad({ startDate: '2031-03-01', days: 0 }, 'days: 服务天数须为1至365天');
    await bad({ startDate: '2031-03-01', days: 26, budget: '12.345' }, 'budget: 预算金额不正确');
  });

  /** A store whose nurses hold every kind of day in March 2031. */
  async function scheduleSet() {
    const s = await newStore(w());
    const no = (n: string) => `${s.code}-${n}`;
    const p = await addNurse(w(), s, { nurseNo: no('01'), name: '王阿姨', level: 'gold' });
    const q = await addNurse(w(), s, { nurseNo: no('02'), name: '李阿姨' });
    const r = await addNurse(w(), s, { nurseNo: no('03'), name: '张阿姨', status: 'resting' });
    await addNurse(w(), s, { nurseNo: no('04'), name: '赵阿姨', status: 'left' });
    // Finished a day early (下户 03-04): on duty 03-01..03-03.
    const done = await addAssignment(w(), s, { nurseId: p, status: 'completed', start: '2031-02-25', end: '2031-03-06', actualStart: '2031-02-25', actualEnd: '2031-03-04' });
    const next = await addAssignment(w(), s, { nurseId: p, status: 'dispatched', start: '2031-03-10', end: '2031-03-20' });
    await addLeave(w(), p, '2031-03-15', '2031-03-16', '体检');
    await addLeave(w(), p, '2031-03-25', '2031-03-26');
    // Started a day late: on duty from 03-06 to the end of the month.
    const serving = await addAssignment(w(), s, { nurseId: q, status: 'in_service', start: '2031-03-05', end: '2031-04-05', actualStart: '2031-03-06' });
    await addAssignment(w(), s, { nurseId: r, status: 'cancelled', start: '2031-03-01', end: '2031-03-20' });
    const pending = await addAssignment(w(), s, { nurseId: r, status: 'pending_audit', start: '2031-03-30', end: '2031-04-10' });
    return { s, no, ids: { p, q, r }, done, next, serving, pending };
  }

  it('answers each nurse\'s days of the month from her assignments and leave, with what occupies each span', async () => {
    const { s, no, ids, done, next, serving, pending } = await scheduleSet();
    const t = await team({ storeId: s.storeId, month: '2031-03' });
    expect(t).toMatchObject({ from: '2031-03-01', to: '2031-03-31' });
    expect(t.days).toHaveLength(31);
    // 离职 nurses are not on the team view.
    expect(t.page.records.map((n) => [n.nurseNo, n.name, n.storeName])).toEqual([
      [no('01'), '王阿姨', s.storeName],
      [no('02'), '李阿姨', s.storeName],
      [no('03'), '张阿姨', s.storeName],
    ]);
    expect(t.page.total).toBe(3);
    const [p, q, r] = t.page.records;
    expect(p!.spans).toEqual([
      { state: 'on_duty', from: '2031-03-01', to: '2031-03-03', assignmentNo: done, customerName: s.customerName, leaveReason: null },
      { state: 'reserved', from: '2031-03-10', to: '2031-03-14', assignmentNo: next, customerName: s.customerName, leaveReason: null },
      { state: 'overlap', from: '2031-03-15', to: '2031-03-16', assignmentNo: next, customerName: s.customerName, leaveReason: '体检' },
      { state: 'reserved', from: '2031-03-17', to: '2031-03-19', assignmentNo: next, customerName: s.customerName, leaveReason: null },
      { state: 'leave', from: '2031-03-25', to: '2031-03-26', assignmentNo: null, customerName: null, leaveReason: '请假' },
    ]);
    expect(p!.states.slice(0, 4)).toEqual(['on_duty', 'on_duty', 'on_duty', 'free']);
    expect(q!.spans).toEqual([{ state: 'on_duty', from: '2031-03-06', to: '2031-03-31', assignmentNo: serving, customerName: s.customerName, leaveReason: null }]);
    expect(r!.spans.map((x) => [x.state, x.from, x.to, x.assignmentNo])).toEqual([['reserved', '2031-03-30', '2031-03-31', pending]]);
    expect(t.counts).toEqual({ on_duty: 3 + 26, reserved: 5 + 3 + 2, overlap: 2, leave: 2, free: 93 - 29 - 10 - 2 - 2 });

    const one = await nurse({ nurseId: ids.p, month: '2031-03' });
    expect(one.nurse).toEqual(p);
    expect(one.counts).toEqual({ on_duty: 3, reserved: 8, overlap: 2, leave: 2, free: 16 });
    // February: the finished job from its 上户.
    const feb = await nurse({ nurseId: ids.p, month: '2031-02' });
    expect(feb.days).toHaveLength(28);
    expect(feb.nurse.spans).toEqual([{ state: 'on_duty', from: '2031-02-25', to: '2031-02-28', assignmentNo: done, customerName: s.customerName, leaveReason: null }]);
  });

  it('follows the 派工 and 请假 routes: 待审核 and 已派工 reserve, 上户 to 下户 is on duty, a cancelled job frees its days', async () => {
    const s = await newStore(w());
    const today = shanghaiDate();
    const day = (n: number) => addDays(today, n);
    const added = await resultOf(
      post<{ id: string; nurseNo: string }>('/online/monthlyNurse/add', { name: '钱阿姨', phone: '13600000017', level: 'senior', practiceType: 'confinement_nurse', serviceType: 'home', employment: 'employee', price26Days: '12000', storeId: s.storeId }),
    );
    type Job = { id: string; version: number; assignmentNo: string };
    const add = (startDate: string, days: number) => resultOf(post<Job>('/online/nurseAssignment/add', { nurseId: added.id, customerId: s.customerId, serviceForm: 'home', startDate, days, dailyRate: '400' }));
    const act = (action: string, job: Job, extra: Record<string, unknown> = {}) => resultOf(post<Job>(`/online/nurseAssignment/${action}`, { id: job.id, version: job.version, ...extra }));
    // Done: planned day -10 for 5 days, 上户 a day late, 下户 a day early → on duty days -9..-7.
    const done = await add(day(-10), 5);
    await act('finish', await act('start', await act('audit', done), { actualStart: day(-9) }), { actualEnd: day(-6) });
    const pending = await add(day(2), 5);
    await act('cancel', await act('audit', await add(day(10), 3)), { reason: '客户改期' });
    await resultOf(post('/online/monthlyNurse/leaveAdd', { nurseId: added.id, startDate: day(4), endDate: day(5), reason: '体检' }));

    const t = await team({ storeId: s.storeId, from: day(-10), to: day(20) });
    const [row] = t.page.records;
    expect(row!.spans).toEqual([
      { state: 'on_duty', from: day(-9), to: day(-7), assignmentNo: done.assignmentNo, customerName: s.customerName, leaveReason: null },
      { state: 'reserved', from: day(2), to: day(3), assignmentNo: pending.assignmentNo, customerName: s.customerName, leaveReason: null },
      { state: 'overlap', from: day(4), to: day(5), assignmentNo: pending.assignmentNo, customerName: s.customerName, leaveReason: '体检' },
      { state: 'reserved', from: day(6), to: day(6), assignmentNo: pending.assignmentNo, customerName: s.customerName, leaveReason: null },
    ]);
    expect(t.counts).toEqual({ on_duty: 3, reserved: 3, overlap: 2, leave: 0, free: 31 - 8 });
    // The matcher names both the job and the leave in the way.
    const r = await match({ storeId: s.storeId, startDate: day(1), days: 5 });
    expect(r.excluded.map((x) => x.reasons.map((y) => y.text))).toEqual([[`已有派工「${pending.assignmentNo}」（${day(2).slice(5)} 至 ${day(6).slice(5)}）`, `请假 ${day(4).slice(5)} 至 ${day(5).slice(5)}（体检）`]]);
    expect((await match({ storeId: s.storeId, startDate: day(7), days: 26 })).candidates.map((c) => [c.nurseNo, c.workedDays])).toEqual([[added.nurseNo, 3 + 5]]);
  });

  it('filters the team by level and name, pages it, and takes a period of at most 62 days', async () => {
    const { s, no } = await scheduleSet();
    expect((await team({ storeId: s.storeId, month: '2031-03', level: 'gold' })).page.records.map((n) => n.nurseNo)).toEqual([no('01')]);
    expect((await team({ storeId: s.storeId, month: '2031-03', name: '李' })).page.records.map((n) => n.nurseNo)).toEqual([no('02')]);
    expect((await team({ month: '2031-03', name: no('03') })).page.records.map((n) => n.name)).toEqual(['张阿姨']);
    const second = await team({ storeId: s.storeId, month: '2031-03', pageNo: 2, pageSize: 2 });
    expect(second.page).toMatchObject({ total: 3, current: 2, pages: 2 });
    expect(second.page.records.map((n) => n.nurseNo)).toEqual([no('03')]);
    expect(second.counts).toEqual({ on_duty: 0, reserved: 2, overlap: 0, leave: 0, free: 29 });

    const span = await team({ storeId: s.storeId, from: '2031-02-27', to: '2031-04-29', pageSize: 1 });
    expect(span.days).toHaveLength(62);
    expect(span.page.records[0]!.spans[0]).toMatchObject({ state: 'on_duty', from: '2031-02-27', to: '2031-03-03' });
    const bad = async (body: Record<string, unknown>, message: string) => expect((await post(TEAM, body)).body).toMatchObject({ success: false, message });
    await bad({ from: '2031-02-27', to: '2031-04-30' }, 'to: 查询期间不能超过62天');
    await bad({ from: '2031-03-02', to: '2031-03-01' }, 'to: 结束日期不能早于开始日期');
    await bad({ from: '2031-03-02' }, 'month: 请选择月份或开始、结束日期');
    await bad({ month: '2031-13' }, 'month: 请选择月份');
  });

  it('answers 404 for a nurse that does not exist, or outside the caller\'s 月嫂 data rules', async () => {
    const res = await post(NURSE, { nurseId: MISSING_ID, month: '2031-03' });
    expect(res.body).toMatchObject({ success: false, code: '404', message: '月嫂不存在' });
    const [mine, theirs] = [await newStore(w()), await newStore(w())];
    const [own, other] = [await addNurse(w(), mine, { nurseNo: `${mine.code}-01` }), await addNurse(w(), theirs, { nurseNo: `${theirs.code}-01` })];
    const { token, userId } = await signedInUser(ctx.t, 'ns_scoped', { actions: [Permission.nurseScheduleList, Permission.nurseMatch], paths: ['/serve/nurseSchedule', '/serve/monthlyNurse'] });
    // A member of her store (what the demo's 本门店的月嫂 rule reads), and a rule of her own on top.
    await ctx.db.insertInto('user_store').values({ user_id: userId, store_id: mine.storeId }).execute();
    await withDataRule(ctx.t, ctx.admin, '/serve/monthlyNurse', { resource: 'monthly_nurse', name: '本门店月嫂', columnKey: 'storeId', condition: '=', value: mine.storeId }, async () => {
      expect((await nurse({ nurseId: own, month: '2031-03' }, token)).nurse.id).toBe(own);
      expect((await post(NURSE, { nurseId: other, month: '2031-03' }, token)).body).toMatchObject({ success: false, code: '404', message: '月嫂不存在' });
      // The team view and the matcher show only the nurses her rules let her see.
      const both = { month: '2031-03', pageNo: 1, pageSize: 50 };
      expect((await team(both)).page.records.map((r) => r.id)).toEqual(expect.arrayContaining([own, other]));
      const seen = (await team(both, token)).page.records.map((r) => r.id);
      expect(seen).toContain(own);
      expect(seen).not.toContain(other);
      const offered = await match({ startDate: '2031-03-01', days: 26 }, token);
      const named = [...offered.candidates, ...offered.excluded].map((c) => c.id);
      expect(named).toContain(own);
      expect(named).not.toContain(other);
    });
  });

  it('answers 403 without 查看档期 or 匹配月嫂', async () => {
    const { token } = await signedInUser(ctx.t, 'ns_nobody', { actions: [Permission.nurseMatch] });
    await expectEachForbidden(
      ctx.t,
      { team: TEAM, nurse: NURSE },
      [
        ['team', '', { month: '2031-03' }],
        ['nurse', '', { nurseId: MISSING_ID, month: '2031-03' }],
      ],
      token,
    );
    // 匹配月嫂 alone lets the matcher answer.
    expect((await post(MATCH, { startDate: '2031-03-01', days: 26 }, token)).status).toBe(200);
    const viewer = await signedInUser(ctx.t, 'ns_viewer', { actions: [Permission.nurseScheduleList] });
    await expectEachForbidden(ctx.t, { match: MATCH }, [['match', '', { startDate: '2031-03-01', days: 26 }]], viewer.token);
    expect((await post(TEAM, { month: '2031-03' }, viewer.token)).status).toBe(200);
  });
});
