import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

/** A room type of the store for tests: the seeded one with `code`, or a new one (the room-type module may not seed any). */
export async function roomTypeFor(db: Kysely<DB>, companyId: string, storeId: string, code: string, name = code): Promise<string> {
  const found = await sql<{ id: string }>`select id from room_type where company_id = ${companyId} and store_id = ${storeId} and code = ${code}`.execute(db);
  if (found.rows[0]) return found.rows[0].id;
  const added = await sql<{ id: string }>`insert into room_type (company_id, store_id, code, name) values (${companyId}, ${storeId}, ${code}, ${name}) returning id`.execute(db);
  return added.rows[0]!.id;
}
