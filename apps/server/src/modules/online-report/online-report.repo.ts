import { CompiledQuery, sql, type Kysely } from 'kysely';
import { formatDateTime, toPageResult, type OnlineReport, type OnlineReportListQuery, type PageResult } from '@care/shared';
import { pageWithCappedCount } from '../../platform/db/count.js';
import type { DB } from '../../platform/db/schema.js';
import { escapeLike } from '../../platform/db/like.js';

// All SQL of 报表配置: the configurations (a global table, like sys_permission) and the one way a
// report's configured SQL runs (runReportQuery).

type Db = Kysely<DB>;

const columns = ['r.id', 'r.code', 'r.name', 'r.sql_text', 'r.params', 'r.columns', 'r.chart', 'r.version', 'r.created_at', 'r.updated_at', 'p.path as menu_path'] as const;

function base(db: Db) {
  return db.selectFrom('online_report as r').leftJoin('sys_permission as p', 'p.id', 'r.menu_permission_id');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectReports>['executeTakeFirstOrThrow']>>;
function selectReports(db: Db) {
  return base(db).select(columns);
}

function toReport(row: Row): OnlineReport {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    sql: row.sql_text,
    params: row.params as OnlineReport['params'],
    columns: row.columns as OnlineReport['columns'],
    chart: row.chart as OnlineReport['chart'],
    menuPath: row.menu_path ?? null,
    version: row.version,
    createdAt: formatDateTime(row.created_at),
    updatedAt: formatDateTime(row.updated_at),
  };
}

const SORT = { code: 'r.code', name: 'r.name', createdAt: 'r.created_at', updatedAt: 'r.updated_at' } as const;

export async function pageReports(db: Db, q: OnlineReportListQuery): Promise<PageResult<OnlineReport>> {
  let rows = selectReports(db);
  let matches = base(db);
  if (q.code) {
    rows = rows.where('r.code', 'like', `${escapeLike(q.code)}%`);
    matches = matches.where('r.code', 'like', `${escapeLike(q.code)}%`);
  }
  if (q.name) {
    rows = rows.where('r.name', 'like', `%${escapeLike(q.name)}%`);
    matches = matches.where('r.name', 'like', `%${escapeLike(q.name)}%`);
  }
  const order = q.order ?? 'desc';
  const sorted = rows.orderBy(SORT[q.column ?? 'createdAt'], order).orderBy('r.id', order);
  const page = await pageWithCappedCount(db, sorted, matches, q);
  return toPageResult(page.rows.map(toReport), page.total, q, page.capped);
}

export async function findReport(db: Db, id: string): Promise<OnlineReport | undefined> {
  const row = await selectReports(db).where('r.id', '=', id).executeTakeFirst();
  return row && toReport(row);
}

export async function findReportByCode(db: Db, code: string): Promise<OnlineReport | undefined> {
  const row = await selectReports(db).where('r.code', '=', code).executeTakeFirst();
  return row && toReport(row);
}

/** Locks the configuration for an edit, a delete or a menu change. */
export async function lockReport(db: Db, id: string): Promise<{ version: number; code: string; menu_permission_id: string | null } | undefined> {
  return db.selectFrom('online_report').select(['version', 'code', 'menu_permission_id']).where('id', '=', id).forUpdate().executeTakeFirst();
}

export async function codeTaken(db: Db, code: string): Promise<boolean> {
  return (await db.selectFrom('online_report').select('id').where('code', '=', code).executeTakeFirst()) !== undefined;
}

export interface ReportValues {
  name: string;
  sql: string;
  params: unknown;
  columns: unknown;
  chart: unknown;
}

const json = (v: unknown) => JSON.stringify(v);

export async function insertReport(db: Db, userId: string | null, code: string, v: ReportValues): Promise<string> {
  const row = await db
    .insertInto('online_report')
    .values({ code, name: v.name, sql_text: v.sql, params: json(v.params), columns: json(v.columns), chart: json(v.chart), created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** False when the row is missing or its version moved on. */
export async function updateReport(db: Db, userId: string, id: string, version: number, v: ReportValues): Promise<boolean> {
  const result = await db
    .updateTable('online_report')
    .set({ name: v.name, sql_text: v.sql, params: json(v.params), columns: json(v.columns), chart: json(v.chart), updated_by: userId, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setReportMenu(db: Db, id: string, menuPermissionId: string | null): Promise<void> {
  await db.updateTable('online_report').set({ menu_permission_id: menuPermissionId, updated_at: sql`now()` }).where('id', '=', id).execute();
}

export async function deleteReport(db: Db, id: string): Promise<void> {
  await db.deleteFrom('online_report').where('id', '=', id).execute();
}

export interface ReportRun {
  companyId: string;
  /** Checked SQL with `$n` placeholders (checkReportSql). */
  text: string;
  values: unknown[];
  /** Rows read at most; one more is asked for to tell that the result was cut. */
  limit: number;
  timeoutMs: number;
  /** Most bytes of the rows read (as text), and of any one row. */
  maxBytes: number;
  maxRowBytes: number;
  /**
   * The embedded database (PGlite) runs a statement in the server's own thread and cannot stop it
   * (statement_timeout is not honoured): a plan whose estimated cost passes this is refused before it
   * runs (ReportTooHeavy). Unset on PostgreSQL, where the timeout cuts.
   */
  maxCost?: number;
}

/** A run refused before it ran: its plan's estimated cost passes `maxCost`. */
export class ReportTooHeavy extends Error {
  constructor(readonly cost: number) {
    super(`report plan too costly (${cost})`);
  }
}

/** A run stopped by the database at the first row past a byte cap: `row` (that row alone) or `total`. */
export class ReportTooLarge extends Error {
  constructor(readonly cap: 'row' | 'total') {
    super(`report result too large (${cap})`);
  }
}

// The marker of the wrapper's own stop (a report that makes the same error only refuses itself).
const TOO_LARGE = 'care_report_too_large';
const ROW_ALIAS = 'care_report_rows';
const SIZE_COLUMN = 'care_report_size';

/**
 * The report's SQL wrapped: at most `limit + 1` rows, each row's text counted with a running total in
 * the database; the first row past a cap fails the statement there (a cast of the marker to int: plain
 * SQL has no RAISE, and the role may call no function of ours), so a huge value is never sent. Each
 * marked text carries a size: a constant one would be cast, and fail, when the statement is planned.
 * `row(alias.*)` is the whole row even when the report has a column named like the alias.
 */
function wrapped(run: ReportRun): string {
  const rowText = `octet_length(row(${ROW_ALIAS}.*)::text)`;
  const total = `sum(${rowText}) over (rows between unbounded preceding and current row)`;
  return [
    `select ${ROW_ALIAS}.*,`,
    `  case when ${rowText} > ${Math.trunc(run.maxRowBytes)} then ('${TOO_LARGE}:row:' || ${rowText})::int`,
    `       when ${total} > ${Math.trunc(run.maxBytes)} then ('${TOO_LARGE}:total:' || ${total})::int end as ${SIZE_COLUMN}`,
    `from (\n${run.text}\n) as ${ROW_ALIAS}`,
    `limit ${Math.trunc(run.limit) + 1}`,
  ].join('\n');
}

function tooLarge(e: unknown): unknown {
  const message = e instanceof Error ? e.message : '';
  if (message.includes(`${TOO_LARGE}:row:`)) return new ReportTooLarge('row');
  if (message.includes(`${TOO_LARGE}:total:`)) return new ReportTooLarge('total');
  return e;
}

/**
 * Runs a report's checked SELECT for one company: in a read-only transaction, with the company set
 * for the report_api views (before the role changes: the role cannot set it back, the SQL checker
 * refuses set_config), a statement timeout, search_path report_api, as the role care_report_reader
 * (SELECT on report_api's views and nothing else), reading at most `limit` rows and `maxBytes` bytes
 * (ReportTooLarge past them).
 */
export async function runReportQuery(db: Db, run: ReportRun): Promise<{ rows: Record<string, unknown>[]; capped: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`select set_config('care.company_id', ${run.companyId}, true), set_config('statement_timeout', ${String(run.timeoutMs)}, true), set_config('search_path', 'report_api', true)`.execute(trx);
    await sql`set local role care_report_reader`.execute(trx);
    if (run.maxCost !== undefined) {
      const plan = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(CompiledQuery.raw(`explain (format json) ${wrapped(run)}`, run.values));
      const cost = planCost(plan.rows[0]?.['QUERY PLAN']);
      if (!(cost <= run.maxCost)) throw new ReportTooHeavy(cost);
    }
    const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(wrapped(run), run.values)).catch((e: unknown) => {
      throw tooLarge(e);
    });
    const rows = result.rows.map(({ [SIZE_COLUMN]: _size, ...row }) => row);
    const capped = rows.length > run.limit;
    return { rows: capped ? rows.slice(0, run.limit) : rows, capped };
  });
}

/** The total cost of EXPLAIN (FORMAT JSON)'s answer, as either driver gives it (parsed or text); NaN when unreadable. */
function planCost(explained: unknown): number {
  const plans = (typeof explained === 'string' ? JSON.parse(explained) : explained) as { Plan?: { 'Total Cost'?: number } }[] | undefined;
  return Number(plans?.[0]?.Plan?.['Total Cost'] ?? Number.NaN);
}

/**
 * Refreshes the planner's statistics of the tables behind the report_api views (the embedded database
 * has no autovacuum: without them a join on a column of few values is estimated a thousand times too
 * cheap). Outside a report's transaction; the connection's user owns the tables there.
 */
export async function analyzeReportTables(db: Db): Promise<void> {
  const tables = await sql<{ schema: string; name: string }>`
    select distinct table_schema as schema, table_name as name from information_schema.view_table_usage where view_schema = 'report_api'`.execute(db);
  for (const t of tables.rows) await sql`analyze ${sql.id(t.schema, t.name)}`.execute(db);
}

/**
 * The connection's user must be able to SET ROLE care_report_reader. A superuser (the tests, the
 * embedded database) always can; another user needs membership, granted here when it has the right
 * to (CREATEROLE / ADMIN); answers false when it is missing and could not be granted.
 */
export async function ensureReaderMembership(db: Db): Promise<boolean> {
  const row = (await sql<{ member: boolean }>`select pg_has_role(current_user, 'care_report_reader', 'member') as member`.execute(db)).rows[0];
  if (row?.member) return true;
  try {
    await sql`grant care_report_reader to current_user`.execute(db);
    return true;
  } catch {
    return false;
  }
}
