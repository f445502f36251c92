import { sql, type Kysely, type Transaction } from 'kysely';
import type { RoomEvent, RoomStatus } from '@care/shared';
import type { AppConfig } from '../../platform/config.js';
import type { DB } from '../../platform/db/schema.js';
import { DEMO_COMPANY_CODE } from '../../seed/demo-roles.js';

const DEMO_ROOMS_LOCK_KEY = 7_202_630;
const DEMO_ROOMS_SEED_KEY = 'demo:rooms';

interface DemoRoomType {
  code: string;
  name: string;
  beds: number;
  area: string;
  dailyPrice: string;
  description: string;
}

const STANDARD: DemoRoomType = { code: 'STD', name: '标准间', beds: 1, area: '28.00', dailyPrice: '1280.00', description: '一室，1.8米护理床，独立卫浴，陪护沙发床' };
const DELUXE: DemoRoomType = { code: 'DLX', name: '豪华间', beds: 1, area: '36.00', dailyPrice: '1680.00', description: '一室一厅，落地窗，独立婴儿护理区' };
const SUITE: DemoRoomType = { code: 'STE', name: '套房', beds: 2, area: '55.00', dailyPrice: '2580.00', description: '两室一厅，家属房，独立会客区' };
const FAMILY: DemoRoomType = { code: 'FAM', name: '家庭套房', beds: 3, area: '80.00', dailyPrice: '3680.00', description: '三室两厅，可住月嫂与家属，私人餐区' };

/**
 * The demo stores' rooms: 南山店 3 floors × 10 (30 rooms), 福田店 5 floors × 9 (45 rooms); the room
 * types by position on a floor (the larger ones at the corridor's end).
 */
const demoStoreRooms: { store: string; floors: number[]; perFloor: number; types: DemoRoomType[]; typeAt: (i: number) => string }[] = [
  { store: 'NS', floors: [2, 3, 4], perFloor: 10, types: [STANDARD, DELUXE, SUITE], typeAt: (i) => (i <= 5 ? 'STD' : i <= 8 ? 'DLX' : 'STE') },
  { store: 'FT', floors: [3, 5, 6, 7, 8], perFloor: 9, types: [STANDARD, DELUXE, SUITE, FAMILY], typeAt: (i) => (i <= 4 ? 'STD' : i <= 6 ? 'DLX' : i <= 8 ? 'STE' : 'FAM') },
];

const FACINGS = ['south', 'south', 'south_east', 'east', 'north', 'north', 'west', 'south_west', 'south', 'north_east'];

/** A few rooms out of service, moved as a person would (and recorded so): room no → the move. */
const demoMoves: Record<string, { event: RoomEvent; to: RoomStatus; reason: string }> = {
  'NS:205': { event: 'repair', to: 'repair', reason: '空调漏水，等待维修' },
  'NS:310': { event: 'markDirty', to: 'dirty', reason: '' },
  'NS:402': { event: 'markDirty', to: 'dirty', reason: '' },
  'FT:503': { event: 'repair', to: 'repair', reason: '卫生间热水器故障' },
  'FT:607': { event: 'markDirty', to: 'dirty', reason: '' },
  'FT:701': { event: 'markDirty', to: 'dirty', reason: '' },
  'FT:809': { event: 'disable', to: 'disabled', reason: '重新装修，暂停使用' },
};

/** Demo mode only, once (seed_record), after the demo stores: their room types and rooms. Returns the rooms inserted. */
export async function seedDemoRoomsIfEmpty(db: Kysely<DB>, config: AppConfig): Promise<number> {
  if (!config.demoData) return 0;
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${DEMO_ROOMS_LOCK_KEY})`.execute(trx);
    const company = await trx.selectFrom('company').select('id').where('code', '=', DEMO_COMPANY_CODE).executeTakeFirst();
    if (!company) return 0;
    if (await trx.selectFrom('seed_record').select('key').where('key', '=', DEMO_ROOMS_SEED_KEY).executeTakeFirst()) return 0;
    const stores = await trx.selectFrom('store').select(['id', 'code']).where('company_id', '=', company.id).execute();
    // The demo stores come with the demo roles; without them there is nothing to seed yet.
    if (!demoStoreRooms.every((d) => stores.some((s) => s.code === d.store))) return 0;
    const inserted = await insertDemoRooms(trx, company.id, new Map(stores.map((s) => [s.code, s.id])));
    await trx.insertInto('seed_record').values({ key: DEMO_ROOMS_SEED_KEY }).execute();
    return inserted;
  });
}

async function insertDemoRooms(trx: Transaction<DB>, companyId: string, storeIds: Map<string, string>): Promise<number> {
  const admin = await trx.selectFrom('app_user').select('id').where('username', '=', 'admin').executeTakeFirst();
  let inserted = 0;
  for (const plan of demoStoreRooms) {
    const storeId = storeIds.get(plan.store)!;
    const types = await trx
      .insertInto('room_type')
      .values(plan.types.map((t, i) => ({ company_id: companyId, store_id: storeId, code: t.code, name: t.name, beds: t.beds, area: t.area, daily_price: t.dailyPrice, description: t.description, sort: i + 1, created_by: null, updated_by: null })))
      .returning(['id', 'code'])
      .execute();
    const typeIds = new Map(types.map((t) => [t.code, t.id]));
    const rooms = plan.floors.flatMap((floor) =>
      Array.from({ length: plan.perFloor }, (_, k) => {
        const i = k + 1;
        const type = plan.types.find((t) => t.code === plan.typeAt(i))!;
        const roomNo = `${floor}${String(i).padStart(2, '0')}`;
        return {
          company_id: companyId,
          store_id: storeId,
          room_type_id: typeIds.get(type.code)!,
          room_no: roomNo,
          floor,
          facing: FACINGS[(i - 1) % FACINGS.length]!,
          area: type.area,
          daily_price: type.dailyPrice,
          status: demoMoves[`${plan.store}:${roomNo}`]?.to ?? 'free',
          sort: i,
          created_by: null,
          updated_by: null,
        };
      }),
    );
    const saved = await trx.insertInto('room').values(rooms).returning(['id', 'room_no', 'status']).execute();
    inserted += saved.length;
    const moved = saved.filter((r) => r.status !== 'free');
    if (admin && moved.length > 0) {
      await trx
        .insertInto('state_change')
        .values(moved.map((r) => {
          const move = demoMoves[`${plan.store}:${r.room_no}`]!;
          return { company_id: companyId, resource: 'room', record_id: r.id, event: move.event, from_state: 'free', to_state: move.to, reason: move.reason, changed_by: admin.id };
        }))
        .execute();
    }
  }
  return inserted;
}
