import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { inject } from 'vitest';
import type { AppConfig } from '../platform/config.js';
import { openDatabase, type Database } from '../platform/db/database.js';

export const testDriver: 'pglite' | 'pg' = process.env.TEST_DB === 'pg' ? 'pg' : 'pglite';
const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface TestDatabase {
  database: Database;
  /** Connection string of the fresh PostgreSQL database (pg driver only). */
  url?: string;
  /** A clone of the run's template: migrated and seeded for the configuration it was chosen for. */
  seeded?: boolean;
  drop(): Promise<void>;
}

/**
 * A database migrated and seeded once per run by the API project's globalSetup (db-template.ts), which
 * test files clone instead of running every migration and seed again.
 */
export interface DatabaseTemplate {
  driver: 'pglite' | 'pg';
  /** pg: the template database's name; pglite: the file holding its dumpDataDir() tar. */
  source: string;
  /** The configuration fields the seeds read while filling it. */
  seedKeys: string[];
  /** seedFingerprint(config, seedKeys) of the configuration it was seeded with. */
  fingerprint: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    databaseTemplate: DatabaseTemplate | undefined;
  }
}

/**
 * The values of the configuration fields the seeds read. Seeds are deterministic in what they read, so
 * two configurations agreeing on these fields seed the same rows (up to generated ids and timestamps),
 * whatever else differs.
 */
export function seedFingerprint(config: AppConfig, keys: readonly string[]): string {
  const values = config as unknown as Record<string, unknown>;
  return JSON.stringify(keys.map((key) => [key, values[key] === undefined ? '(undefined)' : values[key]]));
}

/** A fresh, empty database for one test file: in-memory PGlite, or a new database on the PostgreSQL server. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDriver === 'pglite') {
    const database = await openDatabase({ kind: 'pglite' });
    return { database, drop: () => database.close() };
  }
  return openPostgresTestDatabase(await createPostgresDatabase());
}

/**
 * The database of a createTestApp: a clone of the run's template when `config` would seed what the
 * template holds (`seeded`: the app's start-up skips migrations and seeds, which would find nothing to
 * do), else a fresh empty one (the app migrates and seeds it at start-up). Either way the app starts on
 * the state a fresh database reaches with this configuration.
 */
export async function createAppTestDatabase(config: AppConfig): Promise<TestDatabase> {
  const template = inject('databaseTemplate');
  if (!template || template.driver !== testDriver || seedFingerprint(config, template.seedKeys) !== template.fingerprint) {
    return createTestDatabase();
  }
  if (template.driver === 'pglite') {
    const database = await openDatabase({ kind: 'pglite', loadDataDir: await readTemplateTar(template.source) });
    return { database, seeded: true, drop: () => database.close() };
  }
  return { ...(await openPostgresTestDatabase(await createPostgresDatabase({ template: template.source }))), seeded: true };
}

let templateTar: { file: string; bytes: Promise<Uint8Array> } | undefined;

/** The template's tar, read once per worker (PGlite copies it into its own file system on open). */
async function readTemplateTar(file: string): Promise<Blob> {
  if (templateTar?.file !== file) templateTar = { file, bytes: fs.promises.readFile(file) };
  return tarBytes(await templateTar.bytes);
}

/**
 * The tar as PGlite's loadDataDir reads it (its type, then arrayBuffer() and untar). Node 20's own Blob
 * hands out a 48 MB blob's bytes in small chunks joined again, which cost about a second of CPU per
 * clone; this gives a copy of the bytes at once.
 */
function tarBytes(bytes: Uint8Array): Blob {
  const tar: Pick<Blob, 'type' | 'size' | 'arrayBuffer'> = {
    type: 'application/x-tar',
    size: bytes.byteLength,
    arrayBuffer: () => Promise.resolve(bytes.slice().buffer as ArrayBuffer),
  };
  return tar as Blob;
}

async function openPostgresTestDatabase({ url, drop }: { url: string; drop(): Promise<void> }): Promise<TestDatabase> {
  const database = await openDatabase({ kind: 'pg', url, poolSize: 5 });
  return {
    database,
    url,
    drop: async () => {
      await database.close();
      await drop();
    },
  };
}

/**
 * Creates a PostgreSQL database next to TEST_DATABASE_URL, named `<prefix>_<unique suffix>`, empty or a
 * copy of `template`; drop() removes it.
 */
export async function createPostgresDatabase(options: { template?: string; prefix?: string } = {}): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const name = `${options.prefix ?? 'care_test'}_${Date.now()}_${randomBytes(4).toString('hex')}`;
  await withAdmin((client) => client.query(options.template ? `create database ${name} template ${options.template}` : `create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => withAdmin((client) => client.query(`drop database if exists ${name} with (force)`)).then(() => undefined),
  };
}

async function withAdmin<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
