import type { Kysely } from 'kysely';
import { formatDateTime, ProductText, type ProductSnapshot, type ProductVersion } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound } from '../../platform/errors.js';
import * as repo from './product.repo.js';

/**
 * 产品 in the session company: the kit's CRUD; stores and room type checked before the write, and
 * after it a new product_version when the sellable content changed (an enable/disable never does).
 */
export const productCrudOptions: CrudOptions = {
  unique: [{ field: 'code', message: ProductText.codeTaken }],
  beforeWrite: (trx, session, values) => checkValues(trx, session.companyId, values as { storeIds: string[]; roomTypeId: string | null }),
  afterWrite: (trx, session, id) => writeVersionIfChanged(trx, session, id),
  enrich: withNames,
};

async function checkValues(db: Db, companyId: string, { storeIds, roomTypeId }: { storeIds: string[]; roomTypeId: string | null }): Promise<void> {
  if ((await repo.countStores(db, companyId, storeIds)) !== storeIds.length) throw new BizError(ProductText.storeMissing);
  if (!roomTypeId) return;
  const storeId = await repo.roomTypeStore(db, companyId, roomTypeId);
  if (!storeId) throw new BizError(ProductText.roomTypeMissing);
  if (!storeIds.includes(storeId)) throw new BizError(ProductText.roomTypeStore);
}

/** Inserts the next version when what is sold differs from the current version (always on add). */
export async function writeVersionIfChanged(trx: Db, actor: { companyId: string; userId: string }, productId: string): Promise<void> {
  const now = await repo.snapshotNow(trx, actor.companyId, productId);
  if (!now?.changed) return;
  await repo.insertVersion(trx, { companyId: actor.companyId, productId, versionNo: now.version_no + 1, snapshot: now.snapshot, userId: actor.userId });
}

async function withNames(db: Db, session: SessionInfo, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const storeIds = [...new Set(records.flatMap((r) => r.storeIds as string[]))];
  const roomTypeIds = [...new Set(records.map((r) => r.roomTypeId as string | null).filter((v): v is string => Boolean(v)))];
  const names = await repo.namesOf(db, session.companyId, storeIds, roomTypeIds);
  return records.map((r) => ({
    ...r,
    storeNames: (r.storeIds as string[]).map((id) => names.stores.get(id)).filter((n): n is string => Boolean(n)),
    roomTypeName: r.roomTypeId ? (names.roomTypes.get(r.roomTypeId as string) ?? null) : null,
  }));
}

/** 版本记录: the product's versions, newest first; another company's product answers 404. */
export async function productVersions(db: Kysely<DB>, session: SessionInfo, productId: string): Promise<ProductVersion[]> {
  const found = await repo.versionsOf(db, session.companyId, productId);
  if (found.length === 0) throw new NotFound();
  return found.map((v) => repo.toVersion(v, formatDateTime));
}

/** What an order placed now records of a product: its current version's id, number and snapshot. */
export interface ProductVersionRef {
  productId: string;
  versionId: string;
  versionNo: number;
  snapshot: ProductSnapshot;
}

/**
 * For other modules (orders): the product's current version. An order stores `versionId`; that
 * product_version row is never updated or deleted afterwards (edits insert a new version, and the
 * table's trigger refuses any update or delete), so the order keeps exactly what it bought.
 */
export async function productSnapshot(db: Db, companyId: string, productId: string): Promise<ProductVersionRef> {
  const row = await repo.versionRow(db, companyId, { productId });
  if (!row) throw new NotFound();
  return { productId: row.product_id, versionId: row.id, versionNo: row.version_no, snapshot: row.snapshot };
}

/** For other modules: a version an order recorded, as it was sold. */
export async function productVersionById(db: Db, companyId: string, versionId: string): Promise<ProductVersionRef> {
  const row = await repo.versionRow(db, companyId, { versionId });
  if (!row) throw new NotFound();
  return { productId: row.product_id, versionId: row.id, versionNo: row.version_no, snapshot: row.snapshot };
}

/** The company's room types with their stores (pickers, and the demo prices' look-up by name). */
export function roomTypeChoices(db: Db, companyId: string) {
  return repo.roomTypeChoices(db, companyId);
}

/** For other modules: ids of the company's products by code. */
export function productIdsByCode(db: Db, companyId: string, codes: string[]): Promise<Map<string, string>> {
  return repo.idsByCode(db, companyId, codes);
}

/** For other modules: the stores that sell a product of the company (undefined: no such product). */
export function productStoreIds(db: Db, companyId: string, productId: string): Promise<string[] | undefined> {
  return repo.productStoreIds(db, companyId, productId);
}

/** For other modules: the store of a room type of the company (undefined: no such room type). */
export function roomTypeStoreId(db: Db, companyId: string, roomTypeId: string): Promise<string | undefined> {
  return repo.roomTypeStore(db, companyId, roomTypeId);
}
