import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { customerTradeContract, ErrorText, Permission, roomHoldContract, type Customer, type CustomerTrade, type Product, type RoomHold } from '@care/shared';
import { MISSING_ID, resultOf, signedInUser, useAdminApp, withDataRule } from '../../test/fixtures.js';

const TRADE = customerTradeContract.path;
const DAY = 86_400_000;
// A Shanghai calendar date `days` from now.
const dateIn = (days: number) => new Date(Date.now() + 8 * 3_600_000 + days * DAY).toISOString().slice(0, 10);
/** Every list action the 360 page's transaction tabs need. */
const TRADE_LISTS = [Permission.orderList, Permission.contractList, Permission.receivableList, Permission.paymentList, Permission.serviceOrderList, Permission.changeOrderList, Permission.roomHoldList];

describe('客户 360: the customer’s transactions', () => {
  const app = useAdminApp();
  const post = <T>(url: string, body: Record<string, unknown>, token = app.admin) => app.t.post<T>(url, body, { token });
  let seq = 0;

  const storeId = async (code: 'NS' | 'FT') => (await app.db.selectFrom('store').select('id').where('company_id', '=', app.companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;

  /**
   * A customer of the store with a hold (its deposit awaiting audit) and a checked-in order: an
   * effective contract of 36000, a plan of 定金 5000 (paid by an audited payment) + 尾款 31000 due
   * yesterday, an approved 续住 change order and a completed package service. Rows below the room hold
   * are written straight into their tables: this module only reads them.
   */
  const world = async (code: 'NS' | 'FT') => {
    const n = ++seq;
    const store = await storeId(code);
    const customer = await resultOf(post<Customer>('/online/customer/add', { name: `交易客户${n}`, phone: `1370000${String(n).padStart(4, '0')}`, storeId: store }));
    const item = { serviceItem: 'postpartum_recovery', onDemand: false, quantity: 2, validDays: null };
    const product = await resultOf(post<Product>('/online/product/add', { code: `C360${code}${n}`, name: `360套餐${n}`, kind: 'confinement_package', storeIds: [store], days: 28, listPrice: '38000', items: [item] }));
    const roomType = await app.db.selectFrom('room_type').select('id').where('store_id', '=', store).orderBy('code').executeTakeFirstOrThrow();
    const hold = await resultOf(
      post<RoomHold>(roomHoldContract.add.path, {
        customerId: customer.id, storeId: store, roomTypeId: roomType.id, plannedCheckIn: dateIn(60 + n * 30), days: 28,
        depositAmount: '2000', depositMethod: 'wechat', depositPaidAt: `${dateIn(0)} 09:30`, depositPayer: customer.name,
      }),
    );
    const ids = { company_id: app.companyId, customer_id: customer.id, store_id: store };
    const order = await app.db
      .insertInto('sales_order')
      .values({
        ...ids, order_no: `DD360${code}${n}`, product_id: product.id, product_version_id: product.currentVersionId!,
        product_snapshot: JSON.stringify({ code: product.code, name: product.name, kind: 'confinement_package', days: 28, roomTypeId: null, roomTypeName: null, listPrice: '38000.00', items: [item] }),
        days: 28, planned_check_in: dateIn(-10), planned_check_out: dateIn(18), reference_price: '38000', floor_price: '30000', deal_price: '36000', discount: '2000', status: 'checked_in', checked_in_at: new Date(),
      })
      .returning(['id', 'order_no'])
      .executeTakeFirstOrThrow();
    const contract = await app.db
      .insertInto('contract')
      .values({ ...ids, contract_no: `HT360${code}${n}`, order_id: order.id, type: 'confinement', amount: '36000', first_payment: '5000', status: 'effective', signed_at: new Date() })
      .returning('id')
      .executeTakeFirstOrThrow();
    // A voided contract of the same order does not count in 合同金额.
    await app.db.insertInto('contract').values({ ...ids, contract_no: `HT360${code}${n}V`, order_id: order.id, type: 'confinement', amount: '99999', first_payment: '0', status: 'voided' }).execute();
    const line = (item: string, due: string, amount: string, received: string) =>
      app.db.insertInto('receivable').values({ ...ids, order_id: order.id, contract_id: contract.id, item, due_date: due, amount, received, status: received === amount ? 'paid' : 'unpaid' }).returning('id').executeTakeFirstOrThrow();
    const deposit = await line('deposit', dateIn(-20), '5000', '5000');
    await line('final_payment', dateIn(-1), '31000', '0');
    const payment = await app.db
      .insertInto('payment')
      .values({ ...ids, payment_no: `SK360${code}${n}`, order_id: order.id, method: 'transfer', amount: '5000', paid_at: new Date(Date.now() - DAY), status: 'audited', payer: customer.name })
      .returning('id')
      .executeTakeFirstOrThrow();
    await app.db.insertInto('payment_allocation').values({ company_id: app.companyId, payment_id: payment.id, receivable_id: deposit.id, amount: '5000' }).execute();
    await app.db.insertInto('change_order').values({ ...ids, change_no: `BG360${code}${n}`, order_id: order.id, kind: 'extend', days: 3, amount_delta: '3900', reason: '续住三天', status: 'approved' }).execute();
    await app.db
      .insertInto('service_order')
      .values({ ...ids, service_no: `FW360${code}${n}`, order_id: order.id, service_item: 'postpartum_recovery', scheduled_at: new Date(), status: 'completed', source: 'package' })
      .execute();
    return { n, store, customer, order, hold };
  };

  const trade = (id: string, token = app.admin) => post<CustomerTrade>(TRADE, { id }, token);

  it('answers the orders, contracts, receivables, payments, services, change orders and holds of a customer with an order, and the money', async () => {
    const w = await world('NS');
    const other = await world('NS');
    const result = await resultOf(trade(w.customer.id));
    expect(result.orders).toMatchObject({ total: 1, records: [{ id: w.order.id, orderNo: w.order.order_no, status: 'checked_in', dealPrice: '36000.00', customerName: w.customer.name }] });
    expect(result.contracts!.total).toBe(2);
    expect(result.contracts!.records.map((c) => [c.contractNo, c.status, c.orderNo])).toEqual(
      expect.arrayContaining([[`HT360NS${w.n}`, 'effective', w.order.order_no], [`HT360NS${w.n}V`, 'voided', w.order.order_no]]),
    );
    // Latest due first; the 尾款 due yesterday is overdue.
    expect(result.receivables).toMatchObject({
      total: 2,
      records: [
        { item: 'final_payment', dueDate: dateIn(-1), amount: '31000.00', received: '0.00', outstanding: '31000.00', status: 'unpaid', overdue: true, orderNo: w.order.order_no },
        { item: 'deposit', dueDate: dateIn(-20), amount: '5000.00', received: '5000.00', outstanding: '0.00', status: 'paid', overdue: false },
      ],
    });
    // The hold's deposit (today, awaiting audit) before yesterday's audited transfer.
    expect(result.payments!.records.map((p) => [p.method, p.amount, p.status, p.orderNo])).toEqual([
      ['wechat', '2000.00', 'pending_audit', null],
      ['transfer', '5000.00', 'audited', w.order.order_no],
    ]);
    expect(result.services).toMatchObject({ total: 1, records: [{ serviceItem: 'postpartum_recovery', status: 'completed', orderNo: w.order.order_no }] });
    expect(result.changeOrders).toMatchObject({ total: 1, records: [{ kind: 'extend', status: 'approved', amountDelta: '3900.00', orderNo: w.order.order_no }] });
    expect(result.holds).toMatchObject({ total: 1, records: [{ id: w.hold.id, status: 'pending', depositAmount: '2000.00' }] });
    expect(result.money).toEqual({ contractAmount: '36000.00', receivable: '36000.00', received: '5000.00', outstanding: '31000.00', overdue: '31000.00' });
    // Nothing of the other customer shows.
    expect(JSON.stringify(result)).not.toContain(other.order.order_no);
  });

  it('a customer without transactions answers empty parts and zero money', async () => {
    const customer = await resultOf(post<Customer>('/online/customer/add', { name: '新客户', phone: '13799990000', storeId: await storeId('NS') }));
    const result = await resultOf(trade(customer.id));
    for (const part of [result.orders, result.contracts, result.receivables, result.payments, result.services, result.changeOrders, result.holds]) expect(part).toEqual({ records: [], total: 0 });
    expect(result.money).toEqual({ contractAmount: '0.00', receivable: '0.00', received: '0.00', outstanding: '0.00', overdue: '0.00' });
  });

  it('a customer the caller cannot see is 404: another store’s 店长, a missing id; 403 without 查询客户', async () => {
    const w = await world('NS');
    // A 店长 as the demo makes her: 门店范围客户 (its seeded rule: 门店 in 本人门店) and 福田店 as her store.
    const manager = await signedInUser(app.t, 'c360_ft_manager', { actions: [Permission.customerList, Permission.customerStoreScope, ...TRADE_LISTS] });
    await app.db.insertInto('user_store').values({ user_id: manager.userId, store_id: await storeId('FT') }).execute();
    expect((await trade(w.customer.id, manager.token)).body).toMatchObject({ success: false, code: '404' });
    const own = await world('FT');
    expect((await resultOf(trade(own.customer.id, manager.token))).orders!.records.map((o) => o.id)).toEqual([own.order.id]);

    expect((await trade(MISSING_ID)).body).toMatchObject({ code: '404' });
    expect((await post(TRADE, { id: 'x' })).body).toMatchObject({ code: '101' });
    const outsider = await signedInUser(app.t, 'c360_outsider', { actions: TRADE_LISTS });
    expect((await trade(w.customer.id, outsider.token)).body).toMatchObject({ success: false, code: '403', message: ErrorText.forbidden });
  });

  it('a part needs its list action: without it the part is null (not an error), with it only what its data rules let through', async () => {
    const w = await world('NS');
    // A 销售顾问 sees her own customers (the 客户 menu's seeded rule) and her store's orders and services.
    const consultant = await signedInUser(app.t, 'c360_consultant', { actions: [Permission.customerList, Permission.orderList, Permission.serviceOrderList] });
    await app.db.updateTable('customer').set({ owner_id: consultant.userId }).where('id', '=', w.customer.id).execute();
    await app.db.insertInto('user_store').values({ user_id: consultant.userId, store_id: w.store }).execute();
    const seen = await resultOf(trade(w.customer.id, consultant.token));
    expect(seen.orders!.records.map((o) => o.id)).toEqual([w.order.id]);
    expect(seen.services!.total).toBe(1);
    expect([seen.contracts, seen.receivables, seen.payments, seen.changeOrders, seen.holds]).toEqual([null, null, null, null, null]);
    expect(seen.money).toEqual({ contractAmount: null, receivable: null, received: null, outstanding: null, overdue: null });

    // Rules of the order and receivable menus narrowed to 福田店 (ANDed with the store rules): this 南山店 customer shows none of them.
    const finance = await signedInUser(app.t, 'c360_finance', { actions: [Permission.customerList, Permission.customerStoreScope, ...TRADE_LISTS] });
    await app.db.insertInto('user_store').values({ user_id: finance.userId, store_id: w.store }).execute();
    const ft = await storeId('FT');
    await withDataRule(app.t, app.admin, '/trade/order', { resource: 'order', name: '福田店订单', columnKey: 'storeId', condition: '=', value: ft }, () =>
      withDataRule(app.t, app.admin, '/finance/receivable', { resource: 'receivable', name: '福田店应收', columnKey: 'storeId', condition: '=', value: ft }, async () => {
        const limited = await resultOf(trade(w.customer.id, finance.token));
        expect(limited.orders).toEqual({ records: [], total: 0 });
        expect(limited.receivables).toEqual({ records: [], total: 0 });
        expect(limited.money).toMatchObject({ contractAmount: '36000.00', receivable: '0.00', received: '0.00', outstanding: '0.00' });
        expect(limited.contracts!.total).toBe(2);
        expect(limited.payments!.total).toBe(2);
      }),
    );
    expect((await resultOf(trade(w.customer.id, finance.token))).orders!.total).toBe(1);
  });

  it('caps each part at the latest 50 and counts them all', async () => {
    const w = await world('FT');
    const orderId = w.order.id;
    const lines = Array.from({ length: 55 }, (_, i) => ({
      company_id: app.companyId, customer_id: w.customer.id, store_id: w.store, order_id: orderId, item: 'other', due_date: dateIn(30 + i), amount: '10', received: '0', remark: randomUUID(),
    }));
    await app.db.insertInto('receivable').values(lines).execute();
    const result = await resultOf(trade(w.customer.id));
    expect(result.receivables!.total).toBe(57);
    expect(result.receivables!.records).toHaveLength(50);
    expect(result.receivables!.records[0]!.dueDate).toBe(dateIn(84));
    expect(result.money.receivable).toBe('36550.00');
  });
});
