import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export async function findSystemConfig(db: Kysely<DB>): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom('system_config').select('config').where('id', '=', 1).executeTakeFirst();
  return row?.config;
}

export async function insertSystemConfig(db: Kysely<DB>, config: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('system_config')
    .values({ id: 1, config: JSON.stringify(config) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
