import { describe, expect, it } from 'vitest';
import {
  contractContract,
  customerContract,
  monthlyNurseContract,
  orderContract,
  receivableContract,
  roomContract,
  serviceOrderContract,
  storeLevelContract,
  type Contract,
  type MyStore,
  type PageResult,
} from '@care/shared';
import { crmTestApp } from '../../test/crm-test-app.js';
import { resultOf, withDataRule } from '../../test/fixtures.js';
import { insertOrder } from '../receivable/receivable.test-data.js';
import { STORE_LEVEL_PAGES } from './store-level.seed.js';

// 门店 pages (docs/reports.md "Store pages"): the switcher's stores, and each module's own list route
// narrowed to the chosen store, under the module's permissions and data rules.
describe('store-level: my stores and the modules\' lists of one store', () => {
  const crm = crmTestApp(13710000000, ['nanshan.manager', 'futian.manager', 'nanshan.sales1']);
  const tag = `SL${Date.now().toString(36).slice(-5)}`;

  type Table = 'customer' | 'sales_order' | 'contract' | 'receivable' | 'room' | 'service_order' | 'monthly_nurse';
  /** The prepared rows of each table, by store. */
  const prepared: Record<Table, Record<string, string[]>> = {
    customer: {}, sales_order: {}, contract: {}, receivable: {}, room: {}, service_order: {}, monthly_nurse: {},
  };
  const keep = (table: Table, storeId: string, id: string) => (prepared[table][storeId] ??= []).push(id);

  /** In each demo store: 2 orders (with their customers), a contract, a receivable and a service of each, 2 rooms, 2 nurses. */
  async function prepare() {
    const db = crm.db;
    const companyId = (await db.selectFrom('store').select('company_id').where('id', '=', crm.nanshan).executeTakeFirstOrThrow()).company_id;
    for (const [n, storeId] of [crm.nanshan, crm.futian].entries()) {
      const roomType = await db.insertInto('room_type').values({ company_id: companyId, store_id: storeId, code: `${tag}T${n}`, name: `${tag}房型${n}` }).returning('id').executeTakeFirstOrThrow();
      for (let i = 0; i < 2; i++) {
        const order = await insertOrder(db, companyId, storeId, { customerName: `${tag}客户${n}${i}` });
        keep('customer', storeId, order.customerId);
        keep('sales_order', storeId, order.id);
        const contract = await db
          .insertInto('contract')
          .values({ company_id: companyId, contract_no: `${tag}HT${n}${i}`, order_id: order.id, customer_id: order.customerId, store_id: storeId, type: 'confinement', amount: '30000' })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep('contract', storeId, contract.id);
        const receivable = await db
          .insertInto('receivable')
          .values({ company_id: companyId, order_id: order.id, customer_id: order.customerId, store_id: storeId, item: 'balance', due_date: '2026-12-01', amount: '1000.00' })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep('receivable', storeId, receivable.id);
        const service = await db
          .insertInto('service_order')
          .values({ company_id: companyId, service_no: `${tag}FW${n}${i}`, order_id: order.id, customer_id: order.customerId, store_id: storeId, service_item: 'massage', scheduled_at: new Date('2026-12-02T02:00:00Z') })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep('service_order', storeId, service.id);
        const room = await db
          .insertInto('room')
          .values({ company_id: companyId, store_id: storeId, room_type_id: roomType.id, room_no: `${tag}${n}0${i}`, floor: 9 })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep('room', storeId, room.id);
        const nurse = await db
          .insertInto('monthly_nurse')
          .values({ company_id: companyId, nurse_no: `${tag}YS${n}${i}`, name: `${tag}月嫂${n}${i}`, level: 'gold', practice_type: 'full_time', service_type: 'home', employment: 'own', store_id: storeId })
          .returning('id')
          .executeTakeFirstOrThrow();
        keep('monthly_nurse', storeId, nurse.id);
      }
    }
    return companyId;
  }

  /** Every row of a list (pages of 500), as a user calls it. */
  async function listAll(contract: Contract, token: string, filters: Record<string, unknown>) {
    const rows: { id: string; storeId: string | null }[] = [];
    let total = 0;
    for (let pageNo = 1; ; pageNo++) {
      const page = await resultOf(crm.t.post<PageResult<{ id: string; storeId: string | null }>>(contract.path, { pageNo, pageSize: 500, ...filters }, { token }));
      rows.push(...page.records);
      total = page.total;
      if (page.records.length < 500) break;
    }
    return { rows, total };
  }

  const lists: [string, Contract, Table][] = [
    ['门店客户', customerContract.list, 'customer'],
    ['门店订单', orderContract.list, 'sales_order'],
    ['门店合同', contractContract.list, 'contract'],
    ['门店应收', receivableContract.list, 'receivable'],
    ['门店房间', roomContract.list, 'room'],
    ['门店服务', serviceOrderContract.list, 'service_order'],
    ['门店月嫂', monthlyNurseContract.list, 'monthly_nurse'],
  ];

  /** The ids the records hold for the store (the whole company's rows, not only the prepared ones). */
  async function idsInStore(table: Table, companyId: string, storeId: string): Promise<string[]> {
    const rows = await crm.db.selectFrom(table).select('id').where('company_id', '=', companyId).where('store_id', '=', storeId).execute();
    return rows.map((r) => r.id).sort();
  }

  it('answers the switcher\'s stores: a 店长\'s and a 销售顾问\'s own, every store for the exempt administrator', async () => {
    const db = crm.db;
    const companyId = (await db.selectFrom('store').select('company_id').where('id', '=', crm.nanshan).executeTakeFirstOrThrow()).company_id;
    // A third store, disabled, that the 南山 店长 also works in (user_store), and a fourth no demo user belongs to.
    const extra = await db
      .insertInto('store')
      .values({ company_id: companyId, code: `${tag}X`, name: `${tag}分店`, modes: ['hospital'], enabled: false, sort: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    const lonely = await db.insertInto('store').values({ company_id: companyId, code: `${tag}Y`, name: `${tag}空店`, modes: ['hospital'], sort: 9 }).returning('id').executeTakeFirstOrThrow();
    await db.insertInto('user_store').values({ user_id: crm.userId['nanshan.manager']!, store_id: extra.id }).execute();
    const myStores = (who: string) => resultOf(crm.t.post<MyStore[]>(storeLevelContract.myStores.path, {}, { token: crm.token[who]! }));

    // The 店长 manages 南山店 and works in the new one: enabled stores first.
    expect((await myStores('nanshan.manager')).map((s) => s.id)).toEqual([crm.nanshan, extra.id]);
    expect((await myStores('nanshan.manager'))[1]).toMatchObject({ code: `${tag}X`, name: `${tag}分店`, enabled: false });
    expect((await myStores('futian.manager')).map((s) => s.id)).toEqual([crm.futian]);
    // The consultant works in 南山店 (user_store).
    const worksIn = await db.selectFrom('user_store').select('store_id').where('user_id', '=', crm.userId['nanshan.sales1']!).execute();
    expect(worksIn.map((r) => r.store_id)).toEqual([crm.nanshan]);
    expect((await myStores('nanshan.sales1')).map((s) => s.id)).toEqual([crm.nanshan]);
    // The administrator (超级管理员) sees every store of the company, the disabled one last.
    const all = await db.selectFrom('store').select(['id', 'enabled', 'sort', 'code']).where('company_id', '=', companyId).execute();
    const expected = all.sort((a, b) => Number(b.enabled) - Number(a.enabled) || a.sort - b.sort || a.code.localeCompare(b.code)).map((s) => s.id);
    const admin = await resultOf(crm.t.post<MyStore[]>(storeLevelContract.myStores.path, {}, { token: crm.token.admin! }));
    expect(admin.map((s) => s.id)).toEqual(expected);
    expect(admin.map((s) => s.id)).toContain(lonely.id);
    expect(admin.at(-1)?.id).toBe(extra.id);
    // Signed out: refused.
    expect((await crm.t.post(storeLevelContract.myStores.path, {})).body.code).not.toBe('0');

    await db.deleteFrom('user_store').where('store_id', '=', extra.id).execute();
    await db.deleteFrom('store').where('id', 'in', [extra.id, lonely.id]).execute();
    expect((await myStores('nanshan.manager')).map((s) => s.id)).toEqual([crm.nanshan]);
  });

  it('each module\'s list with a storeId answers that store\'s rows only, for the administrator and the store\'s 店长', async () => {
    const companyId = await prepare();
    for (const [page, contract, table] of lists) {
      for (const [storeId, other] of [[crm.nanshan, crm.futian], [crm.futian, crm.nanshan]] as const) {
        const { rows, total } = await listAll(contract, crm.token.admin!, { storeId });
        const ids = rows.map((r) => r.id).sort();
        expect(ids, `${page} ${storeId}`).toEqual(await idsInStore(table, companyId, storeId));
        expect(total, page).toBe(ids.length);
        expect(rows.every((r) => r.storeId === storeId), page).toBe(true);
        for (const id of prepared[table][storeId]!) expect(ids, page).toContain(id);
        for (const id of prepared[table][other]!) expect(ids, page).not.toContain(id);
      }
      // The 南山 店长 through the same route: her store's rows; the whole list without a store is hers too.
      const mine = await listAll(contract, crm.token['nanshan.manager']!, { storeId: crm.nanshan });
      expect(mine.rows.map((r) => r.id).sort(), page).toEqual(await idsInStore(table, companyId, crm.nanshan));
    }
  });

  it('a store-scoped user who forges another store in the request gets none of its rows', async () => {
    const companyId = (await crm.db.selectFrom('store').select('company_id').where('id', '=', crm.nanshan).executeTakeFirstOrThrow()).company_id;
    expect(prepared.sales_order[crm.futian]?.length, 'prepared by the test before').toBe(2);
    const scoped = lists.filter(([, , table]) => table !== 'room');
    for (const who of ['nanshan.manager', 'nanshan.sales1']) {
      for (const [page, contract, table] of scoped) {
        // The consultant holds no service or nurse list: those routes refuse her outright.
        if (who === 'nanshan.sales1' && (table === 'service_order' || table === 'monthly_nurse' || table === 'receivable')) {
          expect((await crm.t.post(contract.path, { pageNo: 1, pageSize: 10, storeId: crm.futian }, { token: crm.token[who]! })).body.code, page).not.toBe('0');
          continue;
        }
        const forged = await listAll(contract, crm.token[who]!, { storeId: crm.futian });
        expect(forged, `${who} ${page}`).toEqual({ rows: [], total: 0 });
      }
    }
    // 福田 has rows of each of them: the records, not an empty store, are what she is denied.
    for (const [, , table] of scoped) expect((await idsInStore(table, companyId, crm.futian)).length).toBeGreaterThanOrEqual(2);

    // Rooms carry no store rule in the demo (every holder of 房间 sees the company's rooms); with one, a 店长 is held to her stores too.
    const storeRule = { resource: 'room', name: `${tag}本门店的房间`, columnKey: 'storeId', condition: 'IN', value: '#{sys_store_ids}', enabled: true };
    await withDataRule(crm.t, crm.token.admin!, '/room/room', storeRule, async () => {
      expect(await listAll(roomContract.list, crm.token['nanshan.manager']!, { storeId: crm.futian })).toEqual({ rows: [], total: 0 });
      const own = await listAll(roomContract.list, crm.token['nanshan.manager']!, { storeId: crm.nanshan });
      expect(own.rows.map((r) => r.id).sort()).toEqual(await idsInStore('room', companyId, crm.nanshan));
      // The exempt administrator is not held by the rule.
      expect((await listAll(roomContract.list, crm.token.admin!, { storeId: crm.futian })).rows.map((r) => r.id).sort()).toEqual(await idsInStore('room', companyId, crm.futian));
    });
  });

  it('the demo 店长 is given the 门店 folder and pages (menus only: her buttons and data rules decide the rows)', async () => {
    const granted = await crm.db
      .selectFrom('security_group_permission as gp')
      .innerJoin('security_group as g', 'g.id', 'gp.group_id')
      .innerJoin('sys_permission as p', 'p.id', 'gp.permission_id')
      .select('p.path')
      .where('g.code', '=', 'store_manager')
      .execute();
    expect(granted.map((p) => p.path)).toEqual(expect.arrayContaining(['/store', ...STORE_LEVEL_PAGES]));
  });
});
