import { sql, type Kysely, type Transaction } from 'kysely';
import { productResource, type ProductItem } from '@care/shared';
import type { AppConfig } from '../../platform/config.js';
import { crudRepo } from '../../platform/crud/crud-repo.js';
import type { DB } from '../../platform/db/schema.js';
import { DEMO_COMPANY_CODE } from '../../seed/demo-roles.js';
import { writeVersionIfChanged } from './product.service.js';

const LOCK_KEY = 7_202_640;
const SEED_KEY = 'demo:product';
const STORES_SEED_KEY = 'demo:crm';

const item = (serviceItem: string, quantity: number | null, validDays: number | null = null): ProductItem => ({ serviceItem, onDemand: quantity === null, quantity, validDays });

/** The tiers of the confinement packages; their room types are looked up by these words per store. */
export const demoTiers = [
  { key: 'basic', label: '基础', code: 'BASIC', words: ['基础', '标准', '普通', 'STD', 'BASIC'], price28: 38_800, perWeek: 8_800 },
  { key: 'deluxe', label: '豪华', code: 'DLX', words: ['豪华', 'DLX', 'DELUXE', 'LUX'], price28: 58_800, perWeek: 13_800 },
  { key: 'suite', label: '套房', code: 'SUITE', words: ['套房', 'STE', 'SUITE'], price28: 88_800, perWeek: 20_800 },
] as const;
export type DemoTier = (typeof demoTiers)[number]['key'];

const stayItems = (days: number, tier: DemoTier): ProductItem[] => {
  const weeks = Math.round(days / 7);
  const extra = tier === 'basic' ? 0 : tier === 'deluxe' ? 2 : 4;
  return [
    item('maternal_care', null),
    item('confinement_meal', null),
    item('postpartum_recovery', weeks * 2 + extra, days + 30),
    item('lactation', 2 + extra / 2, days),
    item('baby_swim', weeks * 2 + extra, days),
    item('baby_massage', null),
    item('baby_bath', null),
    ...(tier === 'basic' ? [] : [item('tcm_care', weeks + extra, days + 30)]),
    ...(tier === 'suite' ? [item('postpartum_yoga', 8, 90)] : []),
    item('full_moon_photo', 1, 90),
  ];
};

/** One demo product; `tier` names the room type its finance prices take in each store. */
export interface DemoProduct {
  code: string;
  name: string;
  kind: string;
  days: number;
  listPrice: number;
  items: ProductItem[];
  tier?: DemoTier;
}

/** The demo ladder: 28/35/42 days × 基础/豪华/套房, a 小月子, 月嫂服务 and some 单项服务. */
export const demoProducts: DemoProduct[] = [
  ...demoTiers.flatMap((t) =>
    [28, 35, 42].map((days) => ({
      code: `PKG-${t.code}-${days}`,
      name: `${t.label}月子套餐${days}天`,
      kind: 'confinement_package',
      days,
      listPrice: t.price28 + ((days - 28) / 7) * t.perWeek,
      items: stayItems(days, t.key),
      tier: t.key,
    })),
  ),
  { code: 'SHORT-14', name: '小月子14天', kind: 'short_confinement', days: 14, listPrice: 19_800, items: [item('maternal_care', null), item('confinement_meal', null), item('postpartum_recovery', 3, 45), item('baby_massage', null)], tier: 'basic' },
  { code: 'NURSE-GOLD-26', name: '金牌月嫂26天', kind: 'nurse_service', days: 26, listPrice: 18_800, items: [item('maternal_care', null), item('lactation', 2, 26), item('baby_bath', null)] },
  { code: 'NURSE-SENIOR-26', name: '高级月嫂26天', kind: 'nurse_service', days: 26, listPrice: 13_800, items: [item('maternal_care', null), item('baby_bath', null)] },
  { code: 'SVC-LACTATION', name: '催乳通乳（单次）', kind: 'single_service', days: 0, listPrice: 380, items: [item('lactation', 1, 30)] },
  { code: 'SVC-SWIM-10', name: '婴儿游泳10次卡', kind: 'single_service', days: 0, listPrice: 1_200, items: [item('baby_swim', 10, 90)] },
  { code: 'SVC-RECOVERY', name: '产后康复疗程（12次）', kind: 'single_service', days: 0, listPrice: 4_800, items: [item('postpartum_recovery', 12, 180)] },
  { code: 'SVC-PHOTO', name: '满月照套系', kind: 'single_service', days: 0, listPrice: 1_680, items: [item('full_moon_photo', 1, 60)] },
];

/** What a demo seed works with: the demo company and its administrator (who the rows are created by). */
export interface DemoSeedTarget {
  trx: Transaction<DB>;
  companyId: string;
  userId: string;
}

/**
 * Runs a demo seed once: DEMO_DATA only, under its lock, when the demo company and administrator
 * exist and the seed it follows (`after`) has run; records `key` in seed_record. Answers what `run` inserted.
 */
export async function runDemoSeedOnce(db: Kysely<DB>, config: AppConfig, seed: { lockKey: number; key: string; after: string }, run: (target: DemoSeedTarget) => Promise<number>): Promise<number> {
  if (!config.demoData) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${seed.lockKey})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();
    if (!company || !admin) return 0;
    const done = (await trx.selectFrom('seed_record').select('key').where('key', 'in', [seed.key, seed.after]).execute()).map((r) => r.key);
    if (done.includes(seed.key) || !done.includes(seed.after)) return 0;
    const inserted = await run({ trx, companyId: company.id, userId: admin.id });
    await trx.insertInto('seed_record').values({ key: seed.key }).execute();
    return inserted;
  });
}

const products = crudRepo(productResource);

/** After the demo stores, once: the product ladder sold in every demo store, each with its first version. */
export function seedDemoProducts(db: Kysely<DB>, config: AppConfig): Promise<number> {
  return runDemoSeedOnce(db, config, { lockKey: LOCK_KEY, key: SEED_KEY, after: STORES_SEED_KEY }, async ({ trx, companyId, userId }) => {
    const storeIds = (await trx.selectFrom('store').select('id').where('company_id', '=', companyId).orderBy('sort').execute()).map((s) => s.id);
    const actor = { companyId, userId };
    for (const p of demoProducts) {
      const values = productResource.create.parse({ code: p.code, name: p.name, kind: p.kind, storeIds, days: p.days, listPrice: String(p.listPrice), items: p.items });
      const id = await products.insert(trx, actor, values);
      await writeVersionIfChanged(trx, actor, id);
    }
    return demoProducts.length;
  });
}
