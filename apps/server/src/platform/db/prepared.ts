import type { CompiledQuery, QueryExecutorProvider, QueryResult } from 'kysely';
import type pg from 'pg';

// SQL text → statement name, for the fixed statements every request runs (session check, data
// rules). Bounded: only code registers texts, never a request, but a bug must not grow it forever.
const names = new Map<string, string>();
const MAX_STATEMENTS = 64;

/**
 * Runs a fixed-text query as a named prepared statement on a PostgreSQL server, so each pooled
 * connection plans it once instead of on every call (planning was most of the session check's and
 * the data rules' cost: ~0.4 and ~0.8 ms a request). On PGlite it runs as usual.
 */
export function executePrepared<R>(db: QueryExecutorProvider, query: CompiledQuery<R>): Promise<QueryResult<R>> {
  if (!names.has(query.sql) && names.size < MAX_STATEMENTS) names.set(query.sql, `care_${names.size + 1}`);
  return db.getExecutor().executeQuery(query);
}

/**
 * Installed on every new pool client: a query whose text was registered by `executePrepared` is sent
 * as a named statement (node-postgres parses it once per connection, then only binds and executes).
 */
export function namePreparedStatements(client: pg.PoolClient): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [text, values, ...rest] = args;
    const name = typeof text === 'string' ? names.get(text) : undefined;
    return name && Array.isArray(values) ? query({ name, text, values }, ...rest) : query(...args);
  }) as typeof client.query;
}
