import { describe, expect, it } from 'vitest';
import { customerListItemSchema, CustomerText, ErrorText, Permission, type Baby, type Customer, type Customer360, type FollowUp, type Lead, type LeadConvertResult, type PageResult } from '@care/shared';
import { crmTestApp } from '../../test/crm-test-app.js';
import { signedInUser } from '../../test/fixtures.js';
import { exportXlsx } from '../../test/xlsx.js';

const C = '/online/customer';
const B = '/online/baby';
const L = '/online/lead';
const F = '/online/followUp';
const ID_CARD = '11010519491231002X';

describe('customers, babies, customer follow-ups and lead conversion', () => {
  const crm = crmTestApp(13700000000);
  const { token, userId, nextPhone } = crm;

  const add = (who: string, extra: Record<string, unknown> = {}) =>
    crm.t.post<Customer>(`${C}/add`, { name: '陈静怡', phone: nextPhone(), storeId: crm.nanshan, dueDate: '2026-09-01', ...extra }, { token: token[who] });
  const list = async (who: string, body: Record<string, unknown> = {}) => (await crm.t.post<PageResult<Customer>>(`${C}/list`, { pageSize: 100, ...body }, { token: token[who] })).body;
  const ids = (page: PageResult<Customer>) => page.records.map((r) => r.id);
  const byId = (who: string, id: string) => crm.t.post<Customer>(`${C}/queryById`, { id }, { token: token[who] });
  const addLead = (who: string, extra: Record<string, unknown> = {}) =>
    crm.t.post<Lead>(`${L}/add`, { name: '赵雨桐', phone: nextPhone(), preferredStoreId: crm.nanshan, dueDate: '2026-10-01', ...extra }, { token: token[who] });

  it('a consultant creates a customer: numbered by rule, owned by the creator, 意向客户', async () => {
    const res = await add('nanshan.sales1', {
      name: '林书瑶',
      idType: 'id_card',
      idNo: ID_CARD,
      tags: ['second_child', 'special_diet'],
      level: 'vip',
      parity: 2,
      deliveryMode: 'caesarean',
      companionName: '林先生',
      companionPhone: '13600000000',
      allergies: '青霉素',
    });
    expect(res.body).toMatchObject({ code: '0', message: '添加成功！' });
    const customer = res.body.result;
    expect(customer.customerNo).toMatch(/^KH\d{8}\d{4}$/);
    expect(customer).toMatchObject({
      name: '林书瑶',
      ownerId: userId['nanshan.sales1'],
      ownerName: '李晓梅',
      storeName: '南山店',
      status: 'intention',
      tags: ['second_child', 'special_diet'],
      level: 'vip',
      allergies: '青霉素',
      // A 销售顾问 has no crm:customer:viewIdNo: masked even by id.
      idNo: '110***********002X',
      idNoMasked: true,
    });
  });

  it('validates fields with Chinese messages naming them', async () => {
    expect((await add('nanshan.sales1', { phone: '123' })).body.message).toContain('请输入正确的手机号!');
    expect((await add('nanshan.sales1', { name: '' })).body.message).toContain('请输入客户姓名!');
    expect((await add('nanshan.sales1', { storeId: undefined })).body.message).toContain('请选择所属门店!');
    expect((await add('nanshan.sales1', { idType: 'id_card', idNo: '110105194912310021' })).body.message).toContain('身份证号码不正确');
    expect((await add('nanshan.sales1', { idNo: 'E12345678' })).body.message).toContain('请选择证件类型');
    expect((await add('nanshan.sales1', { deliveryDate: '2026-02-30' })).body.message).toContain('分娩日期不正确');
    const disabled = await add('nanshan.sales1', { storeId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' });
    expect(disabled.body).toMatchObject({ code: '101', message: '所属门店不存在或已停用' });
  });

  it('lists mask ID numbers; by id the full number needs crm:customer:viewIdNo', async () => {
    const customer = (await add('nanshan.sales1', { idType: 'id_card', idNo: ID_CARD })).body.result;
    const inList = (await list('admin', { phone: customer.phone })).result.records[0]!;
    expect(inList).toMatchObject({ idNo: '110***********002X', idNoMasked: true });
    // A list row carries the list's columns only; forms read the customer by id.
    expect(Object.keys(inList).sort()).toEqual(Object.keys(customerListItemSchema.shape).sort());
    expect(customerListItemSchema.strict().safeParse(inList).success).toBe(true);
    // 超级管理员 and 店长 (granted the button) see it in full by id.
    expect((await byId('admin', customer.id)).body.result).toMatchObject({ idNo: ID_CARD, idNoMasked: false });
    expect((await byId('nanshan.manager', customer.id)).body.result).toMatchObject({ idNo: ID_CARD, idNoMasked: false });
    expect((await byId('nanshan.sales1', customer.id)).body.result).toMatchObject({ idNo: '110***********002X', idNoMasked: true });
    // An edit that leaves idNo out keeps the stored number; null clears it.
    const { idNo: _masked, ...rest } = (await byId('nanshan.sales1', customer.id)).body.result;
    const edited = await crm.t.post<Customer>(`${C}/edit`, { ...rest, name: '改名后' }, { token: token['nanshan.sales1'] });
    expect(edited.body).toMatchObject({ code: '0', message: '编辑成功!', result: { name: '改名后' } });
    expect((await byId('admin', customer.id)).body.result.idNo).toBe(ID_CARD);
    const cleared = await crm.t.post<Customer>(`${C}/edit`, { ...edited.body.result, idNo: null }, { token: token['nanshan.sales1'] });
    expect(cleared.body.result).toMatchObject({ idNo: null, idType: null, idNoMasked: false });
  });

  it('refuses a phone held by another customer of the company, naming it and its owner only within the caller\'s data rules', async () => {
    const first = (await add('nanshan.sales1')).body.result;
    const dup = await add('futian.sales1', { phone: first.phone, storeId: crm.futian });
    expect(dup.body).toMatchObject({ code: '101', message: CustomerText.duplicatePhoneHidden });
    const seen = await add('nanshan.manager', { phone: first.phone });
    expect(seen.body).toMatchObject({ code: '101', message: `手机号已存在客户：${first.customerNo}（${first.name}），负责人：李晓梅` });
    const other = (await add('nanshan.sales1')).body.result;
    const edit = await crm.t.post(`${C}/edit`, { ...other, idNo: undefined, phone: first.phone }, { token: token['nanshan.sales1'] });
    expect(edit.body.code).toBe('101');
    expect(edit.body.message).toContain(first.customerNo);
  });

  it('edits carry the version: a stale one answers 101 and changes nothing', async () => {
    const customer = (await add('nanshan.sales1')).body.result;
    const body = { ...customer, idNo: undefined };
    const edited = await crm.t.post<Customer>(`${C}/edit`, { ...body, name: '周梦琪', level: 'svip' }, { token: token['nanshan.sales1'] });
    expect(edited.body.result).toMatchObject({ name: '周梦琪', level: 'svip', version: customer.version + 1 });
    const stale = await crm.t.post(`${C}/edit`, { ...body, name: '旧版本' }, { token: token['nanshan.sales1'] });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await byId('nanshan.sales1', customer.id)).body.result.name).toBe('周梦琪');
  });

  it('data rules: a 销售顾问 sees and changes only their own customers, a 店长 their stores\', admin all', async () => {
    const mine = (await add('nanshan.sales1', { name: '规则甲' })).body.result;
    const colleague = (await add('nanshan.sales2', { name: '规则乙' })).body.result;
    const other = (await add('futian.sales1', { name: '规则丙', storeId: crm.futian })).body.result;
    expect(ids((await list('nanshan.sales1', { name: '规则' })).result)).toEqual([mine.id]);
    expect(ids((await list('nanshan.manager', { name: '规则' })).result).sort()).toEqual([mine.id, colleague.id].sort());
    expect(ids((await list('futian.manager', { name: '规则' })).result)).toEqual([other.id]);
    expect(ids((await list('admin', { name: '规则' })).result)).toHaveLength(3);
    // By id, edit, 360, babies and follow-ups on another consultant's customer: 404, like a missing one.
    expect((await byId('nanshan.sales1', colleague.id)).body.code).toBe('404');
    expect((await crm.t.post(`${C}/view360`, { id: colleague.id }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${C}/edit`, { ...colleague, idNo: undefined, name: '越权' }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${B}/add`, { customerId: colleague.id, name: '越权宝宝' }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${B}/list`, { customerId: colleague.id }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${F}/add`, { customerId: colleague.id, type: 'sales', way: 'phone', content: '越权' }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await crm.t.post(`${F}/list`, { customerId: colleague.id }, { token: token['nanshan.sales1'] })).body.code).toBe('404');
    expect((await byId('futian.manager', mine.id)).body.code).toBe('404');
    expect((await byId('nanshan.manager', colleague.id)).body.code).toBe('0');
    expect((await byId('nanshan.sales2', colleague.id)).body.result.name).toBe('规则乙');
  });

  it('filters by phone prefix, owner, status, store, level, tag and due-date range; sorts by key only', async () => {
    const a = (await add('admin', { name: '筛选甲', phone: '13598760001', dueDate: '2026-05-10', level: 'vip', tags: ['twins'] })).body.result;
    const b = (await add('admin', { name: '筛选乙', phone: '13598760002', dueDate: '2026-07-20', storeId: crm.futian, nextFollowAt: '2020-01-01 09:00' })).body.result;
    expect(ids((await list('admin', { phone: '1359876' })).result).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await list('admin', { phone: '1359876', level: 'vip' })).result)).toEqual([a.id]);
    expect(ids((await list('admin', { phone: '1359876', tag: 'twins' })).result)).toEqual([a.id]);
    expect(ids((await list('admin', { phone: '1359876', storeId: crm.futian })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1359876', dueDateFrom: '2026-07-01', dueDateTo: '2026-07-31' })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1359876', followDue: true })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1359876', nextFollowFrom: '2020-01-01 09:00:00', nextFollowTo: '2020-01-01 09:00:00' })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1359876', nextFollowFrom: '2020-01-01 09:00:01' })).result)).toEqual([]);
    expect(ids((await list('admin', { phone: '1359876', status: 'intention', column: 'dueDate', order: 'asc' })).result)).toEqual([a.id, b.id]);
    expect(ids((await list('admin', { phone: '1359876', status: 'checked_in' })).result)).toEqual([]);
    expect(ids((await list('admin', { phone: '1359876', ownerId: userId['nanshan.sales1'] })).result)).toEqual([]);
    for (const evil of ["' or 1=1 --", '1%', '_']) {
      const res = await list('admin', { name: evil, customerNo: evil, phone: evil });
      expect(res.code).toBe('0');
      expect(res.result.total).toBe(0);
    }
    const badSort = await list('admin', { column: 'c.phone; drop table customer' });
    expect(badSort.success).toBe(false);
    expect(badSort.message).toContain('不支持的排序字段');
  });

  it('exports the filtered, data-ruled list as xlsx with masked ID numbers', async () => {
    await add('nanshan.sales1', { name: '导出客户', idType: 'id_card', idNo: ID_CARD });
    const exportAs = (who: string, filters: Record<string, unknown>) => exportXlsx(crm.t, `${C}/exportXls`, filters, token[who]!);
    const mine = await exportAs('nanshan.manager', { name: '导出客户' });
    expect(mine.rows[0]?.slice(0, 3)).toEqual(['客户编号', '姓名', '手机号']);
    expect(mine.rows.slice(1).map((r) => [r[1], r[5]])).toEqual([['导出客户', '110***********002X']]);
    expect((await exportAs('futian.manager', { name: '导出客户' })).rows).toHaveLength(1);
    expect((await exportAs('nanshan.sales1', {})).status).toBe(403);
  });

  it('babies: add, list, edit with version, delete; validated', async () => {
    const customer = (await add('nanshan.sales1')).body.result;
    const res = await crm.t.post<Baby>(`${B}/add`, { customerId: customer.id, name: '小糖果', gender: 'F', birthAt: '2026-03-01 08:30', gestationWeeks: 39, birthWeight: 3250, birthLength: '50.5', bloodType: 'O' }, { token: token['nanshan.sales1'] });
    expect(res.body).toMatchObject({ code: '0', message: '添加成功！', result: { name: '小糖果', gender: 'F', birthAt: '2026-03-01 08:30:00', birthWeight: 3250, birthLength: '50.5' } });
    const baby = res.body.result;
    expect((await crm.t.post(`${B}/add`, { customerId: customer.id, name: '体重错', birthWeight: 100 }, { token: token['nanshan.sales1'] })).body.message).toContain('出生体重必须是300到8000克之间的整数');
    expect((await crm.t.post(`${B}/add`, { customerId: customer.id, name: '' }, { token: token['nanshan.sales1'] })).body.message).toContain('请输入宝宝姓名!');
    const edited = await crm.t.post<Baby>(`${B}/edit`, { ...baby, name: '小糖豆' }, { token: token['nanshan.sales1'] });
    expect(edited.body).toMatchObject({ code: '0', result: { name: '小糖豆', version: 2 } });
    expect((await crm.t.post(`${B}/edit`, { ...baby, name: '旧' }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await crm.t.post(`${B}/edit`, { ...baby, version: 2, name: '越权' }, { token: token['nanshan.sales2'] })).body.code).toBe('404');
    const listed = await crm.t.post<Baby[]>(`${B}/list`, { customerId: customer.id }, { token: token['nanshan.sales1'] });
    expect(listed.body.result.map((b) => b.name)).toEqual(['小糖豆']);
    // A 销售顾问 has no crm:baby:delete; the 店长 does.
    expect((await crm.t.post(`${B}/delete`, { id: baby.id }, { token: token['nanshan.sales1'] })).body.code).toBe('403');
    expect((await crm.t.post(`${B}/delete`, { id: baby.id }, { token: token['futian.manager'] })).body.code).toBe('404');
    expect((await crm.t.post(`${B}/delete`, { id: baby.id }, { token: token['nanshan.manager'] })).body).toMatchObject({ code: '0', message: '删除成功!' });
    expect((await crm.t.post<Baby[]>(`${B}/list`, { customerId: customer.id }, { token: token['nanshan.sales1'] })).body.result).toEqual([]);
  });

  it('follow-ups on a customer move its last and next follow-up times; lead follow-ups still work', async () => {
    const customer = (await add('nanshan.sales1')).body.result;
    const res = await crm.t.post<FollowUp>(`${F}/add`, { customerId: customer.id, type: 'visit', way: 'face_to_face', content: '上门回访，恢复良好', nextFollowAt: '2026-05-01 10:00' }, { token: token['nanshan.sales1'] });
    expect(res.body).toMatchObject({ code: '0', result: { customerId: customer.id, leadId: null, content: '上门回访，恢复良好' } });
    const after = (await byId('nanshan.sales1', customer.id)).body.result;
    expect(after.nextFollowAt).toBe('2026-05-01 10:00:00');
    expect(after.lastFollowAt).not.toBeNull();
    const page = await crm.t.post<PageResult<FollowUp>>(`${F}/list`, { customerId: customer.id }, { token: token['nanshan.sales1'] });
    expect(page.body.result.records.map((f) => f.id)).toEqual([res.body.result.id]);
    const edited = await crm.t.post<FollowUp>(`${F}/edit`, { ...res.body.result, content: '改' }, { token: token['nanshan.sales1'] });
    expect(edited.body.result.content).toBe('改');
    expect((await crm.t.post(`${F}/edit`, { ...edited.body.result, content: '越权' }, { token: token['nanshan.sales2'] })).body.code).toBe('404');
    // Neither or both subjects are refused.
    expect((await crm.t.post(`${F}/add`, { type: 'sales', way: 'phone', content: 'x' }, { token: token['nanshan.sales1'] })).body.message).toContain('缺少线索ID');
    const lead = (await addLead('nanshan.sales1')).body.result;
    expect((await crm.t.post(`${F}/add`, { leadId: lead.id, customerId: customer.id, type: 'sales', way: 'phone', content: 'x' }, { token: token['nanshan.sales1'] })).body.message).toContain('线索和客户只能选择一个');
    expect((await crm.t.post(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'phone', content: '线索跟进' }, { token: token['nanshan.sales1'] })).body.code).toBe('0');
  });

  it('converts a lead: a new customer carrying its fields, linked both ways, the lead 已转化, in one go', async () => {
    const lead = (await addLead('nanshan.sales1', { name: '吴佳琪', wechat: 'wjq88', parity: 2, remark: '朋友推荐' })).body.result;
    await crm.t.post(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'phone', content: '有意向' }, { token: token['nanshan.sales1'] });
    const res = await crm.t.post<LeadConvertResult>(`${L}/convert`, { id: lead.id }, { token: token['nanshan.sales1'] });
    expect(res.body).toMatchObject({ code: '0', message: '转化成功！', result: { leadId: lead.id, created: true } });
    const { customerId, customerNo } = res.body.result;
    expect(customerNo).toMatch(/^KH/);
    const customer = (await byId('nanshan.sales1', customerId)).body.result;
    expect(customer).toMatchObject({
      name: '吴佳琪', phone: lead.phone, wechat: 'wjq88', parity: 2, dueDate: '2026-10-01', storeId: crm.nanshan, remark: '朋友推荐',
      ownerId: userId['nanshan.sales1'], status: 'intention', leadId: lead.id, leadNo: lead.leadNo,
    });
    expect(customer.lastFollowAt).not.toBeNull();
    const after = (await crm.t.post<Lead>(`${L}/queryById`, { id: lead.id }, { token: token['nanshan.sales1'] })).body.result;
    expect(after).toMatchObject({ status: 'converted', customerId });
    // The 360 page shows the lead's follow-ups with the customer's own.
    const view = await crm.t.post<Customer360>(`${C}/view360`, { id: customerId }, { token: token['nanshan.sales1'] });
    expect(view.body.result.followUps.map((f) => f.content)).toEqual(['有意向']);
    // A converted lead refuses a second conversion and every later move.
    expect((await crm.t.post(`${L}/convert`, { id: lead.id }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '线索当前状态为「已转化」，不能转为客户' });
    expect((await crm.t.post(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'phone', content: 'x' }, { token: token['nanshan.sales1'] })).body.code).toBe('101');
  });

  it('conversion links to the existing customer with the phone; refuses closed, invisible and storeless leads', async () => {
    const existing = (await add('nanshan.sales1')).body.result;
    const lead = (await addLead('nanshan.sales1', { phone: existing.phone })).body.result;
    const res = await crm.t.post<LeadConvertResult>(`${L}/convert`, { id: lead.id }, { token: token['nanshan.sales1'] });
    expect(res.body.result).toEqual({ leadId: lead.id, customerId: existing.id, customerNo: existing.customerNo, created: false });
    expect((await byId('nanshan.sales1', existing.id)).body.result.leadId).toBe(lead.id);
    expect(await crm.db.selectFrom('customer').select('id').where('phone', '=', existing.phone).execute()).toHaveLength(1);

    const lost = (await addLead('nanshan.sales1')).body.result;
    await crm.t.post(`${L}/close`, { id: lost.id, status: 'lost', reason: '已选其他会所' }, { token: token['nanshan.sales1'] });
    expect((await crm.t.post(`${L}/convert`, { id: lost.id }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '线索当前状态为「已流失」，不能转为客户' });

    const colleagues = (await addLead('nanshan.sales2')).body.result;
    expect((await crm.t.post(`${L}/convert`, { id: colleagues.id }, { token: token['nanshan.sales1'] })).body.code).toBe('404');

    const storeless = (await addLead('nanshan.sales1', { preferredStoreId: null })).body.result;
    expect((await crm.t.post(`${L}/convert`, { id: storeless.id }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '请选择所属门店!' });
    // Nothing was half written: still open, no customer.
    expect((await crm.t.post<Lead>(`${L}/queryById`, { id: storeless.id }, { token: token['nanshan.sales1'] })).body.result).toMatchObject({ status: 'pending', customerId: null });
    const withStore = await crm.t.post<LeadConvertResult>(`${L}/convert`, { id: storeless.id, storeId: crm.futian }, { token: token['nanshan.sales1'] });
    expect(withStore.body.code).toBe('0');
    expect((await byId('nanshan.sales1', withStore.body.result.customerId)).body.result.storeId).toBe(crm.futian);
  });

  it('the 360 view: profile, babies, follow-ups and visits', async () => {
    const customer = (await add('nanshan.sales1', { idType: 'id_card', idNo: ID_CARD })).body.result;
    await crm.t.post(`${B}/add`, { customerId: customer.id, name: '大宝' }, { token: token['nanshan.sales1'] });
    await crm.t.post(`${F}/add`, { customerId: customer.id, type: 'sales', way: 'phone', content: '约参观' }, { token: token['nanshan.sales1'] });
    const at = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const visit = await crm.t.post('/online/reservation/add', { customerId: customer.id, storeId: crm.nanshan, at: `${at} 14:00` }, { token: token['nanshan.sales1'] });
    expect(visit.body.code).toBe('0');
    const view = (await crm.t.post<Customer360>(`${C}/view360`, { id: customer.id }, { token: token['nanshan.sales1'] })).body;
    expect(view.code).toBe('0');
    expect(view.result.customer).toMatchObject({ id: customer.id, idNoMasked: true });
    expect(view.result.babies.map((b) => b.name)).toEqual(['大宝']);
    expect(view.result.followUps.map((f) => f.content)).toEqual(['约参观']);
    expect(view.result.followUpTotal).toBe(1);
    expect(view.result.reservations).toHaveLength(1);
    expect(view.result.reservations[0]).toMatchObject({ status: 'pending', at: `${at} 14:00:00`, subjectName: customer.name });
  });

  it('answers 403 for every customer, baby and convert route without its action, and 200 with it', async () => {
    const { token: nobody } = await signedInUser(crm.t, 'customer_nobody', { paths: ['/crm/customer'] });
    const routes = [
      `${C}/list`, `${C}/queryById`, `${C}/view360`, `${C}/add`, `${C}/edit`, `${C}/exportXls`,
      `${B}/list`, `${B}/add`, `${B}/edit`, `${B}/delete`, `${L}/convert`,
    ];
    for (const url of routes) expect((await crm.t.post(url, {}, { token: nobody })).body.code, url).toBe('403');
    const { token: lister } = await signedInUser(crm.t, 'customer_lister', { actions: [Permission.customerList] });
    expect((await crm.t.post(`${C}/list`, {}, { token: lister })).body.code).toBe('0');
    expect((await crm.t.post(`${C}/add`, {}, { token: lister })).body.code).toBe('403');
  });
});
