import { sql, type Kysely } from 'kysely';
import { addDays } from '@care/shared';
import type { CustomerStatusValue, DB } from '../../platform/db/schema.js';
import type { OrderStatusValue } from '../../platform/db/schema-trade.js';

// Rows the change-order tests stand on, written straight into the tables of the modules below this one.

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase();

export interface World {
  db: Kysely<DB>;
  companyId: string;
}

const untyped = (db: Kysely<DB>) => db as unknown as Kysely<Record<string, Record<string, unknown>>>;

/** A store with 标准间 (800/day) rooms and a 套房 (1200/day) room, and two products sold there. */
export async function storeWorld(w: World, o: { standardRooms?: number } = {}) {
  const code = `S${next()}`;
  const store = await w.db.insertInto('store').values({ company_id: w.companyId, code, name: `${code}门店`, parent_id: null, manager_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const type = (c: string, name: string, price: string) =>
    w.db.insertInto('room_type').values({ company_id: w.companyId, store_id: store.id, code: c, name, daily_price: price, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const standard = await type('STD', '标准间', '800');
  const suite = await type('SUI', '套房', '1200');
  const rooms: Record<string, string> = {};
  const room = async (roomNo: string, typeId: string) => {
    const r = await w.db.insertInto('room').values({ company_id: w.companyId, store_id: store.id, room_type_id: typeId, room_no: roomNo, floor: 1, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    rooms[roomNo] = r.id;
  };
  for (let i = 1; i <= (o.standardRooms ?? 3); i++) await room(String(100 + i), standard.id);
  await room('201', suite.id);
  const product = async (name: string) => {
    const p = await untyped(w.db).insertInto('product').values({ company_id: w.companyId, code: `P${next()}`, name, kind: 'confinement_package', store_ids: sql`${sql.val([store.id])}::uuid[]`, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    const v = await untyped(w.db).insertInto('product_version').values({ company_id: w.companyId, product_id: p.id, version_no: 1, snapshot: '{}' }).returning('id').executeTakeFirstOrThrow();
    await untyped(w.db).updateTable('product').set({ current_version_id: v.id }).where('id', '=', p.id).execute();
    return { id: String(p.id), versionId: String(v.id) };
  };
  return { storeId: store.id, standardTypeId: standard.id, suiteTypeId: suite.id, rooms, basic: await product('基础套餐'), premium: await product('尊享套餐') };
}

export type StoreWorld = Awaited<ReturnType<typeof storeWorld>>;

/** A finance price of a product for the store's 标准间, in force from 2020 on. */
export async function financePrice(w: World, s: StoreWorld, productId: string, days: number, referencePrice: string) {
  await untyped(w.db)
    .insertInto('finance_price')
    .values({ company_id: w.companyId, product_id: productId, store_id: s.storeId, room_type_id: s.standardTypeId, days, reference_price: referencePrice, floor_price: '0', effective_from: '2020-01-01', effective_to: null, created_by: null, updated_by: null })
    .execute();
}

/**
 * A customer with a 基础套餐 order of 28 nights from `checkIn` (reference 30000, deal 27000) in the
 * store's 标准间, its stay in `roomNo` (none when null), and `paid` yuan paid in (an audited payment).
 */
export async function orderWorld(w: World, s: StoreWorld, o: { checkIn?: string; roomNo?: string | null; paid?: string; status?: OrderStatusValue; customerStatus?: CustomerStatusValue } = {}) {
  const no = next();
  const checkIn = o.checkIn ?? '2030-01-01';
  const checkOut = addDays(checkIn, 28);
  const customer = await w.db
    .insertInto('customer')
    .values({ company_id: w.companyId, customer_no: `C${no}`, name: `客户${no.slice(-5)}`, phone: `138${no.slice(-8)}`, store_id: s.storeId, status: o.customerStatus ?? 'room_booked', created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await w.db
    .insertInto('sales_order')
    .values({
      company_id: w.companyId,
      order_no: `DD${no}`,
      customer_id: customer.id,
      store_id: s.storeId,
      product_id: s.basic.id,
      product_version_id: s.basic.versionId,
      product_snapshot: '{}',
      room_type_id: s.standardTypeId,
      days: 28,
      planned_check_in: checkIn,
      planned_check_out: checkOut,
      reference_price: '30000',
      floor_price: '20000',
      deal_price: '27000',
      discount: '3000',
      status: o.status ?? 'confirmed',
      created_by: null,
      updated_by: null,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  const roomNo = o.roomNo === undefined ? '101' : o.roomNo;
  if (roomNo) {
    await w.db
      .insertInto('room_stay')
      .values({ company_id: w.companyId, store_id: s.storeId, room_id: s.rooms[roomNo]!, order_id: order.id, customer_id: customer.id, start_date: checkIn, end_date: checkOut, status: o.status === 'checked_in' ? 'in_house' : 'booked', created_by: null, updated_by: null })
      .execute();
  }
  if (o.paid) {
    await w.db
      .insertInto('payment')
      .values({ company_id: w.companyId, payment_no: `SK${no}`, customer_id: customer.id, store_id: s.storeId, order_id: order.id, method: 'transfer', amount: o.paid, unapplied: o.paid, paid_at: new Date(), status: 'audited', created_by: null, updated_by: null })
      .execute();
  }
  return { orderId: order.id, orderNo: order.order_no, customerId: customer.id, checkIn, checkOut };
}
