import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.js';
import { migrationsDir } from '../paths.js';
import { migrate, MigrationError, readMigrations } from './migrate.js';

describe('migrations', () => {
  let t: TestDatabase;
  let dir: string;
  beforeEach(async () => {
    t = await createTestDatabase();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'care-mig-'));
  });
  afterEach(async () => {
    await t.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
  const tables = async () =>
    (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' order by 1`.execute(t.database.db)).rows.map((r) => r.name);

  it('applies the product migrations once; a restart applies none twice', async () => {
    const all = readMigrations(migrationsDir);
    expect(await migrate(t.database.db, all)).toEqual(all.map((m) => m.version));
    expect(await migrate(t.database.db, all)).toEqual([]);
    const recorded = await t.database.db.selectFrom('schema_migrations').select(['version', 'name']).orderBy('version').execute();
    expect(recorded).toEqual(all.map((m) => ({ version: m.version, name: m.name })));
  });

  it('applies only the new ones when a migration is added', async () => {
    write('0001_first.sql', 'create table a (id int);');
    expect(await migrate(t.database.db, readMigrations(dir))).toEqual([1]);
    write('0002_second.sql', 'create table b (id int); insert into b values (1), (2);');
    expect(await migrate(t.database.db, readMigrations(dir))).toEqual([2]);
    expect(await tables()).toEqual(expect.arrayContaining(['a', 'b', 'schema_migrations']));
  });

  it('rolls a failing migration back whole and records nothing of it', async () => {
    write('0001_first.sql', 'create table a (id int);');
    write('0002_broken.sql', 'create table b (id int);\ninsert into b values (1);\nselect no_such_function();');
    await expect(migrate(t.database.db, readMigrations(dir))).rejects.toThrow();
    expect(await tables()).not.toContain('b');
    const versions = (await t.database.db.selectFrom('schema_migrations').select('version').execute()).map((r) => r.version);
    expect(versions).toEqual([1]);
  });

  it('refuses to start when a landed migration was edited', async () => {
    write('0001_first.sql', 'create table a (id int);');
    await migrate(t.database.db, readMigrations(dir));
    write('0001_first.sql', 'create table a (id int, extra text);');
    await expect(migrate(t.database.db, readMigrations(dir))).rejects.toThrow(MigrationError);
  });

  it('refuses badly named or gapped migration files', () => {
    write('0001_first.sql', 'select 1;');
    write('0003_third.sql', 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/without gaps/);
    fs.rmSync(path.join(dir, '0003_third.sql'));
    write('2_bad.sql', 'select 1;');
    expect(() => readMigrations(dir)).toThrow(/must look like/);
  });

  it('returns the same value shapes on both drivers', async () => {
    const row = (
      await sql<{ n: number; money: string; day: string; at: Date }>`select count(*) as n, 1234.50::numeric(14,2) as money, date '2026-01-31' as day, now() as at`.execute(t.database.db)
    ).rows[0]!;
    expect(row.n).toBe(1);
    expect(row.money).toBe('1234.50');
    expect(row.day).toBe('2026-01-31');
    expect(row.at).toBeInstanceOf(Date);
  });

  it('a transaction that throws leaves nothing behind', async () => {
    await sql`create table tx_probe (id int)`.execute(t.database.db);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await sql`insert into tx_probe values (1)`.execute(trx);
        throw new Error('stop');
      }),
    ).rejects.toThrow('stop');
    const n = (await sql<{ n: number }>`select count(*) as n from tx_probe`.execute(t.database.db)).rows[0]!.n;
    expect(n).toBe(0);
  });
});
