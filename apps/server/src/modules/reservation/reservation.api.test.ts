import { describe, expect, it } from 'vitest';
import { ErrorText, Permission, type Customer, type Lead, type PageResult, type Reservation } from '@care/shared';
import { crmTestApp } from '../../test/crm-test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { exportXlsx } from '../../test/xlsx.js';

const R = '/online/reservation';
const L = '/online/lead';
const DAY = 86_400_000;
// A Shanghai calendar date `days` from now.
const dateIn = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);

describe('reservations (参观 visits)', () => {
  const crm = crmTestApp(13300000000);
  const { token, userId, nextPhone } = crm;

  const addLead = async (who: string, extra: Record<string, unknown> = {}) =>
    (await crm.t.post<Lead>(`${L}/add`, { name: '孙悦', phone: nextPhone(), preferredStoreId: crm.nanshan, ...extra }, { token: token[who] })).body.result;
  const addCustomer = async (who: string, extra: Record<string, unknown> = {}) =>
    (await crm.t.post<Customer>('/online/customer/add', { name: '郑欣然', phone: nextPhone(), storeId: crm.nanshan, ...extra }, { token: token[who] })).body.result;
  const book = (who: string, body: Record<string, unknown>) => crm.t.post<Reservation>(`${R}/add`, { storeId: crm.nanshan, at: `${dateIn(2)} 10:00`, ...body }, { token: token[who] });
  const leadOf = async (id: string) => (await crm.t.post<Lead>(`${L}/queryById`, { id }, { token: token.admin })).body.result;

  it('booking a visit for a lead moves it to 已预约参观 in the same transaction', async () => {
    const lead = await addLead('nanshan.sales1');
    const res = await book('nanshan.sales1', { leadId: lead.id, visitors: 3, receptionistId: userId['nanshan.manager'], remark: '带家属' });
    expect(res.body).toMatchObject({ code: '0', message: '预约成功！' });
    expect(res.body.result).toMatchObject({
      kind: 'visit', status: 'pending', leadId: lead.id, customerId: null, subjectName: '孙悦', subjectPhone: lead.phone, storeName: '南山店',
      at: `${dateIn(2)} 10:00:00`, visitors: 3, receptionistName: '王丽娟', ownerId: userId['nanshan.sales1'], ownerName: '李晓梅', remark: '带家属',
    });
    expect(res.body.result.reservationNo).toMatch(/^YY\d{8}\d{4}$/);
    expect((await leadOf(lead.id)).status).toBe('visit_booked');
    // One 待到店 visit per lead.
    const again = await book('nanshan.sales1', { leadId: lead.id, at: `${dateIn(3)} 15:00` });
    expect(again.body).toMatchObject({ code: '101', message: `已有待到店的参观预约：${res.body.result.reservationNo}（${dateIn(2)} 10:00:00）` });
  });

  it('refuses closed leads, the past, bad stores and receptionists, and invisible subjects; nothing half written', async () => {
    const lost = await addLead('nanshan.sales1');
    await crm.t.post(`${L}/close`, { id: lost.id, status: 'lost', reason: '预算不足' }, { token: token['nanshan.sales1'] });
    expect((await book('nanshan.sales1', { leadId: lost.id })).body).toMatchObject({ code: '101', message: '线索当前状态为「已流失」，不能预约参观' });
    const lead = await addLead('nanshan.sales1');
    expect((await book('nanshan.sales1', { leadId: lead.id, at: '2020-01-01 10:00' })).body).toMatchObject({ code: '101', message: '预约时间不能早于当前时间' });
    expect((await book('nanshan.sales1', { leadId: lead.id, storeId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' })).body).toMatchObject({ code: '101', message: '门店不存在或已停用' });
    expect((await book('nanshan.sales1', { leadId: lead.id, receptionistId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' })).body).toMatchObject({ code: '101', message: '接待人不是本公司的在职用户' });
    expect((await book('nanshan.sales1', { leadId: lead.id, at: '2026-13-01 10:00' })).body.message).toContain('请选择正确的预约时间!');
    expect((await book('nanshan.sales1', { leadId: lead.id, visitors: 0 })).body.message).toContain('到访人数必须是1到20之间的整数');
    expect((await book('nanshan.sales1', {})).body.message).toContain('请选择线索或客户');
    const customer = await addCustomer('nanshan.sales1');
    expect((await book('nanshan.sales1', { leadId: lead.id, customerId: customer.id })).body.message).toContain('线索和客户只能选择一个');
    expect((await leadOf(lead.id)).status).toBe('pending');
    // Another consultant's lead or customer: 404.
    const colleagues = await addLead('nanshan.sales2');
    const colleagueCustomer = await addCustomer('nanshan.sales2');
    expect((await book('nanshan.sales1', { leadId: colleagues.id })).body.code).toBe('404');
    expect((await book('nanshan.sales1', { customerId: colleagueCustomer.id })).body.code).toBe('404');
    expect((await leadOf(colleagues.id)).status).toBe('pending');
    expect(await crm.db.selectFrom('reservation').select('id').where('lead_id', 'in', [lost.id, lead.id, colleagues.id]).execute()).toEqual([]);
  });

  it('arrived / no-show / cancelled from 待到店 only, with refusals naming the status', async () => {
    const customer = await addCustomer('nanshan.sales1');
    const visit = (await book('nanshan.sales1', { customerId: customer.id })).body.result;
    expect(visit).toMatchObject({ customerId: customer.id, subjectName: '郑欣然', ownerId: userId['nanshan.sales1'] });
    // 未到店 is refused before the visit time.
    expect((await crm.t.post(`${R}/noShow`, { id: visit.id, version: visit.version }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '预约时间未到，不能标记为未到店' });
    const arrived = await crm.t.post<Reservation>(`${R}/arrive`, { id: visit.id, version: visit.version }, { token: token['nanshan.sales1'] });
    expect(arrived.body).toMatchObject({ code: '0', message: '已标记为已到店', result: { status: 'arrived', version: visit.version + 1 } });
    expect(arrived.body.result.closedAt).not.toBeNull();
    const v = arrived.body.result.version;
    expect((await crm.t.post(`${R}/cancel`, { id: visit.id, version: v }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '预约当前状态为「已到店」，不能取消' });
    expect((await crm.t.post(`${R}/arrive`, { id: visit.id, version: v }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '预约当前状态为「已到店」，不能标记为已到店' });
    expect((await crm.t.post(`${R}/edit`, { id: visit.id, version: v, storeId: crm.nanshan, at: `${dateIn(5)} 09:00` }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '预约当前状态为「已到店」，不能修改' });

    // A visit whose time has passed may be marked 未到店.
    const late = (await book('nanshan.sales1', { customerId: customer.id })).body.result;
    await crm.db.updateTable('reservation').set({ at: new Date(Date.now() - DAY) }).where('id', '=', late.id).execute();
    const noShow = await crm.t.post<Reservation>(`${R}/noShow`, { id: late.id, version: late.version }, { token: token['nanshan.sales1'] });
    expect(noShow.body).toMatchObject({ code: '0', message: '已标记为未到店', result: { status: 'no_show' } });
    expect((await crm.t.post(`${R}/cancel`, { id: late.id, version: noShow.body.result.version }, { token: token['nanshan.sales1'] })).body.message).toBe('预约当前状态为「未到店」，不能取消');

    const third = (await book('nanshan.sales1', { customerId: customer.id })).body.result;
    const cancelled = await crm.t.post<Reservation>(`${R}/cancel`, { id: third.id, version: third.version, reason: '客户临时有事' }, { token: token['nanshan.sales1'] });
    expect(cancelled.body).toMatchObject({ code: '0', message: '预约已取消', result: { status: 'cancelled', cancelReason: '客户临时有事' } });
    expect((await crm.t.post(`${R}/noShow`, { id: third.id, version: cancelled.body.result.version }, { token: token['nanshan.sales1'] })).body.message).toBe('预约当前状态为「已取消」，不能标记为未到店');
  });

  it('a visit move writes its state_change row; a refused move changes nothing', async () => {
    const changes = (id: string) =>
      crm.db.selectFrom('state_change').select(['resource', 'event', 'from_state', 'to_state', 'reason', 'changed_by']).where('record_id', '=', id).orderBy('changed_at').execute();
    const visit = (await book('nanshan.sales1', { leadId: (await addLead('nanshan.sales1')).id })).body.result;
    const cancelled = await crm.t.post<Reservation>(`${R}/cancel`, { id: visit.id, version: visit.version, reason: '改约下周' }, { token: token['nanshan.sales1'] });
    expect(cancelled.body.code).toBe('0');
    const written = [{ resource: 'reservation', event: 'cancel', from_state: 'pending', to_state: 'cancelled', reason: '改约下周', changed_by: userId['nanshan.sales1'] }];
    expect(await changes(visit.id)).toEqual(written);
    const refused = await crm.t.post(`${R}/arrive`, { id: visit.id, version: cancelled.body.result.version }, { token: token['nanshan.sales1'] });
    expect(refused.body).toMatchObject({ code: '101', message: '预约当前状态为「已取消」，不能标记为已到店' });
    expect(await changes(visit.id)).toEqual(written);
    const row = await crm.db.selectFrom('reservation').select(['status', 'version', 'cancel_reason']).where('id', '=', visit.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'cancelled', version: cancelled.body.result.version, cancel_reason: '改约下周' });
    // 未到店 before the visit time is refused inside the move: nothing written either.
    const coming = (await book('nanshan.sales1', { leadId: (await addLead('nanshan.sales1')).id })).body.result;
    expect((await crm.t.post(`${R}/noShow`, { id: coming.id, version: coming.version }, { token: token['nanshan.sales1'] })).body.code).toBe('101');
    expect(await changes(coming.id)).toEqual([]);
    expect((await crm.db.selectFrom('reservation').select(['status', 'version']).where('id', '=', coming.id).executeTakeFirstOrThrow())).toEqual({ status: 'pending', version: coming.version });
  });

  it('reschedules a 待到店 visit with its version; a stale version answers 101', async () => {
    const lead = await addLead('nanshan.sales1');
    const visit = (await book('nanshan.sales1', { leadId: lead.id })).body.result;
    const edited = await crm.t.post<Reservation>(`${R}/edit`, { id: visit.id, version: visit.version, storeId: crm.futian, at: `${dateIn(4)} 16:30`, visitors: 2, receptionistId: null, remark: '改期' }, { token: token['nanshan.sales1'] });
    expect(edited.body).toMatchObject({ code: '0', message: '编辑成功!', result: { storeName: '福田店', at: `${dateIn(4)} 16:30:00`, visitors: 2, remark: '改期' } });
    const stale = await crm.t.post(`${R}/edit`, { id: visit.id, version: visit.version, storeId: crm.nanshan, at: `${dateIn(4)} 10:00` }, { token: token['nanshan.sales1'] });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await crm.t.post(`${R}/arrive`, { id: visit.id, version: visit.version }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
  });

  it('data rules: a 销售顾问 sees their own visits, a 店长 their stores\'; others\' answer 404', async () => {
    const mine = (await book('nanshan.sales1', { leadId: (await addLead('nanshan.sales1', { name: '范围甲' })).id, at: `${dateIn(10)} 09:00` })).body.result;
    const colleague = (await book('nanshan.sales2', { leadId: (await addLead('nanshan.sales2', { name: '范围乙' })).id, at: `${dateIn(10)} 11:00` })).body.result;
    const other = (await book('futian.sales1', { leadId: (await addLead('futian.sales1', { name: '范围丙', preferredStoreId: crm.futian })).id, storeId: crm.futian, at: `${dateIn(10)} 15:00` })).body.result;
    const listIds = async (who: string) =>
      (await crm.t.post<PageResult<Reservation>>(`${R}/list`, { pageSize: 100, subjectName: '范围' }, { token: token[who] })).body.result.records.map((r) => r.id);
    expect(await listIds('nanshan.sales1')).toEqual([mine.id]);
    expect((await listIds('nanshan.manager')).sort()).toEqual([mine.id, colleague.id].sort());
    expect(await listIds('futian.manager')).toEqual([other.id]);
    expect(await listIds('admin')).toHaveLength(3);
    expect((await crm.t.post(`${R}/queryById`, { id: colleague.id }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${R}/arrive`, { id: colleague.id, version: colleague.version }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${R}/cancel`, { id: other.id, version: other.version }, { token: token['nanshan.manager'] })).body.code).toBe('404');
    expect((await crm.t.post<Reservation>(`${R}/queryById`, { id: colleague.id }, { token: token['nanshan.manager'] })).body.result.subjectName).toBe('范围乙');
  });

  it('the calendar lists a day or a week of visits, oldest first, under the same rules; filters the list', async () => {
    const day = dateIn(20);
    const lead1 = await addLead('nanshan.sales1', { name: '日历甲' });
    const lead2 = await addLead('nanshan.sales1', { name: '日历乙' });
    const late = (await book('nanshan.sales1', { leadId: lead1.id, at: `${day} 16:00` })).body.result;
    const early = (await book('nanshan.sales1', { leadId: lead2.id, at: `${day} 09:30` })).body.result;
    const nextWeek = (await book('nanshan.sales2', { leadId: (await addLead('nanshan.sales2', { name: '日历丙' })).id, at: `${dateIn(25)} 10:00` })).body.result;
    const cal = async (who: string, body: Record<string, unknown>) => (await crm.t.post<Reservation[]>(`${R}/calendar`, body, { token: token[who] })).body;
    expect((await cal('nanshan.sales1', { from: day, to: day })).result.map((r) => r.id)).toEqual([early.id, late.id]);
    expect((await cal('nanshan.manager', { from: day, to: dateIn(26) })).result.map((r) => r.id)).toEqual(expect.arrayContaining([early.id, late.id, nextWeek.id]));
    expect((await cal('nanshan.sales1', { from: day, to: dateIn(26) })).result.map((r) => r.id)).not.toContain(nextWeek.id);
    expect((await cal('admin', { from: day, to: day, storeId: crm.futian })).result).toEqual([]);
    expect((await cal('admin', { from: dateIn(26), to: day })).message).toContain('结束日期不能早于开始日期');
    expect((await cal('admin', { from: day, to: dateIn(80) })).message).toContain('日历最多查询42天');
    const page = await crm.t.post<PageResult<Reservation>>(`${R}/list`, { dateFrom: day, dateTo: day, column: 'at', order: 'asc', subjectPhone: lead2.phone }, { token: token['nanshan.sales1'] });
    expect(page.body.result.records.map((r) => r.id)).toEqual([early.id]);
    const byLead = await crm.t.post<PageResult<Reservation>>(`${R}/list`, { leadId: lead1.id, status: 'pending' }, { token: token['nanshan.sales1'] });
    expect(byLead.body.result.records.map((r) => r.id)).toEqual([late.id]);
    const bad = await crm.t.post(`${R}/list`, { column: 'r.at; drop table reservation' }, { token: token['nanshan.sales1'] });
    expect(bad.body.message).toContain('不支持的排序字段');
  });

  it('filters the list by booking date', async () => {
    const visit = (await book('nanshan.sales1', { leadId: (await addLead('nanshan.sales1', { name: '建档日期' })).id, at: `${dateIn(6)} 10:00` })).body.result;
    const ids = async (filters: Record<string, unknown>) =>
      (await crm.t.post<PageResult<Reservation>>(`${R}/list`, { subjectName: '建档日期', ...filters }, { token: token['nanshan.sales1'] })).body.result.records.map((r) => r.id);
    expect(await ids({ createdFrom: dateIn(0), createdTo: dateIn(0) })).toEqual([visit.id]);
    expect(await ids({ createdTo: dateIn(-1) })).toEqual([]);
    expect(await ids({ createdFrom: dateIn(1) })).toEqual([]);
    expect((await crm.t.post(`${R}/list`, { createdFrom: '2026-02-30' }, { token: token['nanshan.sales1'] })).body.message).toContain('日期不正确');
  });

  it('exports the filtered, data-ruled list as xlsx; formula-looking text stays text', async () => {
    const lead = await addLead('nanshan.sales1', { name: '导出参观' });
    const visit = (await book('nanshan.sales1', { leadId: lead.id, at: `${dateIn(7)} 14:30`, visitors: 2, remark: '=HYPERLINK("http://x","y")' })).body.result;
    await book('nanshan.sales2', { leadId: (await addLead('nanshan.sales2', { name: '导出参观' })).id, at: `${dateIn(7)} 15:30` });
    await book('futian.sales1', { leadId: (await addLead('futian.sales1', { name: '导出参观', preferredStoreId: crm.futian })).id, storeId: crm.futian, at: `${dateIn(7)} 16:30` });
    const exportAs = (who: string, filters: Record<string, unknown>) => exportXlsx(crm.t, `${R}/exportXls`, filters, token[who]!);
    const manager = await exportAs('nanshan.manager', { subjectName: '导出参观', column: 'at', order: 'asc' });
    expect(manager.rows[0]).toEqual(['预约编号', '类型', '姓名', '手机号', '参观门店', '参观时间', '到访人数', '状态', '顾问', '接待人', '取消原因', '结束时间', '备注', '创建时间']);
    // The 店长 of 南山店 sees the two 南山店 visits, not 福田店's.
    expect(manager.rows.slice(1).map((r) => [r[2], r[4], r[5], r[8]])).toEqual([
      ['导出参观', '南山店', `${dateIn(7)} 14:30:00`, '李晓梅'],
      ['导出参观', '南山店', `${dateIn(7)} 15:30:00`, '杨婷'],
    ]);
    expect(manager.rows[1]).toMatchObject({ 0: visit.reservationNo, 1: '线索', 3: lead.phone, 6: '2', 7: '待到店', 12: '\'=HYPERLINK("http://x","y")' });
    expect((await exportAs('futian.manager', { subjectName: '导出参观' })).rows.slice(1).map((r) => r[4])).toEqual(['福田店']);
    expect((await exportAs('admin', { subjectName: '导出参观', storeId: crm.futian })).rows).toHaveLength(2);
    // Consultants have no export button in the demo roles.
    expect((await exportAs('nanshan.sales1', {})).status).toBe(403);
  });

  it('answers 403 for every reservation route without its action, and 200 with it', async () => {
    await createUserWith(crm.db, { username: 'reservation_nobody', paths: ['/crm/reservation'] });
    const nobody = await crm.t.login('reservation_nobody', TEST_PASSWORD);
    for (const url of ['list', 'calendar', 'queryById', 'add', 'edit', 'arrive', 'noShow', 'cancel', 'exportXls']) {
      expect((await crm.t.post(`${R}/${url}`, {}, { token: nobody })).body.code, url).toBe('403');
    }
    await createUserWith(crm.db, { username: 'reservation_lister', actions: [Permission.reservationList] });
    const lister = await crm.t.login('reservation_lister', TEST_PASSWORD);
    expect((await crm.t.post(`${R}/list`, {}, { token: lister })).body.code).toBe('0');
    expect((await crm.t.post(`${R}/add`, {}, { token: lister })).body.code).toBe('403');
  });
});
