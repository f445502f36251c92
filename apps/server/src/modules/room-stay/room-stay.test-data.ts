import type { Kysely } from 'kysely';
import { addDays } from '@care/shared';
import type { CustomerStatusValue, DB } from '../../platform/db/schema.js';
import type { OrderStatusValue } from '../../platform/db/schema-trade.js';

// Rows the room-stay tests stand on, written straight into the tables (stores, rooms, customers, orders).

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export interface StayWorld {
  db: Kysely<DB>;
  companyId: string;
}

export async function storeWithRooms(w: StayWorld, roomNos: string[]) {
  const code = `S${next()}`;
  const store = await w.db.insertInto('store').values({ company_id: w.companyId, code, name: `${code}门店`, parent_id: null, manager_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const type = await w.db.insertInto('room_type').values({ company_id: w.companyId, store_id: store.id, code: 'STD', name: '标准间', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const rooms: Record<string, string> = {};
  for (const [i, roomNo] of roomNos.entries()) {
    const room = await w.db.insertInto('room').values({ company_id: w.companyId, store_id: store.id, room_type_id: type.id, room_no: roomNo, floor: 1, sort: i, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
    rooms[roomNo] = room.id;
  }
  // The product tables are typed by their own module; these rows only satisfy the order's references.
  const untyped = w.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const product = await untyped.insertInto('product').values({ company_id: w.companyId, code: `P${next()}`, name: '月子套餐', kind: 'package', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const version = await untyped.insertInto('product_version').values({ company_id: w.companyId, product_id: product.id, version_no: 1, snapshot: '{}' }).returning('id').executeTakeFirstOrThrow();
  return { storeId: store.id, roomTypeId: type.id, rooms, productId: String(product.id), productVersionId: String(version.id) };
}

export type StoreWorld = Awaited<ReturnType<typeof storeWithRooms>>;

/** A customer in `customerStatus` with an order in `status` for `days` nights from `checkIn`. */
export async function orderFor(w: StayWorld, s: StoreWorld, o: { checkIn: string; days: number; status?: OrderStatusValue; customerStatus?: CustomerStatusValue; name?: string }) {
  const no = next();
  const customer = await w.db
    .insertInto('customer')
    .values({ company_id: w.companyId, customer_no: `C${no}`, name: o.name ?? `客户${no}`, phone: `139${String(seq).padStart(8, '0')}`, store_id: s.storeId, status: o.customerStatus ?? 'contract_audited', created_by: null, updated_by: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const order = await w.db
    .insertInto('sales_order')
    .values({
      company_id: w.companyId,
      order_no: `DD${no}`,
      customer_id: customer.id,
      store_id: s.storeId,
      product_id: s.productId,
      product_version_id: s.productVersionId,
      product_snapshot: '{}',
      room_type_id: s.roomTypeId,
      days: o.days,
      planned_check_in: o.checkIn,
      planned_check_out: addDays(o.checkIn, o.days),
      deal_price: '10000',
      status: o.status ?? 'confirmed',
      created_by: null,
      updated_by: null,
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  return { customerId: customer.id, orderId: order.id, orderNo: order.order_no };
}
