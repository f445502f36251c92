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
}

/**
 * Runs a report's checked SELECT for one company: in a read-only transaction, with the company set
 * for the report_api views (before the role changes: the role cannot set it back, the SQL checker
 * refuses set_config), a statement timeout, search_path report_api, as the role care_report_reader
 * (SELECT on report_api's views and nothing else), reading at most `limit` rows.
 */
export async function runReportQuery(db: Db, run: ReportRun): Promise<{ rows: Record<string, unknown>[]; capped: boolean }> {
  return db.transaction().execute(async (trx) => {
    await sql`set transaction read only`.execute(trx);
    await sql`select set_config('care.company_id', ${run.companyId}, true), set_config('statement_timeout', ${String(run.timeoutMs)}, true), set_config('search_path', 'report_api', true)`.execute(trx);
    await sql`set local role care_report_reader`.execute(trx);
    const wrapped = `select * from (\n${run.text}\n) as report_rows limit ${Math.trunc(run.limit) + 1}`;
    const result = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(wrapped, run.values));
    const rows = result.rows;
    const capped = rows.length > run.limit;
    return { rows: capped ? rows.slice(0, run.limit) : rows, capped };
  });
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
