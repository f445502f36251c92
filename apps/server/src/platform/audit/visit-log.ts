import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Insertable, type Kysely } from 'kysely';
import type { DB, VisitLogTable } from '../db/schema.js';
import { peekSession } from '../auth/request-session.js';
import type { RouteDeclaration } from '../http/route-table.js';

const FLUSH_EVERY_MS = 1_000;
const FLUSH_AT_ROWS = 500;
// Past this, new entries are dropped (and counted) rather than growing memory while the database is away.
const MAX_BUFFERED = 50_000;

/**
 * 访问日志: the response hook only pushes a row into memory; a timer writes the buffer in one
 * multi-row insert every second (or at 500 rows), so recording adds no database work to a request.
 * Shutdown flushes what is left.
 */
export class VisitLogWriter {
  private buffer: Insertable<VisitLogTable>[] = [];
  private readonly timer: NodeJS.Timeout;
  private flushing: Promise<void> = Promise.resolve();
  dropped = 0;

  constructor(
    private readonly db: Kysely<DB>,
    private readonly onError: (err: unknown) => void,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_EVERY_MS);
    this.timer.unref();
  }

  record(row: Insertable<VisitLogTable>): void {
    if (this.buffer.length >= MAX_BUFFERED) {
      this.dropped++;
      return;
    }
    this.buffer.push(row);
    if (this.buffer.length >= FLUSH_AT_ROWS) void this.flush();
  }

  /** Writes everything buffered so far; flushes never overlap. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.buffer.length === 0) return;
      const rows = this.buffer;
      this.buffer = [];
      try {
        await insertVisits(this.db, rows);
      } catch (err) {
        this.onError(err);
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}

/**
 * One INSERT … SELECT FROM unnest of eight array parameters, whatever the number of rows: a multi-row
 * VALUES list of 500 rows binds 4,000 parameters, and compiling and sending those cost the server as
 * much as the requests being logged (bench: the bare route at half the rate of its unlogged twin).
 */
async function insertVisits(db: Kysely<DB>, rows: Insertable<VisitLogTable>[]): Promise<void> {
  const column = <T>(pick: (row: Insertable<VisitLogTable>) => T) => rows.map(pick);
  await sql`
    insert into visit_log (user_id, username, method, path, ip, duration_ms, http_status, code)
    select * from unnest(
      ${column((r) => r.user_id ?? null)}::uuid[], ${column((r) => r.username ?? null)}::text[],
      ${column((r) => r.method)}::text[], ${column((r) => r.path)}::text[], ${column((r) => r.ip ?? null)}::text[],
      ${column((r) => r.duration_ms)}::integer[], ${column((r) => r.http_status)}::smallint[], ${column((r) => r.code)}::text[]
    )`.execute(db);
}

/** Records every API call (not the SPA's files) once its response is sent. */
export function installVisitLog(app: FastifyInstance, writer: VisitLogWriter): void {
  app.addHook('onResponse', async (request: FastifyRequest, reply: FastifyReply) => {
    const route = request.routeOptions.url;
    if (!route || route.startsWith('/app') || route === '/' || route === '/online/health') return;
    if ((request.routeOptions.config as Partial<RouteDeclaration> | undefined)?.visitLog === false) return;
    const session = peekSession(request);
    writer.record({
      user_id: session?.userId ?? null,
      username: session?.username ?? null,
      method: request.method,
      path: request.url.split('?')[0]!.slice(0, 512),
      ip: request.ip ?? null,
      duration_ms: Math.round(reply.elapsedTime),
      http_status: reply.statusCode,
      code: envelopeCode(request, reply),
    });
  });
}

const failureCodes = new WeakMap<FastifyRequest, string>();

/** The error handler notes the envelope code of a failure, so the log holds the code the caller saw. */
export function noteFailureCode(request: FastifyRequest, code: string): void {
  failureCodes.set(request, code);
}

function envelopeCode(request: FastifyRequest, reply: FastifyReply): string {
  return failureCodes.get(request) ?? (reply.statusCode < 400 ? '0' : String(reply.statusCode));
}

/** Deletes log rows older than the retention (days); run by the server's housekeeping timer. */
export async function pruneLogs(db: Kysely<DB>, retentionDays: number): Promise<void> {
  const cutoff = sql<Date>`now() - make_interval(days => ${retentionDays})`;
  await db.deleteFrom('visit_log').where('created_at', '<', cutoff).execute();
  await db.deleteFrom('login_log').where('created_at', '<', cutoff).execute();
}

/** Prunes the visit log and the login list hourly on this instance; returns the stopper. */
export function startLogPruning(db: Kysely<DB>, retentionDays: number, log: FastifyBaseLogger): () => void {
  const timer = setInterval(() => {
    pruneLogs(db, retentionDays).catch((err: unknown) => log.warn({ err }, 'log pruning failed'));
  }, 60 * 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
