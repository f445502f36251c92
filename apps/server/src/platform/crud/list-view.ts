import { sql, type AliasedRawBuilder, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { userDisplayName } from '../db/display-name.js';
import { shanghaiDayAfter, shanghaiDayStart } from '../time.js';

/**
 * The name of a referenced row, answered under its own key (customerName …): read in the page's own
 * statement as a subquery on the referenced row's id, so it is evaluated for the page's rows only.
 */
export interface ListName {
  /** The referenced table (`customer`, `store`, `app_user` …). */
  table: string;
  /** The list row's column holding the reference (`customer_id`). */
  on: string;
  /**
   * What is answered of the referenced row: a column (default `name`), or `user` for a user's
   * display name (userDisplayName). The referenced row is matched in the list row's company unless
   * `global` (users belong to several companies).
   */
  value?: string | 'user';
  global?: boolean;
  /** Answered when no row is referenced (default null). */
  fallback?: string;
}

/** A from/to filter on one column: `from` and `to` are the list query's keys (inclusive days). */
export interface ListPeriod {
  from: string;
  to: string;
  column: string;
  /** `instant`: a timestamp compared by Asia/Shanghai days; `date`: a date column. */
  kind: 'instant' | 'date';
}

/**
 * What a list shows beyond the resource's own columns: names of referenced rows, period filters and
 * computed columns, all in the page's one statement (with its capped count). Names and expressions
 * come from code, never from a request.
 */
export interface ListView {
  names?: Record<string, ListName>;
  periods?: ListPeriod[];
  /** Values computed from the row (alias `r`), answered under their key. */
  computed?: Record<string, RawBuilder<unknown>>;
}

/** The select-list terms of a view's names and computed columns, on the list row's alias. */
export function viewSelections(view: ListView, alias: string): AliasedRawBuilder<unknown, string>[] {
  const terms: AliasedRawBuilder<unknown, string>[] = [];
  Object.entries(view.names ?? {}).forEach(([key, name], i) => {
    const joined = `n${i}`;
    const value = name.value === 'user' ? userDisplayName(joined) : sql.ref(`${joined}.${name.value ?? 'name'}`);
    const company = name.global || name.table === 'app_user' ? sql`` : sql` and ${sql.ref(`${joined}.company_id`)} = ${sql.ref(`${alias}.company_id`)}`;
    const read = sql`(select ${value} from ${sql.table(name.table)} as ${sql.id(joined)} where ${sql.ref(`${joined}.id`)} = ${sql.ref(`${alias}.${name.on}`)}${company})`;
    terms.push((name.fallback === undefined ? read : sql`coalesce(${read}, ${name.fallback})`).as(key));
  });
  for (const [key, expression] of Object.entries(view.computed ?? {})) terms.push(expression.as(key));
  return terms;
}

/** The keys a view adds to a record. */
export function viewKeys(view: ListView): string[] {
  return [...Object.keys(view.names ?? {}), ...Object.keys(view.computed ?? {})];
}

/** The view's period filters the query asks for, on the list row's alias; `true` when none. */
export function periodTerms(view: ListView, alias: string, q: Record<string, unknown>): Expression<SqlBool> {
  const terms: Expression<SqlBool>[] = [];
  for (const period of view.periods ?? []) {
    const ref = sql.ref(`${alias}.${period.column}`);
    const from = q[period.from];
    const to = q[period.to];
    if (typeof from === 'string' && from) terms.push(sql<SqlBool>`${ref} >= ${period.kind === 'instant' ? shanghaiDayStart(from) : from}`);
    if (typeof to === 'string' && to) terms.push(period.kind === 'instant' ? sql<SqlBool>`${ref} < ${shanghaiDayAfter(to)}` : sql<SqlBool>`${ref} <= ${to}`);
  }
  return terms.length ? sql<SqlBool>`(${sql.join(terms, sql` and `)})` : sql<SqlBool>`true`;
}
