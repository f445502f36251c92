import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import type { DB } from './schema.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export class MigrationError extends Error {}

const FILE_PATTERN = /^(\d{4})_([a-z0-9_]+)\.sql$/;
// Any fixed number; every instance agrees on it so only one migrates at a time.
const MIGRATION_LOCK_KEY = 7_202_611;

export function readMigrations(dir: string): Migration[] {
  const migrations = fs
    .readdirSync(dir)
    .filter((file) => file.endsWith('.sql'))
    .map((file) => {
      const match = FILE_PATTERN.exec(file);
      if (!match) throw new MigrationError(`Migration file name ${file} must look like 0001_name.sql`);
      const text = fs.readFileSync(path.join(dir, file), 'utf8');
      return {
        version: Number(match[1]),
        name: match[2]!,
        sql: text,
        checksum: createHash('sha256').update(text).digest('hex'),
      };
    })
    .sort((a, b) => a.version - b.version);
  migrations.forEach((m, i) => {
    if (m.version !== i + 1) throw new MigrationError(`Migrations must be numbered 1, 2, 3 … without gaps; found ${m.version} at position ${i + 1}`);
  });
  return migrations;
}

/**
 * Applies the migrations not yet recorded, each in its own transaction, under an advisory lock so
 * that several instances starting together migrate once. An applied file whose text changed is an
 * error: landed migrations are never edited.
 */
export async function migrate(db: Kysely<DB>, migrations: Migration[]): Promise<number[]> {
  return db.connection().execute(async (conn) => {
    await sql`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`.execute(conn);
    try {
      await sql`create table if not exists schema_migrations (
        version integer primary key,
        name text not null,
        checksum text not null,
        applied_at timestamptz not null default now()
      )`.execute(conn);
      const applied = new Map(
        (await conn.selectFrom('schema_migrations').select(['version', 'checksum']).execute()).map((r) => [r.version, r.checksum]),
      );
      const done: number[] = [];
      for (const migration of migrations) {
        const checksum = applied.get(migration.version);
        if (checksum !== undefined) {
          if (checksum !== migration.checksum) {
            throw new MigrationError(`Migration ${migration.version}_${migration.name} changed after it was applied; add a new migration instead`);
          }
          continue;
        }
        await conn.transaction().execute(async (trx) => {
          await sql.raw(migration.sql).execute(trx);
          await trx
            .insertInto('schema_migrations')
            .values({ version: migration.version, name: migration.name, checksum: migration.checksum })
            .execute();
        });
        done.push(migration.version);
      }
      return done;
    } finally {
      await sql`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.execute(conn);
    }
  });
}
