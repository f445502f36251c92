import { describe, expect, it } from 'vitest';
import { CustomerText, LeadText, MAX_PAGE_WINDOW, PagingText, UserText, type Customer, type Lead } from '@care/shared';
import { crmTestApp } from '../../test/crm-test-app.js';
import { createUserWith, TEST_PASSWORD } from '../../test/test-users.js';

// Issue 13, item 10: the smaller holes, each attacked.
describe('store-scoped writes, duplicate phones, paging and sort keys', () => {
  const crm = crmTestApp(13600000000, ['nanshan.sales1', 'nanshan.sales2', 'nanshan.manager']);
  const { token, nextPhone } = crm;
  const addCustomer = (who: string, extra: Record<string, unknown> = {}) =>
    crm.t.post<Customer>('/online/customer/add', { name: '范围测试', phone: nextPhone(), storeId: crm.nanshan, dueDate: '2026-09-01', ...extra }, { token: token[who] });

  it('a 店长 can neither create a customer in another store nor move one there', async () => {
    const created = await addCustomer('nanshan.manager', { storeId: crm.futian });
    expect(created.body).toMatchObject({ code: '101', message: CustomerText.outOfScope });
    const own = (await addCustomer('nanshan.manager')).body.result;
    expect(own.storeId).toBe(crm.nanshan);
    const moved = await crm.t.post('/online/customer/edit', { ...own, idNo: undefined, storeId: crm.futian }, { token: token['nanshan.manager'] });
    expect(moved.body).toMatchObject({ code: '101', message: CustomerText.outOfScope });
    const row = await crm.t.ctx.database.db.selectFrom('customer').select('store_id').where('id', '=', own.id).executeTakeFirstOrThrow();
    expect(row.store_id).toBe(crm.nanshan);
  });

  it('a duplicate phone outside the caller\'s data rules is not named', async () => {
    const theirs = (await addCustomer('nanshan.sales1', { name: '别人的客户' })).body.result;
    const dup = await addCustomer('nanshan.sales2', { phone: theirs.phone });
    expect(dup.body).toMatchObject({ code: '101', message: CustomerText.duplicatePhoneHidden });
    expect(dup.body.message).not.toContain(theirs.customerNo);
    const lead = await crm.t.post<Lead>('/online/lead/add', { name: '别人的线索', phone: nextPhone(), preferredStoreId: crm.nanshan, dueDate: '2026-10-01' }, { token: token['nanshan.sales1'] });
    const dupLead = await crm.t.post('/online/lead/add', { name: '抢号', phone: lead.body.result.phone, preferredStoreId: crm.nanshan, dueDate: '2026-10-01' }, { token: token['nanshan.sales2'] });
    expect(dupLead.body).toMatchObject({ code: '101', message: LeadText.duplicatePhoneHidden });
    // The owner still gets the full message.
    expect((await addCustomer('nanshan.sales1', { phone: theirs.phone })).body.message).toContain(theirs.customerNo);
  });

  it('a phone bound to another user is refused on profile save', async () => {
    const victim = await createUserWith(crm.t.ctx.database.db, { username: 'phone_owner', phone: '13500000001' });
    await createUserWith(crm.t.ctx.database.db, { username: 'phone_thief' });
    const thief = await crm.t.login('phone_thief', TEST_PASSWORD);
    const thiefId = (await crm.t.ctx.database.db.selectFrom('app_user').select('id').where('username', '=', 'phone_thief').executeTakeFirstOrThrow()).id;
    const res = await crm.t.put('/online/api/updateSysUser', { partyId: thiefId, firstName: '小偷', phone: '13500000001' }, { token: thief });
    expect(res.body).toMatchObject({ code: '101', message: UserText.phoneTaken });
    const row = await crm.t.ctx.database.db.selectFrom('app_user').select('phone').where('id', '=', thiefId).executeTakeFirstOrThrow();
    expect(row.phone).toBeNull();
    expect(victim.userId).toBeTruthy();
  });

  it('refuses a page number past the paging window, on every list', async () => {
    const deep = await crm.t.post('/online/customer/list', { pageNo: MAX_PAGE_WINDOW / 10 + 1, pageSize: 10 }, { token: token.admin });
    expect(deep.body).toMatchObject({ code: '101', message: PagingText.tooDeep });
    const huge = await crm.t.post('/online/loginLog/list', { pageNo: 1e12, pageSize: 500 }, { token: token.admin });
    expect(huge.body.code).toBe('101');
    expect(huge.body.message).toContain(PagingText.tooDeep);
    expect((await crm.t.post('/online/customer/list', { pageNo: 2, pageSize: 10 }, { token: token.admin })).body.code).toBe('0');
  });

  it('a sort key naming an inherited member (constructor, __proto__) is no 500', async () => {
    for (const column of ['constructor', '__proto__', 'toString', 'hasOwnProperty']) {
      for (const url of ['/online/loginLog/list', '/online/visitLog/list']) {
        const res = await crm.t.post(url, { pageNo: 1, pageSize: 5, column }, { token: token.admin });
        expect(res.status, `${url} ${column}`).toBe(200);
        expect(res.body.code, `${url} ${column}`).toBe('0');
      }
    }
  });
});
