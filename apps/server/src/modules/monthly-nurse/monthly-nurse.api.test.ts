import { describe, expect, it } from 'vitest';
import {
  monthlyNurseContract,
  MonthlyNurseText,
  Permission,
  PHONE_MESSAGE,
  type MonthlyNurse,
  type NurseCertificate,
  type NurseLeave,
  type PageResult,
} from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';
import { shanghaiDate } from '../../platform/time.js';
import { addNurse, addStore } from './monthly-nurse.test-data.js';

const R = Object.fromEntries(Object.entries(monthlyNurseContract).map(([name, c]) => [name, c.path])) as Record<keyof typeof monthlyNurseContract, string>;
const dayFrom = (days: number) => new Date(Date.parse(`${shanghaiDate()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('月嫂', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const nurseOf = (id: string) => resultOf(post<MonthlyNurse>(R.queryById, { id }));

  it('adds with a number from the rule, lists with filters and sorts, edits under the version lock', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN1');
    const a = await addNurse(ctx.t, ctx.admin, store.id, { name: '王阿姨', level: 'gold', price26Days: '16800.5', skills: ['lactation', 'newborn_care'], idNo: '110101199001011234', hometown: '四川' });
    expect(a).toMatchObject({ name: '王阿姨', level: 'gold', price26Days: '16800.50', skills: ['lactation', 'newborn_care'], status: 'active', rating: null, ratingCount: 0, storeId: store.id, storeName: 'MN1门店', version: 1 });
    expect(a.nurseNo).toMatch(/^YS\d{5}$/);
    // The ID number is masked in answers; saving it back unchanged keeps the stored one.
    expect(a).toMatchObject({ idNo: '110***********1234', idNoMasked: true });
    const b = await addNurse(ctx.t, ctx.admin, store.id, { name: '李阿姨', level: 'junior', price26Days: '9800' });
    expect(b.nurseNo > a.nurseNo).toBe(true);

    const list = await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id }));
    expect(list.records.map((r) => r.name)).toEqual(['王阿姨', '李阿姨']);
    const byPrice = await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id, column: 'price26Days', order: 'asc' }));
    expect(byPrice.records.map((r) => r.name)).toEqual(['李阿姨', '王阿姨']);
    expect((await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id, level: 'gold' }))).records.map((r) => r.id)).toEqual([a.id]);
    expect((await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id, skill: 'lactation' }))).records.map((r) => r.id)).toEqual([a.id]);
    expect((await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id, name: '李' }))).records.map((r) => r.id)).toEqual([b.id]);
    expect((await resultOf(post<PageResult<MonthlyNurse>>(R.list, { nurseNo: a.nurseNo }))).records.map((r) => r.id)).toEqual([a.id]);
    expect((await post(R.list, { column: 'remark' })).body).toMatchObject({ code: '101', message: 'column: 不支持的排序字段' });

    const edited = await resultOf(post<MonthlyNurse>(R.edit, { ...a, name: '王金牌', remark: '好评多' }));
    expect(edited).toMatchObject({ name: '王金牌', remark: '好评多', version: 2, nurseNo: a.nurseNo, idNo: '110***********1234' });
    expect((await ctx.db.selectFrom('monthly_nurse').select('id_no').where('id', '=', a.id).executeTakeFirstOrThrow()).id_no).toBe('110101199001011234');
    // Read-only fields sent with an edit change nothing.
    expect(await resultOf(post<MonthlyNurse>(R.edit, { ...edited, status: 'left', nurseNo: 'X1', rating: '5.00' }))).toMatchObject({ status: 'active', nurseNo: a.nurseNo, rating: null, version: 3 });
    expect((await post(R.edit, { ...a, name: '过期' })).body).toMatchObject({ code: '101' });
    expect((await nurseOf(a.id)).name).toBe('王金牌');
  });

  it('refuses bad values, a taken ID number, a missing store', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN2');
    expect((await post(R.add, { name: '甲', phone: '123', level: 'junior', practiceType: 'nanny', serviceType: 'home', employment: 'contract', storeId: store.id })).body).toMatchObject({ code: '101', message: `phone: ${PHONE_MESSAGE}` });
    expect((await post(R.add, { name: '甲', phone: '13800000001', practiceType: 'nanny', serviceType: 'home', employment: 'contract', storeId: store.id })).body).toMatchObject({ code: '101', message: 'level: 请选择等级!' });
    expect((await post(R.add, { name: '甲', phone: '13800000001', level: 'junior', practiceType: 'nanny', serviceType: 'home', employment: 'contract' })).body.code).toBe('101');
    expect((await post(R.add, { name: '甲', phone: '13800000001', level: 'junior', practiceType: 'nanny', serviceType: 'home', employment: 'contract', storeId: MISSING_ID })).body).toMatchObject({ code: '101', message: MonthlyNurseText.storeMissing });
    await addNurse(ctx.t, ctx.admin, store.id, { idNo: '110101199001019999' });
    const res = await post(R.add, { name: '乙', phone: '13800000002', level: 'junior', practiceType: 'nanny', serviceType: 'home', employment: 'contract', storeId: store.id, idNo: '110101199001019999' });
    expect(res.body).toMatchObject({ code: '101', message: MonthlyNurseText.idNoTaken });
  });

  it('moves 休息 / 在职 / 离职 through the machine; 上户中 refuses 休息 and 离职; stale versions are refused', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN3');
    const n = await addNurse(ctx.t, ctx.admin, store.id);
    const rested = await resultOf(post<MonthlyNurse>(R.rest, { id: n.id, version: n.version }));
    expect(rested).toMatchObject({ status: 'resting', version: 2 });
    expect((await post(R.rest, { id: n.id, version: 2 })).body).toMatchObject({ code: '101', message: '月嫂当前状态为「休息」，不能设为休息' });
    expect((await post(R.resume, { id: n.id, version: 1 })).body).toMatchObject({ code: '101' });
    const resumed = await resultOf(post<MonthlyNurse>(R.resume, { id: n.id, version: 2 }));
    expect(resumed.status).toBe('active');
    await ctx.db.updateTable('monthly_nurse').set({ status: 'on_duty' }).where('id', '=', n.id).execute();
    expect((await post(R.resign, { id: n.id, version: 3 })).body).toMatchObject({ code: '101', message: '该月嫂正在上户中，不能设为离职，请先下户' });
    expect((await post(R.rest, { id: n.id, version: 3 })).body).toMatchObject({ code: '101', message: '该月嫂正在上户中，不能设为休息，请先下户' });
    await ctx.db.updateTable('monthly_nurse').set({ status: 'active' }).where('id', '=', n.id).execute();
    expect(await resultOf(post<MonthlyNurse>(R.resign, { id: n.id, version: 3 }))).toMatchObject({ status: 'left', version: 4 });
    const changes = await ctx.db.selectFrom('state_change').select(['event', 'from_state', 'to_state']).where('record_id', '=', n.id).orderBy('changed_at').execute();
    expect(changes.map((c) => `${c.event}:${c.from_state}->${c.to_state}`)).toEqual(['rest:active->resting', 'resume:resting->active', 'resign:active->left']);
    expect((await post(R.rest, { id: MISSING_ID, version: 1 })).status).toBe(404);
  });

  it('deletes a nurse never assigned; one with a 派工 is refused (keep her as 离职)', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN4');
    const free = await addNurse(ctx.t, ctx.admin, store.id);
    await resultOf(post(R.certificateAdd, { nurseId: free.id, kind: 'health', expiresOn: '2030-01-01' }));
    expect((await post(R.delete, { id: free.id, version: 2 })).body).toMatchObject({ code: '101' });
    await resultOf(post(R.delete, { id: free.id, version: 1 }));
    expect((await post(R.queryById, { id: free.id })).status).toBe(404);
    expect(await ctx.db.selectFrom('nurse_certificate').select('id').where('nurse_id', '=', free.id).execute()).toEqual([]);

    const busy = await addNurse(ctx.t, ctx.admin, store.id);
    const customer = await ctx.db
      .insertInto('customer')
      .values({ company_id: ctx.companyId, customer_no: 'KHMN4', name: '派工妈妈', phone: '13711112222', store_id: store.id })
      .returning('id')
      .executeTakeFirstOrThrow();
    await ctx.db
      .insertInto('nurse_assignment')
      .values({ company_id: ctx.companyId, assignment_no: 'PGMN4', nurse_id: busy.id, customer_id: customer.id, store_id: store.id, service_form: 'center', start_date: '2030-01-01', end_date: '2030-01-27', daily_rate: '300' })
      .execute();
    expect((await post(R.delete, { id: busy.id, version: 1 })).body).toMatchObject({ code: '101', message: MonthlyNurseText.hasAssignments });
    expect((await nurseOf(busy.id)).id).toBe(busy.id);
  });

  it('certificates: add, edit under the version, delete; flags 已过期 / 即将过期 on the certificate and the nurse; 证件预警 filter', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN5');
    const fine = await addNurse(ctx.t, ctx.admin, store.id, { healthCertExpiry: dayFrom(60), insuranceExpiry: dayFrom(31) });
    const soon = await addNurse(ctx.t, ctx.admin, store.id, { insuranceExpiry: dayFrom(30) });
    const n = await addNurse(ctx.t, ctx.admin, store.id, { healthCertExpiry: dayFrom(365) });
    expect(fine).toMatchObject({ expiryFlag: null, expiryItems: [] });
    expect(soon).toMatchObject({ expiryFlag: 'expiring', expiryItems: [{ kind: 'insurance', name: '保险', expiresOn: dayFrom(30), flag: 'expiring' }] });

    const cert = await resultOf(post<NurseCertificate>(R.certificateAdd, { nurseId: n.id, kind: 'maternity_nurse', name: '母婴护理师证', certNo: 'MY-1', issuedOn: '2020-01-01', expiresOn: dayFrom(-1), image: '' }));
    expect(cert).toMatchObject({ nurseId: n.id, kind: 'maternity_nurse', certNo: 'MY-1', flag: 'expired', version: 1 });
    expect(await nurseOf(n.id)).toMatchObject({ expiryFlag: 'expired', expiryItems: [{ kind: 'certificate', name: '母婴护理师证', expiresOn: dayFrom(-1), flag: 'expired' }] });
    expect((await post(R.certificateAdd, { nurseId: n.id, kind: 'childcare', issuedOn: '2020-01-02', expiresOn: '2020-01-01' })).body).toMatchObject({ code: '101', message: `expiresOn: ${MonthlyNurseText.certBadPeriod}` });
    expect((await post(R.certificateAdd, { nurseId: n.id, kind: '' })).body).toMatchObject({ code: '101', message: 'kind: 请选择证书类型!' });
    expect((await post(R.certificateAdd, { nurseId: MISSING_ID, kind: 'childcare' })).status).toBe(404);

    const edited = await resultOf(post<NurseCertificate>(R.certificateEdit, { ...cert, expiresOn: dayFrom(0) }));
    expect(edited).toMatchObject({ flag: 'expiring', version: 2 });
    expect((await post(R.certificateEdit, { ...cert, expiresOn: dayFrom(400) })).body).toMatchObject({ code: '101' });
    const ok = await resultOf(post<NurseCertificate>(R.certificateAdd, { nurseId: n.id, kind: 'childcare', expiresOn: dayFrom(31) }));
    expect(ok.flag).toBeNull();
    expect((await resultOf(post<NurseCertificate[]>(R.certificateList, { nurseId: n.id }))).map((c) => c.id)).toEqual([cert.id, ok.id]);

    const flagged = async (expiry: string) => (await resultOf(post<PageResult<MonthlyNurse>>(R.list, { storeId: store.id, expiry }))).records.map((r) => r.id).sort();
    expect(await flagged('any')).toEqual([soon.id, n.id].sort());
    expect(await flagged('expiring')).toEqual([soon.id, n.id].sort());
    expect(await flagged('expired')).toEqual([]);
    await resultOf(post(R.certificateEdit, { ...edited, expiresOn: dayFrom(-5) }));
    expect(await flagged('expired')).toEqual([n.id]);

    await resultOf(post(R.certificateDelete, { id: cert.id }));
    expect((await resultOf(post<NurseCertificate[]>(R.certificateList, { nurseId: n.id }))).map((c) => c.id)).toEqual([ok.id]);
    expect((await post(R.certificateDelete, { id: cert.id })).status).toBe(404);
    expect(await flagged('any')).toEqual([soon.id]);
  });

  it('leave: inclusive days, refuses end before start and an overlap with another leave of hers, deletes', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN6');
    const [n, m] = [await addNurse(ctx.t, ctx.admin, store.id), await addNurse(ctx.t, ctx.admin, store.id)];
    const leave = await resultOf(post<NurseLeave>(R.leaveAdd, { nurseId: n.id, startDate: '2030-03-03', endDate: '2030-03-05', reason: '回老家' }));
    expect(leave).toMatchObject({ nurseId: n.id, startDate: '2030-03-03', endDate: '2030-03-05', days: 3, reason: '回老家', source: 'staff' });
    expect((await post(R.leaveAdd, { nurseId: n.id, startDate: '2030-03-05', endDate: '2030-03-06' })).body).toMatchObject({ code: '101', message: MonthlyNurseText.leaveOverlaps('2030-03-03', '2030-03-05') });
    expect((await post(R.leaveAdd, { nurseId: n.id, startDate: '2030-03-01', endDate: '2030-03-10' })).body).toMatchObject({ code: '101', message: MonthlyNurseText.leaveOverlaps('2030-03-03', '2030-03-05') });
    expect((await post(R.leaveAdd, { nurseId: n.id, startDate: '2030-03-09', endDate: '2030-03-08' })).body).toMatchObject({ code: '101', message: `endDate: ${MonthlyNurseText.leaveBadPeriod}` });
    // Another nurse's leave on the same days is fine; the day after hers too.
    await resultOf(post(R.leaveAdd, { nurseId: m.id, startDate: '2030-03-03', endDate: '2030-03-05' }));
    const next = await resultOf(post<NurseLeave>(R.leaveAdd, { nurseId: n.id, startDate: '2030-03-06', endDate: '2030-03-06' }));
    expect(next.days).toBe(1);
    expect((await resultOf(post<NurseLeave[]>(R.leaveList, { nurseId: n.id }))).map((l) => l.id)).toEqual([next.id, leave.id]);
    await resultOf(post(R.leaveDelete, { id: leave.id }));
    expect((await resultOf(post<NurseLeave[]>(R.leaveList, { nurseId: n.id }))).map((l) => l.id)).toEqual([next.id]);
    expect((await post(R.leaveDelete, { id: leave.id })).status).toBe(404);
    expect((await post(R.leaveAdd, { nurseId: MISSING_ID, startDate: '2030-03-03', endDate: '2030-03-05' })).status).toBe(404);
  });

  it('takes exactly one of many overlapping leaves sent at once', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN10');
    const n = await addNurse(ctx.t, ctx.admin, store.id);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) => post(R.leaveAdd, { nurseId: n.id, startDate: `2032-05-0${1 + (i % 3)}`, endDate: '2032-05-05' })),
    );
    expect(answers.filter((a) => a.body.code === '0')).toHaveLength(1);
    expect(answers.filter((a) => a.body.code !== '0').every((a) => String(a.body.message).startsWith('与已有请假'))).toBe(true);
    expect(await ctx.db.selectFrom('nurse_leave').select('id').where('nurse_id', '=', n.id).execute()).toHaveLength(1);
  });

  it('exports the filtered list with dictionary labels and flags', async () => {
    const store = await addStore(ctx.t, ctx.admin, 'MN7');
    const n = await addNurse(ctx.t, ctx.admin, store.id, { name: '导出阿姨', level: 'senior', skills: ['lactation', 'early_education'], healthCertExpiry: dayFrom(-2) });
    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { storeId: store.id }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toContain('证件预警');
    const header = rows[0]!;
    const row = rows[1]!;
    const cell = (name: string) => row[header.indexOf(name)];
    expect(rows).toHaveLength(2);
    expect([cell('月嫂编号'), cell('姓名'), cell('门店'), cell('等级'), cell('技能'), cell('状态')]).toEqual([n.nurseNo, '导出阿姨', 'MN7门店', '高级', '催乳、早教', '在职']);
    expect(cell('证件预警')).toBe(`健康证已过期（${dayFrom(-2)}）`);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'mn_nobody');
    const id = MISSING_ID;
    await expectEachForbidden(ctx.t, R, [
      ['list', '', {}],
      ['queryById', '', { id }],
      ['add', '', { name: '甲' }],
      ['edit', '', { id, version: 1 }],
      ['delete', '', { id, version: 1 }],
      ['exportXls', '', {}],
      ['rest', '', { id, version: 1 }],
      ['resume', '', { id, version: 1 }],
      ['resign', '', { id, version: 1 }],
      ['certificateList', '', { nurseId: id }],
      ['certificateAdd', '', { nurseId: id, kind: 'health' }],
      ['certificateEdit', '', { id, version: 1, kind: 'health' }],
      ['certificateDelete', '', { id }],
      ['leaveList', '', { nurseId: id }],
      ['leaveAdd', '', { nurseId: id, startDate: '2030-01-01', endDate: '2030-01-01' }],
      ['leaveDelete', '', { id }],
    ], token);
    // Listing alone does not let one change certificates or leave.
    const lister = await signedInUser(ctx.t, 'mn_lister', { actions: [Permission.monthlyNurseList], paths: ['/serve/monthlyNurse'] });
    await expectEachForbidden(ctx.t, R, [
      ['certificateAdd', '', { nurseId: id, kind: 'health' }],
      ['leaveAdd', '', { nurseId: id, startDate: '2030-01-01', endDate: '2030-01-01' }],
      ['resign', '', { id, version: 1 }],
    ], lister.token);
  });

  it('keeps a user with a store rule to that store: lists, by id, moves, certificates and leave', async () => {
    const [mine, other] = [await addStore(ctx.t, ctx.admin, 'MN8'), await addStore(ctx.t, ctx.admin, 'MN9')];
    const own = await addNurse(ctx.t, ctx.admin, mine.id);
    const theirs = await addNurse(ctx.t, ctx.admin, other.id);
    const cert = await resultOf(post<NurseCertificate>(R.certificateAdd, { nurseId: theirs.id, kind: 'health' }));
    const leave = await resultOf(post<NurseLeave>(R.leaveAdd, { nurseId: theirs.id, startDate: '2031-01-01', endDate: '2031-01-02' }));
    const P = Permission;
    // The demo's store rule (本门店的月嫂, by the user's stores) would hide every nurse from a user of no store.
    await ctx.db.deleteFrom('data_rule').where('resource', '=', 'monthly_nurse').execute();
    const { token } = await signedInUser(ctx.t, 'mn_scoped', {
      actions: [P.monthlyNurseList, P.monthlyNurseAdd, P.monthlyNurseEdit, P.monthlyNurseDelete, P.monthlyNurseStatus, P.monthlyNurseCertificate, P.monthlyNurseLeave],
      paths: ['/serve/monthlyNurse'],
    });
    await withDataRule(ctx.t, ctx.admin, '/serve/monthlyNurse', { resource: 'monthly_nurse', name: '本门店月嫂', columnKey: 'storeId', condition: '=', value: mine.id }, async () => {
      const seen = await resultOf(post<PageResult<MonthlyNurse>>(R.list, { pageSize: 100 }, token));
      expect(seen.records.map((r) => r.id)).toEqual([own.id]);
      for (const [route, body] of [
        [R.queryById, { id: theirs.id }],
        [R.edit, { ...theirs, name: '改' }],
        [R.delete, { id: theirs.id, version: theirs.version }],
        [R.rest, { id: theirs.id, version: theirs.version }],
        [R.certificateList, { nurseId: theirs.id }],
        [R.certificateAdd, { nurseId: theirs.id, kind: 'health' }],
        [R.certificateEdit, { ...cert }],
        [R.certificateDelete, { id: cert.id }],
        [R.leaveList, { nurseId: theirs.id }],
        [R.leaveAdd, { nurseId: theirs.id, startDate: '2031-02-01', endDate: '2031-02-01' }],
        [R.leaveDelete, { id: leave.id }],
      ] as const) {
        expect((await post(route, body, token)).status, route).toBe(404);
      }
      expect((await post(R.add, { name: '越权', phone: '13800000009', level: 'junior', practiceType: 'nanny', serviceType: 'home', employment: 'contract', storeId: other.id }, token)).body).toMatchObject({ code: '101', message: MonthlyNurseText.outOfScope });
      expect(await ctx.db.selectFrom('monthly_nurse').select('id').where('name', '=', '越权').execute()).toEqual([]);
      await resultOf(post(R.leaveAdd, { nurseId: own.id, startDate: '2031-02-01', endDate: '2031-02-01' }, token));
    });
    expect((await nurseOf(theirs.id)).name).toBe(theirs.name);
  });
});
