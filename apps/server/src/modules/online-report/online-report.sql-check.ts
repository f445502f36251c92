import { loadModule, parseSync, scanSync } from 'libpg-query';
import { OnlineReportText as T } from '@care/shared';
import { BizError } from '../../platform/errors.js';

// The checker of a report's configured SQL (SECURITY.md "configured SQL"): the real PostgreSQL
// parser (libpg-query, compiled to WASM and shipped in the npm package) decides what the text is.
// Exactly one plain SELECT; no data-modifying CTE, SELECT INTO, row locks or recursion; functions from
// an allowlist only; relations of report_api only. Parameters `:name` / `${name}` become bound `$n`.

/** Functions a report may call (lower-case, as the parser names them; `pg_catalog.` allowed in front). */
export const REPORT_FUNCTIONS: ReadonlySet<string> = new Set([
  // aggregates and window functions
  'count', 'sum', 'avg', 'min', 'max', 'string_agg', 'array_agg', 'bool_and', 'bool_or', 'every',
  'stddev', 'stddev_pop', 'stddev_samp', 'variance', 'var_pop', 'var_samp', 'percentile_cont', 'percentile_disc', 'mode',
  'row_number', 'rank', 'dense_rank', 'percent_rank', 'cume_dist', 'ntile', 'lag', 'lead', 'first_value', 'last_value', 'nth_value',
  // numbers
  'round', 'trunc', 'floor', 'ceil', 'ceiling', 'abs', 'mod', 'power', 'sqrt', 'sign', 'div',
  // date and time
  'now', 'date_trunc', 'date_part', 'extract', 'age', 'to_char', 'to_date', 'to_timestamp', 'to_number',
  'make_date', 'make_interval', 'justify_days', 'justify_hours', 'timezone', 'isfinite',
  // strings
  'lower', 'upper', 'length', 'char_length', 'character_length', 'substr', 'substring', 'btrim', 'ltrim', 'rtrim',
  'concat', 'concat_ws', 'replace', 'left', 'right', 'strpos', 'position', 'split_part', 'initcap', 'reverse', 'translate',
  'array_to_string', 'array_length', 'cardinality', 'coalesce', 'nullif', 'greatest', 'least',
]);

export interface CheckedReportSql {
  /** The SQL with every placeholder replaced by `$n`. */
  text: string;
  /** The parameter name bound as `$n` is `order[n - 1]`. */
  order: string[];
}

let loaded: Promise<void> | undefined;
/** The parser's WASM module, loaded once (from the package's own files). */
export function loadSqlParser(): Promise<void> {
  loaded ??= loadModule();
  return loaded;
}

const refuse = (message: string): never => {
  throw new BizError(message);
};

interface Token {
  start: number;
  end: number;
  text: string;
  tokenName: string;
}

function tokens(bytes: Buffer): Token[] {
  try {
    return scanSync(bytes.toString('utf8')).tokens as Token[];
  } catch {
    return refuse(T.sqlSyntax);
  }
}

const NAME = /^[a-z][a-z0-9_]{1,39}$/;

/** Replaces `:name` and `${name}` (outside strings, quoted names and comments: the scanner's tokens) by `$n`. */
function bindPlaceholders(sqlText: string, paramNames: readonly string[]): CheckedReportSql {
  // Token positions are byte offsets.
  const bytes = Buffer.from(sqlText, 'utf8');
  const list = tokens(bytes);
  const order: string[] = [];
  const parts: Buffer[] = [];
  let at = 0;
  const put = (start: number, end: number, name: string) => {
    if (!paramNames.includes(name)) refuse(`${T.unknownParam}：${name}`);
    let n = order.indexOf(name) + 1;
    if (n === 0) n = order.push(name);
    parts.push(bytes.subarray(at, start), Buffer.from(`$${n}`));
    at = end;
  };
  for (let i = 0; i < list.length; i++) {
    const t = list[i]!;
    if (t.tokenName === 'PARAM') refuse(T.noPositional);
    const next = list[i + 1];
    if (t.text === ':' && next && next.start === t.end && NAME.test(next.text.toLowerCase())) {
      put(t.start, next.end, next.text.toLowerCase());
      i += 1;
    } else if (t.text === '$' && next?.text === '{' && next.start === t.end) {
      const name = list[i + 2];
      const close = list[i + 3];
      if (name && close?.text === '}' && name.start === next.end && close.start === name.end && NAME.test(name.text)) {
        put(t.start, close.end, name.text);
        i += 3;
      }
    }
  }
  parts.push(bytes.subarray(at));
  return { text: Buffer.concat(parts).toString('utf8'), order };
}

type Node = Record<string, unknown>;

function nameOf(list: unknown): string[] {
  return Array.isArray(list) ? list.map((n) => String(((n as Node).String as Node | undefined)?.sval ?? '')) : [];
}

/** Walks every node of the tree; `visit(kind, body)` for each `{ Kind: body }`. */
function walk(node: unknown, visit: (kind: string, body: Node) => void): void {
  if (Array.isArray(node)) {
    for (const n of node) walk(n, visit);
    return;
  }
  if (!node || typeof node !== 'object') return;
  for (const [key, value] of Object.entries(node as Node)) {
    if (/^[A-Z]/.test(key) && value && typeof value === 'object' && !Array.isArray(value)) visit(key, value as Node);
    walk(value, visit);
  }
}

const MODIFYING = new Set(['InsertStmt', 'UpdateStmt', 'DeleteStmt', 'MergeStmt']);

/** Checks the tree of a bound text: one SELECT, nothing that writes, locks, loops or reaches outside report_api. */
function checkTree(text: string): void {
  let tree: { stmts?: { stmt?: Node }[] };
  try {
    tree = parseSync(text) as typeof tree;
  } catch (e) {
    const detail = e instanceof Error ? e.message : '';
    return refuse(detail ? `${T.sqlSyntax}：${detail}` : T.sqlSyntax);
  }
  const stmts = tree.stmts ?? [];
  if (stmts.length !== 1 || !stmts[0]?.stmt || !('SelectStmt' in stmts[0].stmt)) refuse(T.singleSelect);
  walk(stmts[0]!.stmt, (kind, body) => {
    if (MODIFYING.has(kind)) refuse(T.noModifyingCte);
    if (kind === 'SelectStmt') {
      if (body.intoClause) refuse(T.noSelectInto);
      if (body.lockingClause) refuse(T.noLocking);
      if ((body.withClause as Node | undefined)?.recursive) refuse(T.noRecursive);
    }
    if (kind === 'FuncCall') {
      const name = nameOf(body.funcname).map((s) => s.toLowerCase());
      const fn = name[name.length - 1] ?? '';
      const schemaOk = name.length === 1 || (name.length === 2 && name[0] === 'pg_catalog');
      if (!schemaOk || !REPORT_FUNCTIONS.has(fn)) refuse(`${T.functionRefused}：${name.join('.')}`);
    }
    if (kind === 'RangeVar') {
      const schema = typeof body.schemaname === 'string' ? body.schemaname : undefined;
      const rel = String(body.relname ?? '').toLowerCase();
      if (body.catalogname || (schema !== undefined && schema !== 'report_api') || rel.startsWith('pg_')) refuse(T.tableRefused);
    }
  });
}

/**
 * A report's SQL, checked and with its placeholders bound: the text to run and the order of the
 * parameters. Throws BizError('101', a Chinese refusal) for anything but one plain SELECT.
 */
export async function checkReportSql(sqlText: string, paramNames: readonly string[]): Promise<CheckedReportSql> {
  await loadSqlParser();
  const bound = bindPlaceholders(sqlText, paramNames);
  checkTree(bound.text);
  return bound;
}
