import type { Kysely } from 'kysely';
import {

  formatDateTime,
  ONLINE_REPORT_MAX_BYTES,
  ONLINE_REPORT_MAX_ROW_BYTES,
  ONLINE_REPORT_PREVIEW_ROWS,
  ONLINE_REPORT_ROW_CAP,
  onlineReportAction,
  onlineReportMenuPath,
  OnlineReportText as T,
  toPageResult,
  type OnlineReport,
  type OnlineReportCreate,
  type OnlineReportData,
  type OnlineReportDataQuery,
  type OnlineReportEdit,
  type OnlineReportListQuery,
  type OnlineReportPageConfig,
  type OnlineReportParam,
  type OnlineReportParamValues,
  type OnlineReportPreview,
  type OnlineReportPreviewResult,
  type OnlineReportRow,
  type PageResult,
} from '@care/shared';
import { assertHoldsAction } from '../../platform/auth/authority.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { Driver } from '../../platform/db/database.js';
import type { DB } from '../../platform/db/schema.js';
import { AppError, BizError, Forbidden, NotFound, StaleVersion } from '../../platform/errors.js';
import { dictLabeler } from '../dict/dict.service.js';
import { removeGeneratedMenu, upsertGeneratedMenu } from '../permission-admin/permission-admin.generated-menu.js';
import * as repo from './online-report.repo.js';
import { checkReportSql } from './online-report.sql-check.js';

// 报表配置 and the reports' pages (docs/online.md "As built: online report").

type Db = Kysely<DB>;

/** Where generated report pages hang: the 在线开发 folder. */
export const REPORT_MENU_PARENT = '/online';
export const REPORT_PAGE_COMPONENT = 'online/OnlineReportPage';

/** The statement timeout of a report run (REPORT_TIMEOUT_MS, default 5 s). */
export function reportTimeoutMs(): number {
  const v = Number(process.env.REPORT_TIMEOUT_MS);
  return Number.isFinite(v) && v >= 100 ? Math.trunc(v) : 5000;
}

/**
 * Most estimated cost of a report's plan on the embedded database, which cannot stop a running
 * statement and serves no other request meanwhile (issue 26). Measured there: 14–75 µs a cost unit
 * (joins, sorts, aggregates over 5,000–200,000 rows), so this is a second or so of work.
 */
export const EMBEDDED_REPORT_MAX_COST = 20_000;
/** How long the embedded database's statistics of the report tables serve before the next run refreshes them. */
const ANALYZE_EVERY_MS = 10 * 60_000;
const analyzedAt = new WeakMap<Db, number>();

/** What a run may cost on this database: bounded before it runs on PGlite (statistics fresh), unbounded on PostgreSQL (its timeout cuts). */
async function costLimit(db: Db, driver: Driver): Promise<number | undefined> {
  if (driver !== 'pglite') return undefined;
  if (Date.now() - (analyzedAt.get(db) ?? 0) > ANALYZE_EVERY_MS) {
    await repo.analyzeReportTables(db);
    analyzedAt.set(db, Date.now());
  }
  return EMBEDDED_REPORT_MAX_COST;
}

export async function listReports(db: Db, q: OnlineReportListQuery): Promise<PageResult<OnlineReport>> {
  return repo.pageReports(db, q);
}

export async function getReport(db: Db, id: string): Promise<OnlineReport> {
  const found = await repo.findReport(db, id);
  if (!found) throw new NotFound(T.unknownReport);
  return found;
}

async function assertSqlOk(sqlText: string, params: readonly OnlineReportParam[]): Promise<void> {
  await checkReportSql(sqlText, params.map((p) => p.name));
}

export async function createReport(db: Db, session: SessionInfo, input: OnlineReportCreate): Promise<OnlineReport> {
  await assertSqlOk(input.sql, input.params);
  const id = await db.transaction().execute(async (trx) => {
    if (await repo.codeTaken(trx, input.code)) throw new BizError(T.codeTaken);
    return repo.insertReport(trx, session.userId, input.code, input);
  });
  return getReport(db, id);
}

export async function editReport(db: Db, session: SessionInfo, input: OnlineReportEdit): Promise<OnlineReport> {
  await assertSqlOk(input.sql, input.params);
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockReport(trx, input.id);
    if (!locked) throw new NotFound(T.unknownReport);
    if (locked.version !== input.version || !(await repo.updateReport(trx, session.userId, input.id, input.version, input))) throw new StaleVersion();
    // The generated page keeps the report's name.
    if (locked.menu_permission_id) await upsertMenu(trx, locked.code, input.name);
  });
  return getReport(db, input.id);
}

export async function deleteReport(db: Db, input: { id: string; version?: number }): Promise<null> {
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockReport(trx, input.id);
    if (!locked) throw new NotFound(T.unknownReport);
    if (input.version !== undefined && locked.version !== input.version) throw new StaleVersion();
    await repo.deleteReport(trx, input.id);
    await removeGeneratedMenu(trx, onlineReportMenuPath(locked.code));
  });
  return null;
}

function upsertMenu(db: Db, code: string, name: string): Promise<string> {
  return upsertGeneratedMenu(db, {
    parentPath: REPORT_MENU_PARENT,
    path: onlineReportMenuPath(code),
    title: name,
    component: REPORT_PAGE_COMPONENT,
    buttons: [
      { action: onlineReportAction(code, 'view'), title: '查看' },
      { action: onlineReportAction(code, 'export'), title: '导出' },
    ],
  });
}

/** 生成菜单: the entry `/online/cgreportList/<code>` with its buttons 查看 and 导出. */
export async function genMenu(db: Db, id: string): Promise<OnlineReport> {
  await db.transaction().execute(async (trx) => {
    const locked = await repo.lockReport(trx, id);
    if (!locked) throw new NotFound(T.unknownReport);
    const report = (await repo.findReport(trx, id))!;
    await repo.setReportMenu(trx, id, await upsertMenu(trx, locked.code, report.name));
  });
  return getReport(db, id);
}

// ---- running ----

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The bound values in the checked order: each parameter's value (or default) converted by its type. */
export function bindValues(params: readonly OnlineReportParam[], order: readonly string[], values: OnlineReportParamValues): unknown[] {
  const byName = new Map(params.map((p) => [p.name, p]));
  return order.map((name) => {
    const p = byName.get(name);
    if (!p) throw new BizError(`${T.unknownParam}：${name}`);
    const given = values[name];
    const raw = given === undefined || given === null || String(given).trim() === '' ? p.defaultValue : String(given).trim();
    if (raw === '') {
      if (p.required) throw new BizError(`${T.paramRequired}：${p.label}`);
      return null;
    }
    if (p.type === 'number') {
      const n = Number(raw);
      if (!Number.isFinite(n)) throw new BizError(`${p.label}${T.badNumber}`);
      return String(n);
    }
    if (p.type === 'date') {
      if (!DATE.test(raw) || Number.isNaN(Date.parse(raw))) throw new BizError(`${p.label}${T.badDate}`);
      return raw;
    }
    return raw;
  });
}

interface RunConfig {
  sql: string;
  params: OnlineReportParam[];
}

function shown(row: Record<string, unknown>): OnlineReportRow {
  const out: OnlineReportRow = {};
  for (const [k, v] of Object.entries(row)) out[k] = v instanceof Date ? formatDateTime(v) : v;
  return out;
}

/** What a failed run answers: its own refusals as they are, the database's as a clear text without SQL. */
function runError(e: unknown, detail: boolean): Error {
  if (e instanceof AppError) return e;
  if (e instanceof repo.ReportTooHeavy) return new BizError(T.tooHeavy);
  if (e instanceof repo.ReportTooLarge) return new BizError(e.cap === 'row' ? T.rowTooLarge : T.tooLarge);
  const code = (e as { code?: string } | null)?.code;
  if (code === '57014') return new BizError(T.timeout);
  if (code === '42501') return new BizError(T.permissionDenied);
  if (code === '25006') return new BizError(T.singleSelect);
  const message = e instanceof Error ? e.message : '';
  // A configuration's author sees the database's reason (a missing column); it never carries the SQL.
  return new BizError(detail && message && message.length < 200 ? `${T.runFailed}：${message}` : T.runFailed);
}

async function run(db: Db, driver: Driver, companyId: string, config: RunConfig, values: OnlineReportParamValues, limit: number, detail: boolean) {
  const checked = await checkReportSql(config.sql, config.params.map((p) => p.name));
  const bound = bindValues(config.params, checked.order, values);
  try {
    const maxCost = await costLimit(db, driver);
    const result = await repo.runReportQuery(db, {
      companyId,
      text: checked.text,
      values: bound,
      limit,
      timeoutMs: reportTimeoutMs(),
      maxBytes: ONLINE_REPORT_MAX_BYTES,
      maxRowBytes: ONLINE_REPORT_MAX_ROW_BYTES,
      maxCost,
    });
    return { rows: result.rows.map(shown), capped: result.capped };
  } catch (e) {
    throw runError(e, detail);
  }
}

/** 预览: an unsaved configuration with sample values; the columns and the first rows. */
export async function preview(db: Db, driver: Driver, session: SessionInfo, input: OnlineReportPreview): Promise<OnlineReportPreviewResult> {
  const result = await run(db, driver, session.companyId, input, input.values, ONLINE_REPORT_PREVIEW_ROWS, true);
  const fields = result.rows[0] ? Object.keys(result.rows[0]) : input.columns.map((c) => c.field);
  return { fields, rows: result.rows, capped: result.capped };
}

async function reportByCode(db: Db, code: string): Promise<OnlineReport> {
  const found = await repo.findReportByCode(db, code);
  if (!found) throw new NotFound(T.unknownReport);
  return found;
}

async function holds(db: Db, session: SessionInfo, action: string): Promise<boolean> {
  try {
    await assertHoldsAction(db, session, action);
    return true;
  } catch (e) {
    if (e instanceof Forbidden) return false;
    throw e;
  }
}

/** What the report's page draws (no SQL), for a holder of its 查看. */
export async function pageConfig(db: Db, session: SessionInfo, code: string): Promise<OnlineReportPageConfig> {
  await assertHoldsAction(db, session, onlineReportAction(code, 'view'));
  const report = await reportByCode(db, code);
  const actions: OnlineReportPageConfig['actions'] = ['view'];
  if (await holds(db, session, onlineReportAction(code, 'export'))) actions.push('export');
  return { code: report.code, name: report.name, params: report.params, columns: report.columns, chart: report.chart, actions };
}

/** Sum of decimal texts (numeric arrives as text): exact, never through floats. */
export function sumDecimals(values: readonly unknown[]): string {
  let scale = 0;
  const parsed: { int: string; frac: string; neg: boolean }[] = [];
  for (const v of values) {
    if (v === null || v === undefined || v === '') continue;
    const m = /^(-?)(\d+)(?:\.(\d+))?$/.exec(typeof v === 'number' ? String(v) : String(v).trim());
    if (!m) continue;
    parsed.push({ neg: m[1] === '-', int: m[2]!, frac: m[3] ?? '' });
    scale = Math.max(scale, (m[3] ?? '').length);
  }
  let total = 0n;
  for (const p of parsed) {
    const n = BigInt(p.int + p.frac.padEnd(scale, '0'));
    total += p.neg ? -n : n;
  }
  const neg = total < 0n;
  const digits = (neg ? -total : total).toString().padStart(scale + 1, '0');
  const text = scale > 0 ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return neg ? `-${text}` : text;
}

async function translate(db: Db, report: OnlineReport, rows: OnlineReportRow[]): Promise<OnlineReportRow[]> {
  const dictColumns = report.columns.filter((c) => c.dictCode);
  if (dictColumns.length === 0) return rows;
  const labelers = await Promise.all(dictColumns.map(async (c) => [c.field, await dictLabeler(db, c.dictCode)] as const));
  return rows.map((row) => {
    const out = { ...row };
    for (const [field, label] of labelers) if (out[field] !== undefined && out[field] !== null) out[field] = label(String(out[field]));
    return out;
  });
}

async function readAll(db: Db, driver: Driver, session: SessionInfo, report: OnlineReport, values: OnlineReportParamValues) {
  return run(db, driver, session.companyId, { sql: report.sql, params: report.params }, values, ONLINE_REPORT_ROW_CAP, false);
}

/** A page of the report's rows (dictionary values translated) and the totals of its sum columns over every row read. */
export async function getData(db: Db, driver: Driver, session: SessionInfo, code: string, q: OnlineReportDataQuery): Promise<OnlineReportData> {
  await assertHoldsAction(db, session, onlineReportAction(code, 'view'));
  const report = await reportByCode(db, code);
  const all = await readAll(db, driver, session, report, q.values);
  const sums = report.columns.filter((c) => c.sum);
  const totals = sums.length === 0 ? null : Object.fromEntries(sums.map((c) => [c.field, sumDecimals(all.rows.map((r) => r[c.field]))]));
  const start = (q.pageNo - 1) * q.pageSize;
  const page = await translate(db, report, all.rows.slice(start, start + q.pageSize));
  return { ...toPageResult(page, all.rows.length, q), totals, capped: all.capped };
}

/** The rows of an export: every row read, translated; the columns marked for export. */
export async function exportRows(db: Db, driver: Driver, session: SessionInfo, code: string, values: OnlineReportParamValues) {
  await assertHoldsAction(db, session, onlineReportAction(code, 'export'));
  const report = await reportByCode(db, code);
  const all = await readAll(db, driver, session, report, values);
  return { report, rows: await translate(db, report, all.rows) };
}

