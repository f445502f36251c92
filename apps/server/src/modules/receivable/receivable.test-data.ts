import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// Rows the receivable tests need from modules built beside this one (orders), inserted directly.

let serial = 0;
const unique = () => `${Date.now().toString(36)}${(serial++).toString(36)}${Math.random().toString(36).slice(2, 6)}`;

export async function storeIdOf(db: Kysely<DB>, companyId: string, code: 'NS' | 'FT'): Promise<string> {
  return (await db.selectFrom('store').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
}

/** A customer, a product with its first version and a 已确认 order of that customer in the store. */
export async function insertOrder(db: Kysely<DB>, companyId: string, storeId: string, o: { consultantId?: string | null; customerName?: string } = {}) {
  const tag = unique();
  const customer = await db
    .insertInto('customer')
    .values({ company_id: companyId, customer_no: `KH${tag}`, name: o.customerName ?? `客户${tag.slice(-4)}`, phone: `139${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}${tag.slice(-3)}`, store_id: storeId })
    .returning('id')
    .executeTakeFirstOrThrow();
  // product and product_version are typed in the product module's repo, not in DB.
  const product = (
    await sql<{ id: string }>`insert into product (company_id, code, name, kind, store_ids) values (${companyId}, ${`P${tag}`}, ${`套餐${tag.slice(-4)}`}, 'confinement_package', ${[storeId]}) returning id`.execute(db)
  ).rows[0]!;
  const version = (await sql<{ id: string }>`insert into product_version (company_id, product_id, version_no, snapshot) values (${companyId}, ${product.id}, 1, '{}'::jsonb) returning id`.execute(db)).rows[0]!;
  const order = await db
    .insertInto('sales_order')
    .values({
      company_id: companyId,
      order_no: `DD${tag}`,
      customer_id: customer.id,
      store_id: storeId,
      product_id: product.id,
      product_version_id: version.id,
      product_snapshot: JSON.stringify({}),
      reference_price: '30000',
      floor_price: '25000',
      deal_price: '30000',
      discount: '0',
      deposit_applied: '0',
      consultant_id: o.consultantId ?? null,
      status: 'confirmed',
    })
    .returning(['id', 'order_no'])
    .executeTakeFirstOrThrow();
  return { id: order.id, orderNo: order.order_no, customerId: customer.id, storeId };
}

/** A 订房预约 (hold) of the customer, for deposits. */
export async function insertHold(db: Kysely<DB>, companyId: string, customerId: string, storeId: string): Promise<string> {
  const row = await db
    .insertInto('reservation')
    .values({ company_id: companyId, reservation_no: `YY${unique()}`, kind: 'room_hold', status: 'pending', customer_id: customerId, store_id: storeId, planned_check_in: '2026-12-01', days: 28 })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** An approved 退款 change order of the order (refunds name one). */
export async function insertRefundChangeOrder(db: Kysely<DB>, companyId: string, order: { id: string; customerId: string; storeId: string }, amount: string): Promise<string> {
  const row = await db
    .insertInto('change_order')
    .values({ company_id: companyId, change_no: `BG${unique()}`, order_id: order.id, customer_id: order.customerId, store_id: order.storeId, kind: 'refund', amount_delta: `-${amount}`, status: 'approved' })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
