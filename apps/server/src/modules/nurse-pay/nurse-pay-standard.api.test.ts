import { describe, expect, it } from 'vitest';
import { nursePayStandardContract, Permission, type NursePayStandard, type PageResult, type PayStandardFound } from '@care/shared';
import { expectEachForbidden, MISSING_ID, resultOf, signedInUser, useAdminApp } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';

const R = Object.fromEntries(Object.entries(nursePayStandardContract).map(([name, c]) => [name, c.path])) as Record<keyof typeof nursePayStandardContract, string>;

describe('薪酬标准', () => {
  const ctx = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = ctx.admin) => ctx.t.post<T>(url, body, { token });
  const add = (values: Record<string, unknown>) => resultOf(post<NursePayStandard>(R.add, values));

  it('adds, lists with filters, edits under the version lock, deletes', async () => {
    const gold = await add({ level: 'gold', practiceType: 'confinement_nurse', serviceType: 'center', price26Days: '15600', dailyRate: '600', remark: '金牌会所' });
    expect(gold).toMatchObject({ level: 'gold', practiceType: 'confinement_nurse', serviceType: 'center', price26Days: '15600.00', dailyRate: '600.00', enabled: true, version: 1 });
    await add({ level: 'junior', practiceType: 'confinement_nurse', serviceType: 'center', price26Days: '7800', dailyRate: '300' });

    const list = await resultOf(post<PageResult<NursePayStandard>>(R.list, { practiceType: 'confinement_nurse', column: 'dailyRate', order: 'desc' }));
    expect(list.records.map((r) => r.dailyRate)).toEqual(['600.00', '300.00']);
    expect((await resultOf(post<PageResult<NursePayStandard>>(R.list, { level: 'gold' }))).records.map((r) => r.id)).toEqual([gold.id]);

    const edited = await resultOf(post<NursePayStandard>(R.edit, { ...gold, dailyRate: '620.50', enabled: false }));
    expect(edited).toMatchObject({ dailyRate: '620.50', enabled: false, version: 2 });
    expect((await post(R.edit, { ...gold, dailyRate: '1' })).body).toMatchObject({ code: '101', message: '数据已被他人修改，请刷新后重试' });
    expect((await post(R.add, { level: 'gold', practiceType: 'nanny', serviceType: 'home', price26Days: '1.234' })).body.code).toBe('101');

    await resultOf(post(R.delete, { id: gold.id }));
    expect((await post(R.queryById, { id: gold.id })).status).toBe(404);
    expect((await post(R.queryById, { id: MISSING_ID })).status).toBe(404);
  });

  it('keeps one standard per level × practice type × service form, naming the combination', async () => {
    const first = await add({ level: 'senior', practiceType: 'nanny', serviceType: 'home', price26Days: '9000', dailyRate: '346.15' });
    const taken = '「高级 · 育儿嫂 · 到家」的薪酬标准已存在，同一等级、从业类型和服务方式只能有一条';
    expect((await post(R.add, { level: 'senior', practiceType: 'nanny', serviceType: 'home', price26Days: '1', dailyRate: '1' })).body).toMatchObject({ code: '101', message: taken });
    const other = await add({ level: 'senior', practiceType: 'nanny', serviceType: 'hospital', price26Days: '9000', dailyRate: '346.15' });
    // Moving another row onto the combination is refused too; a row keeps its own combination on edit.
    expect((await post(R.edit, { ...other, serviceType: 'home' })).body).toMatchObject({ code: '101', message: taken });
    expect(await resultOf(post<NursePayStandard>(R.edit, { ...first, remark: '改' }))).toMatchObject({ version: 2, remark: '改' });
    // Two adds of one combination at once: one wins, the other is told why.
    const racing = await Promise.all([1, 2].map(() => post(R.add, { level: 'middle', practiceType: 'lactation_consultant', serviceType: 'home', price26Days: '5200', dailyRate: '200' })));
    expect(racing.map((r) => r.body.code).sort()).toEqual(['0', '101']);
    expect(racing.find((r) => r.body.code === '101')!.body.message).toBe('「中级 · 催乳师 · 到家」的薪酬标准已存在，同一等级、从业类型和服务方式只能有一条');
  });

  it('looks up the enabled standard of a combination for the 派工 form', async () => {
    const std = await add({ level: 'gold', practiceType: 'infant_massage', serviceType: 'hospital', price26Days: '13000', dailyRate: '500' });
    const ask = { level: 'gold', practiceType: 'infant_massage', serviceType: 'hospital' };
    expect(await resultOf(post<PayStandardFound>(R.lookup, ask))).toEqual({ id: std.id, ...ask, price26Days: '13000.00', dailyRate: '500.00' });
    expect(await resultOf(post<PayStandardFound>(R.lookup, { ...ask, serviceType: 'center' }))).toBeNull();
    await resultOf(post(R.edit, { ...std, enabled: false }));
    expect(await resultOf(post<PayStandardFound>(R.lookup, ask))).toBeNull();
    expect((await post(R.lookup, { level: 'gold' })).body.code).toBe('101');
    // The 派工 form's action is enough; 薪酬标准's list is not.
    const { token: dispatcher } = await signedInUser(ctx.t, 'nps_dispatcher', { actions: [Permission.nurseAssignmentAdd], paths: ['/serve/nurseAssignment'] });
    expect((await post(R.lookup, ask, dispatcher)).body.code).toBe('0');
    const { token: reader } = await signedInUser(ctx.t, 'nps_reader', { actions: [Permission.nursePayStandardList], paths: ['/serve/nursePayStandard'] });
    expect((await post(R.lookup, ask, reader)).status).toBe(403);
  });

  it('exports the filtered list with the dictionaries\' labels', async () => {
    await add({ level: 'junior', practiceType: 'lactation_consultant', serviceType: 'center', price26Days: '5200', dailyRate: '200', remark: '备' });
    const { status, rows } = await exportXlsx(ctx.t, R.exportXls, { practiceType: 'lactation_consultant', serviceType: 'center' }, ctx.admin);
    expect(status).toBe(200);
    expect(rows[0]).toEqual(['月嫂等级', '从业类型', '服务方式', '26天参考价（元）', '日薪（元）', '状态', '备注']);
    expect(rows.slice(1)).toEqual([['初级', '催乳师', '会所', '5200.00', '200.00', '启用', '备']]);
  });

  it('answers 403 to a user without the actions', async () => {
    const { token } = await signedInUser(ctx.t, 'nps_nobody');
    await expectEachForbidden(ctx.t, R, [
      ['list', '', {}],
      ['queryById', '', { id: MISSING_ID }],
      ['add', '', { level: 'gold', practiceType: 'nanny', serviceType: 'home' }],
      ['edit', '', { id: MISSING_ID, version: 1, level: 'gold', practiceType: 'nanny', serviceType: 'home' }],
      ['delete', '', { id: MISSING_ID }],
      ['exportXls', '', {}],
      ['lookup', '', { level: 'gold', practiceType: 'nanny', serviceType: 'home' }],
    ], token);
  });
});
