import { sql, type Kysely } from 'kysely';
import type { DB } from '../../platform/db/schema.js';

export interface SystemConfigRow {
  config: Record<string, unknown>;
  version: number;
}

export async function findSystemConfig(db: Kysely<DB>): Promise<SystemConfigRow | undefined> {
  return db.selectFrom('system_config').select(['config', 'version']).where('id', '=', 1).executeTakeFirst();
}

export async function insertSystemConfig(db: Kysely<DB>, config: Record<string, unknown>): Promise<void> {
  await db
    .insertInto('system_config')
    .values({ id: 1, config: JSON.stringify(config) })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

/** Replaces the configuration only when `version` is current; answers whether the row changed. */
export async function updateSystemConfig(db: Kysely<DB>, userId: string, version: number, config: Record<string, unknown>): Promise<boolean> {
  const result = await db
    .updateTable('system_config')
    .set({ config: JSON.stringify(config), updated_by: userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', 1)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
