import { sql } from 'kysely';
import type { ProductSnapshot, ProductVersion, RoomTypeChoice } from '@care/shared';
import type { Db } from '../../platform/crud/crud-repo.js';

// Product tables are typed here, beside their SQL (apps/server/migrations/0017_products.sql).

const rows = async <T>(db: Db, query: ReturnType<typeof sql<T>>) => (await query.execute(db)).rows;

/** How many of `ids` are stores of the company. */
export async function countStores(db: Db, companyId: string, ids: string[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await rows(db, sql<{ n: number }>`select count(*)::int as n from store where company_id = ${companyId} and id::text in (${sql.join(ids)})`);
  return row?.n ?? 0;
}

/** A room type of the company and its store. */
export async function roomTypeStore(db: Db, companyId: string, id: string): Promise<string | undefined> {
  const [row] = await rows(db, sql<{ store_id: string }>`select store_id from room_type where company_id = ${companyId} and id = ${id}`);
  return row?.store_id;
}

/** The stores that sell a product of the company. */
export async function productStoreIds(db: Db, companyId: string, productId: string): Promise<string[] | undefined> {
  const [row] = await rows(db, sql<{ store_ids: string[] }>`select store_ids from product where company_id = ${companyId} and id = ${productId}`);
  return row?.store_ids;
}

/** Names of stores and room types by id. */
export async function namesOf(db: Db, companyId: string, storeIds: string[], roomTypeIds: string[]) {
  const stores = storeIds.length
    ? await rows(db, sql<{ id: string; name: string }>`select id::text as id, name from store where company_id = ${companyId} and id::text in (${sql.join(storeIds)})`)
    : [];
  const roomTypes = roomTypeIds.length
    ? await rows(db, sql<{ id: string; name: string }>`select id::text as id, name from room_type where company_id = ${companyId} and id::text in (${sql.join(roomTypeIds)})`)
    : [];
  return { stores: new Map(stores.map((s) => [s.id, s.name])), roomTypes: new Map(roomTypes.map((r) => [r.id, r.name])) };
}

/**
 * The product's sellable content as it is now (the snapshot a new version would hold), its last
 * version number, and whether that differs from the current version's snapshot (jsonb equality).
 */
export async function snapshotNow(db: Db, companyId: string, productId: string) {
  const [row] = await rows(
    db,
    sql<{ snapshot: ProductSnapshot; version_no: number; changed: boolean }>`
      select s.snapshot, s.version_no, (v.snapshot is distinct from s.snapshot) as changed
        from (select p.current_version_id, p.version_no,
                     jsonb_build_object('code', p.code, 'name', p.name, 'kind', p.kind, 'days', p.days, 'roomTypeId', p.room_type_id,
                                        'roomTypeName', rt.name, 'listPrice', p.list_price::text, 'items', p.items) as snapshot
                from product p left join room_type rt on rt.id = p.room_type_id
               where p.company_id = ${companyId} and p.id = ${productId}) s
        left join product_version v on v.id = s.current_version_id`,
  );
  return row;
}

/**
 * Writes version `versionNo` of a product and makes it current. Versions are only ever inserted:
 * nothing here (nor anywhere) updates or deletes a product_version row, and the table's trigger refuses it.
 */
export async function insertVersion(db: Db, v: { companyId: string; productId: string; versionNo: number; snapshot: ProductSnapshot; userId: string }): Promise<string> {
  const [row] = await rows(
    db,
    sql<{ id: string }>`insert into product_version (company_id, product_id, version_no, snapshot, created_by)
      values (${v.companyId}, ${v.productId}, ${v.versionNo}, ${JSON.stringify(v.snapshot)}::jsonb, ${v.userId}) returning id`,
  );
  await sql`update product set current_version_id = ${row!.id}, version_no = ${v.versionNo} where id = ${v.productId}`.execute(db);
  return row!.id;
}

type VersionRow = { id: string; product_id: string; version_no: number; snapshot: ProductSnapshot; created_by: string | null; created_at: Date };
const versionColumns = sql`v.id, v.product_id, v.version_no, v.snapshot, coalesce(nullif(u.first_name, ''), u.username) as created_by, v.created_at`;

export function versionsOf(db: Db, companyId: string, productId: string): Promise<VersionRow[]> {
  return rows(
    db,
    sql<VersionRow>`select ${versionColumns} from product_version v left join app_user u on u.id = v.created_by
      where v.company_id = ${companyId} and v.product_id = ${productId} order by v.version_no desc`,
  );
}

/** One version by id; with `current`, the product's current version instead (id = the product's). */
export async function versionRow(db: Db, companyId: string, by: { versionId: string } | { productId: string }): Promise<VersionRow | undefined> {
  const where = 'versionId' in by ? sql`v.id = ${by.versionId}` : sql`v.id = (select current_version_id from product where company_id = ${companyId} and id = ${by.productId})`;
  const [row] = await rows(db, sql<VersionRow>`select ${versionColumns} from product_version v left join app_user u on u.id = v.created_by where v.company_id = ${companyId} and ${where}`);
  return row;
}

export const toVersion = (row: VersionRow, at: (d: Date) => string): ProductVersion => ({
  id: row.id,
  productId: row.product_id,
  versionNo: row.version_no,
  snapshot: row.snapshot,
  createdBy: row.created_by,
  createdAt: at(row.created_at),
});

/** The company's room types with their store, by store and sort. */
export function roomTypeChoices(db: Db, companyId: string): Promise<RoomTypeChoice[]> {
  return rows(
    db,
    sql<RoomTypeChoice>`select rt.id::text as id, rt.name, rt.code, rt.store_id::text as "storeId", s.name as "storeName", rt.enabled
      from room_type rt join store s on s.id = rt.store_id where rt.company_id = ${companyId} order by s.sort, s.name, rt.sort, rt.code`,
  );
}

export async function idsByCode(db: Db, companyId: string, codes: string[]): Promise<Map<string, string>> {
  if (codes.length === 0) return new Map();
  const found = await rows(db, sql<{ id: string; code: string }>`select id::text as id, code from product where company_id = ${companyId} and code in (${sql.join(codes)})`);
  return new Map(found.map((r) => [r.code, r.id]));
}
