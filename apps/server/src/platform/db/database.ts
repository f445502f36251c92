import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect, sql } from 'kysely';
import pg from 'pg';
import { acquireDataDirLock } from './datadir-lock.js';
import { PgliteSerialPool } from './pglite-pool.js';
import { namePreparedStatements } from './prepared.js';
import type { DB } from './schema.js';

export type Driver = 'pglite' | 'pg';

export interface Database {
  driver: Driver;
  db: Kysely<DB>;
  /** The connection string (PostgreSQL only): for what needs a connection of its own, like LISTEN. */
  url?: string;
  /** True when the database answers a trivial query. */
  ping(): Promise<boolean>;
  /** The connection pool's counts (PostgreSQL only; PGlite is one embedded session): 监控页. */
  poolStats?(): { total: number; idle: number; waiting: number; max: number };
  /** The whole data directory as an uncompressed tar (PGlite only): tests clone a seeded template. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pg'; url: string; poolSize?: number; preparedStatements?: boolean }
  /** dataDir undefined = in memory (tests); loadDataDir starts it from a dumpDataDir() tar. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob };

// Both drivers return the same shapes: int8 (counts) as number, numeric (money) as exact string,
// date as 'YYYY-MM-DD' text, timestamptz as Date.
const OID = { int8: 20, date: 1082, numeric: 1700 } as const;
const identity = (value: string) => value;

export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  const database = target.kind === 'pg' ? await openPostgres(target.url, target.poolSize, target.preparedStatements ?? true) : await openPglite(target.dataDir, target.loadDataDir);
  // Closing twice (shutdown hook and owner) must be harmless.
  let closing: Promise<void> | undefined;
  const close = database.close;
  return { ...database, close: () => (closing ??= close()) };
}

async function openPostgres(url: string, poolSize: number | undefined = 20, prepare = true): Promise<Database> {
  const pool = new pg.Pool({
    connectionString: url,
    max: poolSize,
    idleTimeoutMillis: 30_000,
    connectionTimeoutMillis: 10_000,
    types: {
      getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
        if (oid === OID.int8) return Number;
        if (oid === OID.date || oid === OID.numeric) return identity;
        return pg.types.getTypeParser(oid, format);
      }) as typeof pg.types.getTypeParser,
    },
  });
  // A client losing its server (57P01 at a restart, pg_terminate_backend) must not crash the process.
  // The pool listens on idle clients only; a checked-out one (a request's transaction between two
  // queries) needs its own listener. Its query in flight, or the next one, reports the loss, and the
  // pool drops it at release (issue 26 item 11).
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  if (prepare) pool.on('connect', namePreparedStatements);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return {
    driver: 'pg',
    db,
    url,
    ping: () => ping(db),
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: poolSize }),
    close: () => db.destroy(),
  };
}

async function openPglite(dataDir: string | undefined, loadDataDir: Blob | undefined): Promise<Database> {
  let releaseLock = () => {};
  let pgDataDir: string | undefined;
  if (dataDir) {
    releaseLock = acquireDataDirLock(dataDir);
    pgDataDir = path.join(dataDir, 'pgdata');
    fs.mkdirSync(pgDataDir, { recursive: true });
  }
  try {
    // relaxedDurability stays false and synchronous_commit on: a commit is acknowledged only after its
    // WAL record has been written to the file, so it survives the process being killed (see docs/database.md).
    const pglite = await PGlite.create({
      dataDir: pgDataDir,
      loadDataDir,
      relaxedDurability: false,
      parsers: { [OID.int8]: Number, [OID.date]: identity, [OID.numeric]: identity },
    });
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: new PgliteSerialPool(pglite) }) });
    return {
      driver: 'pglite',
      db,
      ping: () => ping(db),
      dumpDataDir: () => pglite.dumpDataDir('none'),
      close: async () => {
        try {
          await db.destroy();
          await pglite.close();
        } finally {
          releaseLock();
        }
      },
    };
  } catch (err) {
    releaseLock();
    throw err;
  }
}

async function ping(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
