import type { Kysely } from 'kysely';
import { addDays } from '@care/shared';
import type { DB } from '../../platform/db/schema.js';
import type { OrderStatusValue } from '../../platform/db/schema-trade.js';

// Rows the 派工 tests stand on, written straight into the tables (stores, customers, orders, nurses).

let seq = 0;
const next = () => `${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

export interface World {
  db: Kysely<DB>;
  companyId: string;
}

export async function storeWorld(w: World) {
  const code = `S${next()}`;
  const store = await w.db.insertInto('store').values({ company_id: w.companyId, code, name: `${code}门店`, parent_id: null, manager_id: null, created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const type = await w.db.insertInto('room_type').values({ company_id: w.companyId, store_id: store.id, code: 'STD', name: '标准间', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  // The product tables are typed by their own module; these rows only satisfy the order's references.
  const untyped = w.db as unknown as Kysely<Record<string, Record<string, unknown>>>;
  const product = await untyped.insertInto('product').values({ company_id: w.companyId, code: `P${next()}`, name: '月嫂服务', kind: 'package', created_by: null, updated_by: null }).returning('id').executeTakeFirstOrThrow();
  const version = await untyped.insertInto('product_version').values({ company_id: w.companyId, product_id: product.id, version_no: 1, snapshot: '{}' }).returning('id').executeTakeFirstOrThrow();
  return { storeId: store.id, roomTypeId: type.id, productId: String(product.id), productVersionId: String(version.id) };
}
export type StoreWorld = Awaited<ReturnType<typeof storeWorld>>;

export async function customerOf(w: World, s: StoreWorld, name?: string) {
  const no = next();
  const c = await w.db
    .insertInto('customer')
    .values({ company_id: w.companyId, customer_no: `C${no}`, name: name ?? `客户${no}`, phone: `138${String(seq).padStart(8, '0')}`, store_id: s.storeId, status: 'contract_audited', created_by: null, updated_by: null })
    .returning(['id', 'name'])
    .executeTakeFirstOrThrow();
  return { customerId: c.id, customerName: c.name };
}

/** A customer with an order in `status` (已确认 by default) from `checkIn` for `days` days. */
export async function orderFor(w: World, s: StoreWorld, o: { checkIn: string; days: number; status?: OrderStatusValue; name?: string }) {
  const { customerId, customerName } = await customerOf(w, s, o.name);
  const order = await w.db
    .insertInto('sales_order')
    .values({
      company_id: w.companyId,
      order_no: `DD${next()}`,
      customer_id: customerId,
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
  return { customerId, customerName, orderId: order.id, orderNo: order.order_no };
}

/** A 月嫂 (在职 unless told), as the monthly-nurse module would keep her. */
export async function nurseOf(w: World, s: StoreWorld | null, n: { name?: string; status?: 'active' | 'on_duty' | 'resting' | 'left'; level?: string; serviceType?: string } = {}) {
  const no = next();
  const row = await w.db
    .insertInto('monthly_nurse')
    .values({
      company_id: w.companyId,
      nurse_no: `YS${no}`,
      name: n.name ?? `月嫂${no}`,
      level: n.level ?? 'senior',
      practice_type: 'live_in',
      service_type: n.serviceType ?? 'home',
      employment: 'full_time',
      price_26_days: '15600',
      store_id: s?.storeId ?? null,
      status: n.status ?? 'active',
      created_by: null,
      updated_by: null,
    })
    .returning(['id', 'name', 'nurse_no'])
    .executeTakeFirstOrThrow();
  return { id: row.id, name: row.name, nurseNo: row.nurse_no };
}
