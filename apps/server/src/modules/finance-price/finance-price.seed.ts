import type { Kysely } from 'kysely';
import { financePriceResource, type RoomTypeChoice } from '@care/shared';
import type { AppConfig } from '../../platform/config.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { productIdsByCode, roomTypeChoices } from '../product/product.service.js';
import { demoProducts, demoTiers, runDemoSeedOnce, type DemoTier } from '../product/product.seed.js';

const LOCK_KEY = 7_202_641;
const SEED_KEY = 'demo:finance-price';
const PRODUCTS_SEED_KEY = 'demo:product';

/** Prices per store relative to the list price (福田店 sells a little cheaper). */
const storeFactor: Record<string, number> = { NS: 1, FT: 0.95 };
const hundreds = (v: number) => String(Math.round(v / 100) * 100);

/** The store's room type of a package tier: the first enabled one whose name or code has one of the tier's words. */
export function roomTypeOfTier(roomTypes: RoomTypeChoice[], storeId: string, tier: DemoTier): RoomTypeChoice | undefined {
  const words = demoTiers.find((t) => t.key === tier)!.words;
  return roomTypes.find((rt) => rt.storeId === storeId && rt.enabled && words.some((w) => rt.name.includes(w) || rt.code.toUpperCase().includes(w)));
}

const prices = crudRepo(financePriceResource);

/**
 * After the demo products, once: a price per demo store × product (packages in the store's room type
 * of their tier: skipped where the store has none), in force from the first of this year, open-ended;
 * 福田店's 基础 28-day package also has last year's price.
 */
export function seedDemoFinancePrices(db: Kysely<DB>, config: AppConfig): Promise<number> {
  return runDemoSeedOnce(db, config, { lockKey: LOCK_KEY, key: SEED_KEY, after: PRODUCTS_SEED_KEY }, async ({ trx, companyId, userId }) => {
    const stores = await trx.selectFrom('store').select(['id', 'code']).where('company_id', '=', companyId).orderBy('sort').execute();
    const roomTypes = await roomTypeChoices(trx, companyId);
    const productIds = await productIdsByCode(trx, companyId, demoProducts.map((p) => p.code));
    const year = Number(new Date(Date.now() + 8 * 3_600_000).toISOString().slice(0, 4));
    const actor = { companyId, userId };
    let inserted = 0;
    for (const store of stores) {
      const factor = storeFactor[store.code] ?? 1;
      for (const p of demoProducts) {
        const productId = productIds.get(p.code);
        const roomType = p.tier ? roomTypeOfTier(roomTypes, store.id, p.tier) : undefined;
        if (!productId || (p.tier && !roomType)) continue;
        const price = (listPrice: number, effectiveFrom: string, effectiveTo: string | null) =>
          financePriceResource.create.parse({
            productId, storeId: store.id, roomTypeId: roomType?.id ?? null, days: p.days,
            referencePrice: hundreds(listPrice * factor), floorPrice: hundreds(listPrice * factor * 0.9), effectiveFrom, effectiveTo,
          });
        await prices.insert(trx, actor, price(p.listPrice, `${year}-01-01`, null));
        inserted++;
        if (store.code === 'FT' && p.code === 'PKG-BASIC-28') {
          await prices.insert(trx, actor, { ...price(p.listPrice - 2_000, `${year - 1}-01-01`, `${year - 1}-12-31`), remark: '上年价格' });
          inserted++;
        }
      }
    }
    return inserted;
  });
}
