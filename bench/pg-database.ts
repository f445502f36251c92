import pg from 'pg';

export interface TempDatabase {
  name: string;
  /** Connection string of the new database (same server and credentials as the admin URL). */
  url: string;
  /** Drops the database, disconnecting anyone still on it. Safe to call twice. */
  drop(): Promise<void>;
}

/** Creates an empty database `<prefix>_<ms timestamp>` through the admin connection string. */
export async function createTempDatabase(adminUrl: string, prefix = 'care_bench'): Promise<TempDatabase> {
  const name = `${prefix}_${Date.now()}`;
  await withAdmin(adminUrl, (client) => client.query(`CREATE DATABASE ${client.escapeIdentifier(name)}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    name,
    url: url.toString(),
    drop: () =>
      (dropped ??= withAdmin(adminUrl, async (client) => {
        await client.query(`DROP DATABASE IF EXISTS ${client.escapeIdentifier(name)} WITH (FORCE)`);
      })),
  };
}

async function withAdmin<T>(adminUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 10_000 });
  try {
    await client.connect();
  } catch (err) {
    const reason = err instanceof Error ? err.message : String(err);
    throw new Error(`cannot reach PostgreSQL at ${redact(adminUrl)} (${reason}); set BENCH_DATABASE_URL or start the server`);
  }
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function redact(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(unparsable BENCH_DATABASE_URL)';
  }
}
