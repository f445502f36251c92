import type { Kysely } from 'kysely';
import { FinancePriceText, priceLookupSchema, type PriceFound, type PriceLookup } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Db } from '../../platform/crud/crud-repo.js';
import type { CrudOptions } from '../../platform/crud/crud-service.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError } from '../../platform/errors.js';
import { productStoreIds, roomTypeStoreId } from '../product/product.service.js';
import * as repo from './finance-price.repo.js';

type PriceValues = repo.PriceCombination & { effectiveFrom: string; effectiveTo: string | null };

/**
 * 财务定价 in the session company: the kit's CRUD; before a write the product, store and room type
 * are checked and, under the combination's lock, no other row may be in force on a day of the period.
 */
export const financePriceCrudOptions: CrudOptions = {
  beforeWrite: (trx, session, values, current) => checkValues(trx, session.companyId, values as unknown as PriceValues, current?.id as string | undefined),
  enrich: withNames,
};

async function checkValues(db: Db, companyId: string, v: PriceValues, id?: string): Promise<void> {
  const stores = await productStoreIds(db, companyId, v.productId);
  if (!stores) throw new BizError(FinancePriceText.productMissing);
  if (!stores.includes(v.storeId)) throw new BizError(FinancePriceText.notSoldInStore);
  if (v.roomTypeId && (await roomTypeStoreId(db, companyId, v.roomTypeId)) !== v.storeId) throw new BizError(FinancePriceText.roomTypeStore);
  // The trigger would refuse an overlap anyway; the lock lets this check name the row in the way.
  await repo.lockCombination(db, companyId, v);
  const clash = await repo.overlapping(db, companyId, v, v.effectiveFrom, v.effectiveTo, id);
  if (clash) throw new BizError(FinancePriceText.overlap(clash.effective_from, clash.effective_to));
}

async function withNames(db: Db, session: SessionInfo, records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const ids = (key: string) => [...new Set(records.map((r) => r[key] as string | null).filter((v): v is string => Boolean(v)))];
  const names = await repo.namesOf(db, session.companyId, { products: ids('productId'), stores: ids('storeId'), roomTypes: ids('roomTypeId') });
  return records.map((r) => ({
    ...r,
    productName: names.products.get(r.productId as string)?.name ?? null,
    productCode: names.products.get(r.productId as string)?.code ?? null,
    storeName: names.stores.get(r.storeId as string)?.name ?? null,
    roomTypeName: r.roomTypeId ? (names.roomTypes.get(r.roomTypeId as string)?.name ?? null) : null,
  }));
}

/**
 * For other modules (orders): the reference and floor price of a product in a store, room type
 * (null: none) and number of days on a date; none in force is refused with the reason.
 */
export async function lookupPrice(db: Kysely<DB> | Db, companyId: string, query: PriceLookup): Promise<PriceFound> {
  const q = priceLookupSchema.parse(query);
  const row = await repo.inForce(db, companyId, q, q.date);
  if (!row) throw new BizError(FinancePriceText.noPrice(q.date));
  return { id: row.id, referencePrice: row.reference_price, floorPrice: row.floor_price, effectiveFrom: row.effective_from, effectiveTo: row.effective_to };
}
