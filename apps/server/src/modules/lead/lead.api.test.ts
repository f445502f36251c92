import { describe, expect, it } from 'vitest';
import { ErrorText, LeadText, Permission, type FollowUp, type Lead, type PageResult } from '@care/shared';
import { crmTestApp } from '../../test/crm-test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';
import { releaseIdleLeads } from './lead-pool.job.js';
import { exportXlsx } from '../../test/xlsx.js';

const L = '/online/lead';
const F = '/online/followUp';
const DAY = 24 * 60 * 60 * 1000;

describe('leads, the pool and follow-ups', () => {
  const crm = crmTestApp(13800000000);
  const { token, userId, nextPhone } = crm;

  const add = (who: string, extra: Record<string, unknown> = {}) =>
    crm.t.post<Lead>(`${L}/add`, { name: '张小雨', phone: nextPhone(), preferredStoreId: crm.nanshan, dueDate: '2026-09-01', intentionGrade: 'A', ...extra }, { token: token[who] });
  const list = async (who: string, body: Record<string, unknown> = {}) => (await crm.t.post<PageResult<Lead>>(`${L}/list`, { pageSize: 100, ...body }, { token: token[who] })).body;
  const ids = (page: PageResult<Lead>) => page.records.map((r) => r.id);
  const byId = (who: string, id: string) => crm.t.post<Lead>(`${L}/queryById`, { id }, { token: token[who] });

  it('a consultant creates a lead: numbered by rule, owned by the creator, 待跟进', async () => {
    const res = await add('nanshan.sales1', { name: '王思琪', budget: '38000.50', gestationWeeks: 28, parity: 1, nextFollowAt: '2026-03-01 10:00' });
    expect(res.body.code).toBe('0');
    expect(res.body.message).toBe('添加成功！');
    const lead = res.body.result;
    expect(lead.leadNo).toMatch(/^XS\d{8}\d{4}$/);
    expect(lead).toMatchObject({ name: '王思琪', ownerId: userId['nanshan.sales1'], ownerName: '李晓梅', status: 'pending', budget: '38000.50', preferredStoreName: '南山店', nextFollowAt: '2026-03-01 10:00:00' });
  });

  it('validates fields with Chinese messages naming them', async () => {
    const bad = await add('nanshan.sales1', { phone: '12345' });
    expect(bad.body.success).toBe(false);
    expect(bad.body.message).toContain('请输入正确的手机号!');
    const noName = await add('nanshan.sales1', { name: '' });
    expect(noName.body.message).toContain('请输入客户姓名!');
    const badDate = await add('nanshan.sales1', { dueDate: '2026-02-30' });
    expect(badDate.body.message).toContain('预产期不正确');
  });

  it('refuses a phone held by another open lead, naming that lead and its owner only within the caller\'s data rules', async () => {
    const first = (await add('nanshan.sales1')).body.result;
    const dup = await add('futian.sales1', { phone: first.phone, preferredStoreId: null });
    expect(dup.body.code).toBe('101');
    expect(dup.body.message).toBe(LeadText.duplicatePhoneHidden);
    expect((await add('admin', { phone: first.phone })).body.message).toBe(`手机号已存在未关闭的线索：${first.leadNo}（${first.name}），负责人：李晓梅`);
    // Editing another lead onto that phone is refused too.
    const other = (await add('nanshan.sales1')).body.result;
    const edit = await crm.t.post(`${L}/edit`, { ...other, phone: first.phone }, { token: token['nanshan.sales1'] });
    expect(edit.body.code).toBe('101');
    expect(edit.body.message).toContain(first.leadNo);
  });

  it('adding a follow-up moves the lead to 跟进中 with its last and next follow-up times, in one go', async () => {
    const lead = (await add('nanshan.sales1')).body.result;
    const res = await crm.t.post<FollowUp>(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'phone', content: '电话沟通，客户对套餐感兴趣', nextFollowAt: '2026-04-02 15:30:00' }, { token: token['nanshan.sales1'] });
    expect(res.body.code).toBe('0');
    expect(res.body.result).toMatchObject({ leadId: lead.id, content: '电话沟通，客户对套餐感兴趣', nextFollowAt: '2026-04-02 15:30:00', createdByName: '李晓梅' });
    const after = (await byId('nanshan.sales1', lead.id)).body.result;
    expect(after.status).toBe('following');
    expect(after.nextFollowAt).toBe('2026-04-02 15:30:00');
    expect(after.lastFollowAt).not.toBeNull();
    expect(after.version).toBe(lead.version + 1);
    const page = (await crm.t.post<PageResult<FollowUp>>(`${F}/list`, { leadId: lead.id }, { token: token['nanshan.sales1'] })).body.result;
    expect(page.total).toBe(1);
    // A failing follow-up (closed lead) writes nothing: no record, no time moved.
    await crm.t.post(`${L}/close`, { id: lead.id, status: 'invalid', reason: '空号' }, { token: token['nanshan.sales1'] });
    const refused = await crm.t.post(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'phone', content: '再次联系' }, { token: token['nanshan.sales1'] });
    expect(refused.body).toMatchObject({ code: '101', message: '线索当前状态为「无效」，不能添加跟进记录' });
    expect((await crm.t.post<PageResult<FollowUp>>(`${F}/list`, { leadId: lead.id }, { token: token['nanshan.sales1'] })).body.result.total).toBe(1);
  });

  it('follow-up edit keeps the version lock; delete removes it', async () => {
    const lead = (await add('nanshan.sales1')).body.result;
    const fu = (await crm.t.post<FollowUp>(`${F}/add`, { leadId: lead.id, type: 'sales', way: 'wechat', content: '微信联系' }, { token: token['nanshan.sales1'] })).body.result;
    const edited = await crm.t.post<FollowUp>(`${F}/edit`, { id: fu.id, version: fu.version, type: 'consult', way: 'wechat', content: '微信咨询价格' }, { token: token['nanshan.sales1'] });
    expect(edited.body.result.content).toBe('微信咨询价格');
    const stale = await crm.t.post(`${F}/edit`, { id: fu.id, version: fu.version, type: 'consult', way: 'wechat', content: 'x' }, { token: token['nanshan.sales1'] });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    // Consultants may not delete follow-ups; an administrator may.
    expect((await crm.t.post(`${F}/delete`, { id: fu.id }, { token: token['nanshan.sales1'] })).body.code).toBe('403');
    expect((await crm.t.post(`${F}/delete`, { id: fu.id }, { token: token.admin })).body.code).toBe('0');
    expect((await crm.t.post(`${F}/delete`, { id: fu.id }, { token: token.admin })).body.code).toBe('404');
  });

  it('data rules: a consultant sees only their leads, a 店长 their stores\', admin the company\'s — in lists and by id', async () => {
    const mine = (await add('nanshan.sales1')).body.result;
    const noStore = (await add('nanshan.sales1', { preferredStoreId: null })).body.result;
    expect(ids((await list('nanshan.sales1')).result)).toContain(mine.id);
    expect(ids((await list('nanshan.sales2')).result)).not.toContain(mine.id);
    expect((await list('nanshan.sales2')).result.records.every((r) => r.ownerId === userId['nanshan.sales2'])).toBe(true);
    const manager = ids((await list('nanshan.manager')).result);
    expect(manager).toContain(mine.id);
    expect(manager).not.toContain(noStore.id);
    expect(ids((await list('futian.manager')).result)).not.toContain(mine.id);
    expect(ids((await list('admin')).result)).toEqual(expect.arrayContaining([mine.id, noStore.id]));

    // By id, every action on another consultant's lead answers 404, exactly like a missing one.
    const other = token['nanshan.sales2'];
    expect((await byId('nanshan.sales2', mine.id)).body.code).toBe('404');
    expect((await byId('futian.manager', mine.id)).body.code).toBe('404');
    expect((await byId('nanshan.manager', mine.id)).body.code).toBe('0');
    expect((await crm.t.post(`${L}/edit`, { ...mine, name: '改名' }, { token: other })).body.code).toBe('404');
    expect((await crm.t.post(`${L}/release`, { ids: [mine.id] }, { token: other })).body.code).toBe('404');
    expect((await crm.t.post(`${L}/close`, { id: mine.id, status: 'lost', reason: 'x' }, { token: other })).body.code).toBe('404');
    expect((await crm.t.post(`${F}/add`, { leadId: mine.id, type: 'sales', way: 'phone', content: 'x' }, { token: other })).body.code).toBe('404');
    expect((await crm.t.post(`${F}/list`, { leadId: mine.id }, { token: other })).body.code).toBe('404');
    // The 店长 of the other store cannot transfer or assign it either.
    expect((await crm.t.post(`${L}/transfer`, { ids: [mine.id], ownerId: userId['futian.sales1'] }, { token: token['futian.manager'] })).body.code).toBe('404');
    expect((await crm.t.post(`${L}/assign`, { ids: [mine.id], ownerId: userId['futian.sales1'] }, { token: token['futian.manager'] })).body.code).toBe('404');
    // Nothing changed.
    expect((await byId('nanshan.sales1', mine.id)).body.result).toMatchObject({ name: mine.name, ownerId: userId['nanshan.sales1'], status: 'pending', version: mine.version });
  });

  it('transfer, release to the pool, claim and assign; the new owner gets a message', async () => {
    const lead = (await add('nanshan.sales1')).body.result;
    const messagesOf = async (who: string) =>
      (await crm.db.selectFrom('message').select(['title', 'bus_id']).where('recipient_id', '=', userId[who]!).where('bus_id', '=', lead.id).execute()).length;

    const transfer = await crm.t.post(`${L}/transfer`, { ids: [lead.id], ownerId: userId['nanshan.sales2'] }, { token: token['nanshan.manager'] });
    expect(transfer.body).toMatchObject({ code: '0', message: '转移成功！', result: { updated: 1 } });
    expect(await messagesOf('nanshan.sales2')).toBe(1);
    expect((await byId('nanshan.sales2', lead.id)).body.result.ownerId).toBe(userId['nanshan.sales2']);
    expect((await byId('nanshan.sales1', lead.id)).body.code).toBe('404');
    // Transfer to the same owner, or of a pool lead, is refused.
    expect((await crm.t.post(`${L}/transfer`, { ids: [lead.id], ownerId: userId['nanshan.sales2'] }, { token: token['nanshan.manager'] })).body).toMatchObject({ code: '101', message: '该线索已属于所选顾问' });

    expect((await crm.t.post(`${L}/release`, { ids: [lead.id] }, { token: token['nanshan.sales2'] })).body).toMatchObject({ code: '0', result: { updated: 1 } });
    expect((await byId('nanshan.sales2', lead.id)).body.code).toBe('404');
    const pool = (await crm.t.post<PageResult<Lead>>(`${L}/poolList`, { pageSize: 100 }, { token: token['futian.sales1'] })).body.result;
    expect(ids(pool)).toContain(lead.id);
    expect(pool.records.find((r) => r.id === lead.id)).toMatchObject({ ownerId: null, ownerName: null });
    expect((await crm.t.post(`${L}/release`, { ids: [lead.id] }, { token: token['admin'] })).body).toMatchObject({ code: '101', message: '该线索在公海中，请先领取或分配' });
    expect((await crm.t.post(`${L}/transfer`, { ids: [lead.id], ownerId: userId['nanshan.sales1'] }, { token: token['admin'] })).body.code).toBe('101');

    expect((await crm.t.post(`${L}/claim`, { ids: [lead.id] }, { token: token['futian.sales1'] })).body).toMatchObject({ code: '0', result: { updated: 1 } });
    expect((await byId('futian.sales1', lead.id)).body.result.ownerId).toBe(userId['futian.sales1']);
    expect((await crm.t.post(`${L}/claim`, { ids: [lead.id] }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '该线索不在公海中' });
    expect((await crm.t.post(`${L}/assign`, { ids: [lead.id], ownerId: userId['nanshan.sales1'] }, { token: token['admin'] })).body).toMatchObject({ code: '101', message: '该线索不在公海中' });

    await crm.t.post(`${L}/release`, { ids: [lead.id] }, { token: token['futian.sales1'] });
    const assign = await crm.t.post(`${L}/assign`, { ids: [lead.id], ownerId: userId['nanshan.sales1'] }, { token: token['nanshan.manager'] });
    expect(assign.body).toMatchObject({ code: '0', message: '分配成功！', result: { updated: 1 } });
    expect(await messagesOf('nanshan.sales1')).toBe(1);
    const message = await crm.db.selectFrom('message').select(['title', 'content', 'open_page']).where('recipient_id', '=', userId['nanshan.sales1']!).where('bus_id', '=', lead.id).executeTakeFirstOrThrow();
    expect(message.title).toBe(`新线索：${lead.name}`);
    expect(message.content).toContain(lead.leadNo);
    expect(message.open_page).toBe('/crm/lead');
    // Assigning to someone outside the company (or unknown) is refused and changes nothing.
    await crm.t.post(`${L}/release`, { ids: [lead.id] }, { token: token['nanshan.sales1'] });
    expect((await crm.t.post(`${L}/assign`, { ids: [lead.id], ownerId: '5d1f7a3e-9b2c-4d6e-8f10-123456789abc' }, { token: token['admin'] })).body).toMatchObject({ code: '101', message: '所选顾问不是本公司的在职用户' });
    // A batch with one invisible or missing lead changes none of them.
    const another = (await add('nanshan.sales1')).body.result;
    await crm.t.post(`${L}/release`, { ids: [another.id] }, { token: token['nanshan.sales1'] });
    const mixed = await crm.t.post(`${L}/claim`, { ids: [lead.id, another.id, '5d1f7a3e-9b2c-4d6e-8f10-123456789abc'] }, { token: token['nanshan.sales2'] });
    expect(mixed.body.code).toBe('404');
    expect((await crm.t.post<PageResult<Lead>>(`${L}/poolList`, { pageSize: 100 }, { token: token['nanshan.sales2'] })).body.result.records.map((r) => r.id)).toEqual(
      expect.arrayContaining([lead.id, another.id]),
    );
  });

  it('lost / invalid need a reason, close the lead, refuse every later move and free its phone', async () => {
    const lead = (await add('nanshan.sales1')).body.result;
    const noReason = await crm.t.post(`${L}/close`, { id: lead.id, status: 'lost', reason: '' }, { token: token['nanshan.sales1'] });
    expect(noReason.body.message).toContain('请输入原因!');
    const lost = await crm.t.post<Lead>(`${L}/close`, { id: lead.id, status: 'lost', reason: '选择了其他会所' }, { token: token['nanshan.sales1'] });
    expect(lost.body.result).toMatchObject({ status: 'lost', closeReason: '选择了其他会所' });
    expect(lost.body.result.closedAt).not.toBeNull();
    const again = await crm.t.post(`${L}/close`, { id: lead.id, status: 'invalid', reason: 'x' }, { token: token['nanshan.sales1'] });
    expect(again.body).toMatchObject({ code: '101', message: '线索当前状态为「已流失」，不能标记为无效' });
    const current = (await byId('nanshan.sales1', lead.id)).body.result;
    expect((await crm.t.post(`${L}/edit`, { ...current, name: '改名' }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '线索当前状态为「已流失」，不能编辑' });
    expect((await crm.t.post(`${L}/release`, { ids: [lead.id] }, { token: token['nanshan.sales1'] })).body).toMatchObject({ code: '101', message: '线索当前状态为「已流失」，不能放入公海' });
    expect((await crm.t.post(`${L}/transfer`, { ids: [lead.id], ownerId: userId['nanshan.sales2'] }, { token: token['admin'] })).body.code).toBe('101');
    // The phone of a closed lead may start a new one.
    expect((await add('nanshan.sales2', { phone: lead.phone })).body.code).toBe('0');
  });

  it('closing writes a state_change row with the reason; a refused close changes nothing', async () => {
    const changes = (id: string) =>
      crm.db.selectFrom('state_change').select(['resource', 'event', 'from_state', 'to_state', 'reason', 'changed_by']).where('record_id', '=', id).execute();
    const lead = (await add('nanshan.sales1')).body.result;
    const closed = (await crm.t.post<Lead>(`${L}/close`, { id: lead.id, status: 'invalid', reason: '空号' }, { token: token['nanshan.sales1'] })).body.result;
    expect(closed).toMatchObject({ status: 'invalid', closeReason: '空号', version: lead.version + 1 });
    const written = [{ resource: 'lead', event: 'invalidate', from_state: 'pending', to_state: 'invalid', reason: '空号', changed_by: userId['nanshan.sales1'] }];
    expect(await changes(lead.id)).toEqual(written);
    const refused = await crm.t.post(`${L}/close`, { id: lead.id, status: 'lost', reason: '另选' }, { token: token['nanshan.sales1'] });
    expect(refused.body).toMatchObject({ code: '101', message: '线索当前状态为「无效」，不能标记为已流失' });
    expect(await changes(lead.id)).toEqual(written);
    expect((await byId('nanshan.sales1', lead.id)).body.result).toMatchObject({ status: 'invalid', closeReason: '空号', version: closed.version });
  });

  it('edits carry the version: a stale one answers 101 and changes nothing', async () => {
    const lead = (await add('nanshan.sales1')).body.result;
    const edited = await crm.t.post<Lead>(`${L}/edit`, { ...lead, name: '刘佳怡', intentionGrade: 'B' }, { token: token['nanshan.sales1'] });
    expect(edited.body).toMatchObject({ code: '0', message: '编辑成功!', result: { name: '刘佳怡', intentionGrade: 'B', version: lead.version + 1 } });
    const stale = await crm.t.post(`${L}/edit`, { ...lead, name: '旧版本' }, { token: token['nanshan.sales1'] });
    expect(stale.body).toMatchObject({ code: '101', message: ErrorText.staleVersion });
    expect((await byId('nanshan.sales1', lead.id)).body.result.name).toBe('刘佳怡');
  });

  it('filters by phone prefix, grade, status, due-date range, follow-up due and pool', async () => {
    const a = (await add('admin', { name: '筛选甲', phone: '13912340001', dueDate: '2026-05-10', intentionGrade: 'C' })).body.result;
    const b = (await add('admin', { name: '筛选乙', phone: '13912340002', dueDate: '2026-07-20', intentionGrade: 'D', nextFollowAt: '2020-01-01 09:00' })).body.result;
    expect(ids((await list('admin', { phone: '1391234' })).result).sort()).toEqual([a.id, b.id].sort());
    expect(ids((await list('admin', { phone: '1391234', intentionGrade: 'C' })).result)).toEqual([a.id]);
    expect(ids((await list('admin', { phone: '1391234', dueDateFrom: '2026-07-01', dueDateTo: '2026-07-31' })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1391234', followDue: true })).result)).toEqual([b.id]);
    expect(ids((await list('admin', { phone: '1391234', status: 'pending', column: 'dueDate', order: 'asc' })).result)).toEqual([a.id, b.id]);
    expect(ids((await list('admin', { phone: '1391234', inPool: true })).result)).toEqual([]);
    expect(ids((await list('admin', { name: '筛选', ownerId: userId['nanshan.sales1'] })).result)).toEqual([]);
  });

  it('injection strings in filters and the sort are data or a clear refusal, never SQL', async () => {
    const total = (await list('admin')).result.total;
    for (const evil of ["' or 1=1 --", '1%', '_', "'; select pg_sleep(1); --", '/**/union select * from app_user', '\t\' or \'a\'=\'a']) {
      const res = await list('admin', { name: evil, leadNo: evil, wechat: evil });
      expect(res.code).toBe('0');
      expect(res.result.total).toBe(0);
      // The phone filter is short: a long string is refused by validation, a short one finds nothing.
      const phone = await list('admin', { phone: evil });
      if (phone.code === '0') expect(phone.result.total).toBe(0);
      else expect(phone.message).not.toMatch(/syntax|relation|column|sql/i);
    }
    for (const column of ['name; drop table lead', 'l.phone', "createdAt' --", 'password_hash']) {
      const res = await list('admin', { column });
      expect(res.success).toBe(false);
      expect(res.message).toContain('不支持的排序字段');
    }
    const order = await list('admin', { order: 'desc; delete from lead' });
    expect(order.success).toBe(false);
    expect(order.message).not.toMatch(/syntax|select|relation/i);
    const badUuid = await list('admin', { ownerId: "' or 1=1 --" });
    expect(badUuid.success).toBe(false);
    expect(badUuid.message).toContain('负责人不正确');
    expect((await list('admin')).result.total).toBe(total);
  });

  it('exports the filtered, data-ruled list as xlsx', async () => {
    const exportAs = (who: string, filters: Record<string, unknown>) => exportXlsx(crm.t, `${L}/exportXls`, filters, token[who]!);
    const mine = await exportAs('nanshan.manager', { name: '王思琪' });
    expect(mine.rows[0]?.slice(0, 3)).toEqual(['线索编号', '姓名', '手机号']);
    expect(mine.rows.slice(1).map((r) => r[1])).toEqual(['王思琪']);
    expect((await exportAs('futian.manager', { name: '王思琪' })).rows).toHaveLength(1);
    expect((await exportAs('nanshan.sales1', {})).status).toBe(403);
  });

  it('the pool job releases owned 待跟进 / 跟进中 leads idle for N days, once, and nothing else', async () => {
    const idle = (await add('nanshan.sales1')).body.result;
    const followedLongAgo = (await add('nanshan.sales1')).body.result;
    const fresh = (await add('nanshan.sales1')).body.result;
    const closed = (await add('nanshan.sales1')).body.result;
    await crm.t.post(`${F}/add`, { leadId: followedLongAgo.id, type: 'sales', way: 'phone', content: '首次联系' }, { token: token['nanshan.sales1'] });
    await crm.t.post(`${L}/close`, { id: closed.id, status: 'invalid', reason: '重复' }, { token: token['nanshan.sales1'] });
    const longAgo = new Date(Date.now() - 40 * DAY);
    await crm.db.updateTable('lead').set({ assigned_at: longAgo }).where('id', 'in', [idle.id, followedLongAgo.id, closed.id]).execute();
    await crm.db.updateTable('lead').set({ last_follow_at: longAgo }).where('id', '=', followedLongAgo.id).execute();
    // A recent follow-up keeps a lead even when it was assigned long ago.
    const recent = (await add('nanshan.sales1')).body.result;
    await crm.db.updateTable('lead').set({ assigned_at: longAgo }).where('id', '=', recent.id).execute();
    await crm.t.post(`${F}/add`, { leadId: recent.id, type: 'sales', way: 'phone', content: '最近联系' }, { token: token['nanshan.sales1'] });

    const released = await releaseIdleLeads(crm.db, 30);
    const releasedIds = released.map((r) => r.id);
    expect(releasedIds).toEqual(expect.arrayContaining([idle.id, followedLongAgo.id]));
    expect(releasedIds).not.toContain(fresh.id);
    expect(releasedIds).not.toContain(closed.id);
    expect(releasedIds).not.toContain(recent.id);
    expect(released.find((r) => r.id === idle.id)?.previous_owner).toBe(userId['nanshan.sales1']);
    const rows = await crm.db.selectFrom('lead').select(['id', 'owner_id', 'released_at', 'status']).where('id', 'in', [idle.id, fresh.id, closed.id]).execute();
    expect(rows.find((r) => r.id === idle.id)).toMatchObject({ owner_id: null, status: 'pending' });
    expect(rows.find((r) => r.id === idle.id)?.released_at).not.toBeNull();
    expect(rows.find((r) => r.id === fresh.id)?.owner_id).toBe(userId['nanshan.sales1']);
    expect(rows.find((r) => r.id === closed.id)?.owner_id).toBe(userId['nanshan.sales1']);
    // Two instances running it: the second finds nothing left; 0 days turns it off.
    expect(await releaseIdleLeads(crm.db, 30)).toEqual([]);
    expect(await releaseIdleLeads(crm.db, 0)).toEqual([]);
    expect(ids((await crm.t.post<PageResult<Lead>>(`${L}/poolList`, { pageSize: 100 }, { token: token['nanshan.sales2'] })).body.result)).toContain(idle.id);
  });

  it('answers 403 for every lead and follow-up route without its action, and 200 with it', async () => {
    await createUserWith(crm.db, { username: 'lead_nobody', paths: ['/crm/lead'] });
    const nobody = await crm.t.login('lead_nobody', TEST_PASSWORD);
    const routes: [string, string][] = [
      [`${L}/list`, Permission.leadList], [`${L}/queryById`, Permission.leadList], [`${L}/add`, Permission.leadAdd], [`${L}/edit`, Permission.leadEdit],
      [`${L}/assign`, Permission.leadAssign], [`${L}/transfer`, Permission.leadTransfer], [`${L}/release`, Permission.leadRelease],
      [`${L}/poolList`, Permission.leadPool], [`${L}/claim`, Permission.leadClaim], [`${L}/close`, Permission.leadLost], [`${L}/exportXls`, Permission.leadExport],
      [`${F}/list`, Permission.followUpList], [`${F}/add`, Permission.followUpAdd], [`${F}/edit`, Permission.followUpEdit], [`${F}/delete`, Permission.followUpDelete],
    ];
    for (const [url] of routes) {
      const res = await crm.t.post(url, {}, { token: nobody });
      expect(res.body.code, url).toBe('403');
    }
    await createUserWith(crm.db, { username: 'lead_lister', actions: [Permission.leadList] });
    const lister = await crm.t.login('lead_lister', TEST_PASSWORD);
    expect((await crm.t.post(`${L}/list`, {}, { token: lister })).body.code).toBe('0');
    expect((await crm.t.post(`${L}/add`, {}, { token: lister })).body.code).toBe('403');
  });
});
