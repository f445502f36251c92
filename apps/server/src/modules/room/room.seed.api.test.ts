import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useAdminApp } from '../../test/fixtures.js';
import { seedDemoRoomsIfEmpty } from './room.seed.js';

describe('demo room types and rooms', () => {
  const ctx = useAdminApp();

  it('gives the demo stores their room types and 30 and 45 rooms over several floors, a few out of service, seeded once', async () => {
    const perStore = (
      await sql<{ code: string; rooms: string; floors: string; types: string }>`
        select s.code, count(r.id) as rooms, count(distinct r.floor) as floors, (select count(*) from room_type t where t.store_id = s.id) as types
        from store s join room r on r.store_id = s.id group by s.id, s.code order by s.code`.execute(ctx.db)
    ).rows.map((r) => ({ code: r.code, rooms: Number(r.rooms), floors: Number(r.floors), types: Number(r.types) }));
    expect(perStore).toEqual([
      { code: 'FT', rooms: 45, floors: 5, types: 4 },
      { code: 'NS', rooms: 30, floors: 3, types: 3 },
    ]);
    // Every room's type is one of its own store; rooms out of service have their recorded move.
    expect(Number((await sql<{ n: string }>`select count(*) as n from room r join room_type t on t.id = r.room_type_id where t.store_id <> r.store_id`.execute(ctx.db)).rows[0]!.n)).toBe(0);
    const statuses = (await sql<{ status: string; n: string }>`select status, count(*) as n from room where status <> 'free' group by status order by status`.execute(ctx.db)).rows;
    expect(statuses.map((s) => [s.status, Number(s.n)])).toEqual([['dirty', 4], ['disabled', 1], ['repair', 2]]);
    const unrecorded = await sql<{ n: string }>`
      select count(*) as n from room r where r.status <> 'free'
      and not exists (select 1 from state_change c where c.record_id = r.id and c.resource = 'room' and c.to_state = r.status)`.execute(ctx.db);
    expect(Number(unrecorded.rows[0]!.n)).toBe(0);

    expect(await seedDemoRoomsIfEmpty(ctx.db, ctx.t.config)).toBe(0);
    expect(Number((await sql<{ n: string }>`select count(*) as n from room`.execute(ctx.db)).rows[0]!.n)).toBe(75);
  });
});
