import type { PGlite, Results } from '@electric-sql/pglite';
import type { PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

/**
 * Presents one embedded PGlite instance as a pg-style pool so Kysely's own PostgreSQL dialect drives
 * both databases. PGlite is a single session, so the pool hands out one client at a time: a
 * transaction holds it from BEGIN to COMMIT and every other query waits its turn, which gives the
 * same isolation a real pool would.
 */
export class PgliteSerialPool implements PostgresPool {
  private tail: Promise<void> = Promise.resolve();

  constructor(
    private readonly pglite: PGlite,
    private readonly acquireTimeoutMs = 30_000,
  ) {}

  connect(): Promise<PostgresPoolClient> {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const previous = this.tail;
    this.tail = previous.then(() => released);
    return withTimeout(previous, this.acquireTimeoutMs).then(() => new PgliteClient(this.pglite, once(release)));
  }

  async end(): Promise<void> {
    await this.tail;
  }
}

class PgliteClient implements PostgresPoolClient {
  constructor(
    private readonly pglite: PGlite,
    readonly release: () => void,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<_R>(cursor: never): never;
  async query<R>(sql: string, parameters?: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // A parameterless text may hold several statements (migrations): run it as a simple query.
    if (!parameters || parameters.length === 0) {
      const results = await this.pglite.exec(sql);
      return toPgResult<R>(results[results.length - 1]);
    }
    return toPgResult<R>(await this.pglite.query<R>(sql, [...parameters]));
  }
}

function toPgResult<R>(result: Results<unknown> | undefined): PostgresQueryResult<R> {
  const rows = (result?.rows ?? []) as R[];
  const command = (result as { command?: string } | undefined)?.command ?? 'SELECT';
  return {
    command: command as PostgresQueryResult<R>['command'],
    rowCount: command === 'SELECT' ? rows.length : (result?.affectedRows ?? 0),
    rows,
  };
}

function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (!done) {
      done = true;
      fn();
    }
  };
}

function withTimeout(promise: Promise<void>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Embedded database busy for more than ${ms} ms`)), ms);
    timer.unref();
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
