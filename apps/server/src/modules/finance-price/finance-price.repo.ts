import { sql, type Expression, type SqlBool } from 'kysely';
import type { Db } from '../../platform/crud/crud-repo.js';

// finance_price is typed here, beside its SQL (apps/server/migrations/0017_products.sql).

/** One product × store × room type × days. */
export interface PriceCombination {
  productId: string;
  storeId: string;
  roomTypeId: string | null;
  days: number;
}

const rows = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

/** Holds the combination's lock until the transaction ends (the same lock the table's trigger takes). */
export async function lockCombination(db: Db, companyId: string, c: PriceCombination): Promise<void> {
  await sql`select finance_price_lock(${companyId}, ${c.productId}, ${c.storeId}, ${c.roomTypeId}, ${c.days})`.execute(db);
}

type Period = { effective_from: string; effective_to: string | null };

/** A row of the combination, other than `exceptId`, in force on some day of the period. */
export async function overlapping(db: Db, companyId: string, c: PriceCombination, from: string, to: string | null, exceptId?: string): Promise<Period | undefined> {
  const [row] = await rows(
    db,
    sql<Period>`select effective_from, effective_to from finance_price
      where company_id = ${companyId} and product_id = ${c.productId} and store_id = ${c.storeId}
        and room_type_id is not distinct from ${c.roomTypeId}::uuid and days = ${c.days}
        and id <> coalesce(${exceptId ?? null}::uuid, '00000000-0000-0000-0000-000000000000'::uuid)
        and daterange(effective_from, effective_to, '[]') && daterange(${from}::date, ${to}::date, '[]')
      order by effective_from limit 1`,
  );
  return row;
}

export type PriceRow = { id: string; reference_price: string; floor_price: string; effective_from: string; effective_to: string | null };

/** The row of the combination in force on `date` (at most one: periods never overlap). */
export async function inForce(db: Db, companyId: string, c: PriceCombination, date: string): Promise<PriceRow | undefined> {
  const [row] = await rows(
    db,
    sql<PriceRow>`select id, reference_price, floor_price, effective_from, effective_to from finance_price
      where company_id = ${companyId} and product_id = ${c.productId} and store_id = ${c.storeId}
        and room_type_id is not distinct from ${c.roomTypeId}::uuid and days = ${c.days}
        and effective_from <= ${date}::date and (effective_to is null or effective_to >= ${date}::date)`,
  );
  return row;
}

/** The list's 生效于 filter on the kit's row alias. */
export const effectiveOn = (date: string): Expression<SqlBool> => sql<SqlBool>`r.effective_from <= ${date}::date and (r.effective_to is null or r.effective_to >= ${date}::date)`;

/** Names of the products, stores and room types the records name. */
export async function namesOf(db: Db, companyId: string, ids: { products: string[]; stores: string[]; roomTypes: string[] }) {
  const by = async (table: 'product' | 'store' | 'room_type', list: string[]) =>
    list.length === 0
      ? []
      : rows(db, sql<{ id: string; name: string; code: string }>`select id::text as id, name, code from ${sql.table(table)} where company_id = ${companyId} and id::text in (${sql.join(list)})`);
  const map = (found: { id: string; name: string; code: string }[]) => new Map(found.map((r) => [r.id, r]));
  return { products: map(await by('product', ids.products)), stores: map(await by('store', ids.stores)), roomTypes: map(await by('room_type', ids.roomTypes)) };
}
