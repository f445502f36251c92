import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

// A prepared data set for the fact tests, inserted with plain SQL (the records as the trade, CRM, room
// and service modules write them). Times are given in Shanghai time ('2026-03-01 10:00').

let serial = 0;
const tag = () => `${Date.now().toString(36)}${(serial++).toString(36)}`;
const at = (shanghai: string | null) => (shanghai === null ? null : `${shanghai}:00+08`);
const one = async <T>(db: Kysely<DB>, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows[0]!;

export async function storeIdOf(db: Kysely<DB>, companyId: string, code: 'NS' | 'FT'): Promise<string> {
  return (await db.selectFrom('store').select('id').where('company_id', '=', companyId).where('code', '=', code).executeTakeFirstOrThrow()).id;
}

export async function leadChannel(db: Kysely<DB>, companyId: string, name: string): Promise<string> {
  return (await one<{ id: string }>(db, sql`insert into lead_channel (company_id, code, name, type) values (${companyId}, ${`LC${tag()}`}, ${name}, 'online') returning id`)).id;
}

export async function channel(db: Kysely<DB>, companyId: string, name: string): Promise<string> {
  return (await one<{ id: string }>(db, sql`insert into channel (company_id, name, kind) values (${companyId}, ${name}, 'hospital') returning id`)).id;
}

export async function product(db: Kysely<DB>, companyId: string, name: string, kind: string) {
  const t = tag();
  const p = await one<{ id: string }>(db, sql`insert into product (company_id, code, name, kind) values (${companyId}, ${`P${t}`}, ${name}, ${kind}) returning id`);
  const v = await one<{ id: string }>(db, sql`insert into product_version (company_id, product_id, version_no, snapshot) values (${companyId}, ${p.id}, 1, '{}'::jsonb) returning id`);
  return { id: p.id, versionId: v.id, kind };
}

export async function lead(db: Kysely<DB>, companyId: string, o: { storeId: string | null; leadChannelId: string | null; created: string }): Promise<string> {
  const t = tag();
  return (
    await one<{ id: string }>(
      db,
      sql`insert into lead (company_id, lead_no, name, phone, lead_channel_id, preferred_store_id, created_at)
          values (${companyId}, ${`XS${t}`}, ${`线索${t}`}, ${`13${String(serial).padStart(9, '0')}`}, ${o.leadChannelId}, ${o.storeId}, ${at(o.created)}) returning id`,
    )
  ).id;
}

export async function customer(db: Kysely<DB>, companyId: string, o: { storeId: string; leadChannelId: string | null; leadId?: string | null }): Promise<string> {
  const t = tag();
  return (
    await one<{ id: string }>(
      db,
      sql`insert into customer (company_id, customer_no, name, phone, store_id, lead_channel_id, lead_id)
          values (${companyId}, ${`KH${t}`}, ${`客户${t}`}, ${`15${String(serial).padStart(9, '0')}`}, ${o.storeId}, ${o.leadChannelId}, ${o.leadId ?? null}) returning id`,
    )
  ).id;
}

export interface OrderSpec {
  storeId: string;
  customerId: string;
  product: { id: string; versionId: string; kind: string };
  created: string;
  deal: string;
  reference: string;
  status: string;
  consultantId?: string | null;
  channelId?: string | null;
  roomTypeId?: string | null;
  checkedIn?: string | null;
  /** The package items of the product snapshot (the 订单服务 allowance). */
  items?: { serviceItem: string; quantity: number | null; onDemand?: boolean }[];
}

export async function order(db: Kysely<DB>, companyId: string, o: OrderSpec): Promise<string> {
  const discount = (Number(o.reference) - Number(o.deal)).toFixed(2);
  return (
    await one<{ id: string }>(
      db,
      sql`insert into sales_order (company_id, order_no, customer_id, store_id, product_id, product_version_id, product_snapshot, room_type_id,
                                   reference_price, floor_price, deal_price, discount, consultant_id, channel_id, status, created_at, checked_in_at)
          values (${companyId}, ${`DD${tag()}`}, ${o.customerId}, ${o.storeId}, ${o.product.id}, ${o.product.versionId}, ${JSON.stringify({ kind: o.product.kind, ...(o.items ? { items: o.items } : {}) })}::jsonb,
                  ${o.roomTypeId ?? null}, ${o.reference}, 0, ${o.deal}, ${discount}, ${o.consultantId ?? null}, ${o.channelId ?? null}, ${o.status},
                  ${at(o.created)}, ${at(o.checkedIn ?? null)}) returning id`,
    )
  ).id;
}

export async function receivable(db: Kysely<DB>, companyId: string, o: { orderId: string; item: string; due: string; amount: string; received: string }): Promise<string> {
  return (
    await one<{ id: string }>(
      db,
      sql`insert into receivable (company_id, order_id, customer_id, store_id, item, due_date, amount, received, status)
          select company_id, id, customer_id, store_id, ${o.item}, ${o.due}::date, ${o.amount}, ${o.received},
                 case when ${o.received}::numeric = 0 then 'unpaid' when ${o.received}::numeric = ${o.amount}::numeric then 'paid' else 'partial' end
          from sales_order where id = ${o.orderId} returning id`,
    )
  ).id;
}

/** A payment of the order with its allocations; what they leave over is its `unapplied`. */
export async function payment(
  db: Kysely<DB>,
  companyId: string,
  o: { orderId: string; method: string; amount: string; status: string; paid: string; allocations?: { receivableId: string; amount: string }[] },
): Promise<string> {
  const allocated = (o.allocations ?? []).reduce((s, a) => s + Number(a.amount), 0);
  const unapplied = (Number(o.amount) - allocated).toFixed(2);
  const p = await one<{ id: string }>(
    db,
    sql`insert into payment (company_id, payment_no, customer_id, store_id, order_id, method, amount, unapplied, status, paid_at)
        select company_id, ${`SK${tag()}`}, customer_id, store_id, id, ${o.method}, ${o.amount}, ${unapplied}, ${o.status}, ${at(o.paid)}
        from sales_order where id = ${o.orderId} returning id`,
  );
  for (const a of o.allocations ?? []) {
    await sql`insert into payment_allocation (company_id, payment_id, receivable_id, amount) values (${companyId}, ${p.id}, ${a.receivableId}, ${a.amount})`.execute(db);
  }
  return p.id;
}

export async function roomType(db: Kysely<DB>, companyId: string, storeId: string, name: string): Promise<string> {
  return (await one<{ id: string }>(db, sql`insert into room_type (company_id, store_id, code, name) values (${companyId}, ${storeId}, ${`T${tag()}`}, ${name}) returning id`)).id;
}

export async function room(db: Kysely<DB>, companyId: string, storeId: string, roomTypeId: string, status = 'free'): Promise<string> {
  return (
    await one<{ id: string }>(db, sql`insert into room (company_id, store_id, room_type_id, room_no, floor, status) values (${companyId}, ${storeId}, ${roomTypeId}, ${`R${tag()}`}, 1, ${status}) returning id`)
  ).id;
}

export async function stay(db: Kysely<DB>, companyId: string, o: { roomId: string; orderId: string; start: string; end: string; status: string }): Promise<string> {
  return (
    await one<{ id: string }>(
      db,
      sql`insert into room_stay (company_id, store_id, room_id, order_id, customer_id, start_date, end_date, status)
          select ${companyId}, rm.store_id, rm.id, so.id, so.customer_id, ${o.start}::date, ${o.end}::date, ${o.status}
          from room rm, sales_order so where rm.id = ${o.roomId} and so.id = ${o.orderId} returning id`,
    )
  ).id;
}

export async function service(
  db: Kysely<DB>,
  companyId: string,
  o: { orderId: string; item: string; source: string; status: string; completed: string | null; quantity?: number },
): Promise<string> {
  return (
    await one<{ id: string }>(
      db,
      sql`insert into service_order (company_id, service_no, order_id, customer_id, store_id, service_item, source, quantity, scheduled_at, status, completed_at)
          select company_id, ${`FW${tag()}`}, id, customer_id, store_id, ${o.item}, ${o.source}, ${o.quantity ?? 1}, ${at('2026-03-01 09:00')}, ${o.status}, ${at(o.completed)}
          from sales_order where id = ${o.orderId} returning id`,
    )
  ).id;
}

export async function visit(db: Kysely<DB>, companyId: string, o: { storeId: string; leadId: string; at: string; status: string }): Promise<string> {
  return (
    await one<{ id: string }>(
      db,
      sql`insert into reservation (company_id, reservation_no, kind, status, lead_id, store_id, at)
          values (${companyId}, ${`YY${tag()}`}, 'visit', ${o.status}, ${o.leadId}, ${o.storeId}, ${at(o.at)}) returning id`,
    )
  ).id;
}
