import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import { LRUCache } from 'lru-cache';
import { DataRuleText, Permission, VALUELESS_CONDITIONS, type DataRuleColumnType, type DataRuleCondition } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { escapeLike } from '../db/like.js';
import { loadDataRules, type LoadedRules } from './data-rules.repo.js';

export { escapeLike };
import { conditionAllowed, findDataRuleResource, type RegisteredColumn, type RegisteredResource } from './registry.js';
import { storeIdsOf, substituteVariables, unknownVariables, type VariableValues } from './variables.js';

export interface DataRuleTarget {
  /** The registered resource whose columns the query exposes (its name or the registration). */
  resource: string | RegisteredResource;
  /** The permission the rules hang on: a menu path (`/system/user`) or an action (`system:user:list`). */
  permission: string;
  /**
   * A button whose holders get its rules instead of `permission`'s. Rules apply to everyone reaching
   * a permission, so two roles with different scopes on one menu need two permissions: the 店长 holds
   * the 门店范围 button (store rule), the 销售顾问 reaches the menu (own records). Decided in the same
   * round trip as the rules.
   */
  scopeButton?: string;
  /** The caller's session (requireSession(request)); it also keys the per-request cache. */
  session: SessionInfo;
}

const TRUE = sql<SqlBool>`true`;
const FALSE = sql<SqlBool>`false`;

/**
 * The row filter of the caller's data rules for one query: AND the result into the repo's `where`,
 * for lists and for access by id (view, edit, delete, export) alike.
 *
 *   const scope = await withDataRules(db, { resource: 'user', permission: '/system/user', session });
 *   db.selectFrom('app_user as u').where('u.id', '=', id).where(scope)
 *
 * Exempt users (allhrdata, super group) and permissions without rules get `true`; a permission that
 * no longer exists gets `false`. Rule values are
 * bound parameters; the only SQL that is not a parameter is the column reference the module
 * registered in code.
 */
export async function withDataRules(db: Kysely<DB>, target: DataRuleTarget): Promise<Expression<SqlBool>> {
  const resource = typeof target.resource === 'string' ? findDataRuleResource(target.resource) : target.resource;
  if (!resource) throw new Error(`Data rule resource ${String(target.resource)} is not registered`);
  const prepared = await prepare(db, target.session, target.permission, target.scopeButton);
  if (prepared.loaded.exempt) return TRUE;
  // Rules hang on a permission that cannot be found: fail closed rather than open.
  if (prepared.loaded.missing) return FALSE;
  const rules = prepared.loaded.rules.filter((r) => r.resource === resource.resource);
  if (rules.length === 0) return TRUE;
  const parts = await Promise.all(
    rules.map(async (rule) => {
      const column = resource.columns.get(rule.column_key);
      // A column the module no longer registers: the rule cannot be read, so it lets nothing through.
      if (!column) return FALSE;
      const value = VALUELESS_CONDITIONS.includes(rule.condition) ? '' : await substituteVariables(rule.value, prepared.vars);
      return conditionSql(column, rule.condition, value);
    }),
  );
  return and(parts);
}

/**
 * Whether the caller's data rules are lifted for the whole company (`allhrdata`, a super group):
 * for records that belong to one user, such as an import job, that only such a user may read.
 */
export async function seesWholeCompany(db: Kysely<DB>, session: SessionInfo): Promise<boolean> {
  return (await prepare(db, session, Permission.allHrData)).loaded.exempt;
}

interface Prepared {
  loaded: LoadedRules;
  vars: VariableValues;
}

/** What one load gives: the rules, and the user's store ids once a rule asks for them. */
interface Loaded {
  rules: Promise<LoadedRules>;
  storeIds?: Promise<string[]>;
}

// Within a request: one load per permission (the guard creates the session object per request).
const perRequest = new WeakMap<SessionInfo, Map<string, Loaded>>();

// Across requests: a user's loads, valid while `access_rules_version` (read by each request's session
// check, bumped by trigger on every table the rules and store ids come from, migration 0013) stays
// the same. Saves the rules' and the store ids' round trips on nearly every data-ruled call; a change
// of rules, groups, memberships, departments or stores reaches the very next request.
const acrossRequests = new LRUCache<string, Loaded & { version: string }>({ max: 10_000 });

async function prepare(db: Kysely<DB>, session: SessionInfo, permission: string, scopeButton?: string): Promise<Prepared> {
  const entry = loadedFor(db, session, permission, scopeButton);
  const loaded = await entry.rules;
  return {
    loaded,
    vars: {
      userId: session.userId,
      username: session.username,
      companyId: session.companyId,
      departmentId: session.departmentId,
      orgCode: loaded.orgCode,
      // A shared load keeps store ids read outside a transaction only (see loadedFor).
      storeIds: () =>
        db.isTransaction && 'version' in entry
          ? storeIdsOf(db, session)
          : (entry.storeIds ??= forgetOnFailure(storeIdsOf(db, session), () => (entry.storeIds = undefined))),
      now: new Date(),
    },
  };
}

function loadedFor(db: Kysely<DB>, session: SessionInfo, permission: string, scopeButton?: string): Loaded {
  const key = scopeButton ? `${permission}\n${scopeButton}` : permission;
  let inRequest = perRequest.get(session);
  if (!inRequest) perRequest.set(session, (inRequest = new Map()));
  const known = inRequest.get(key);
  if (known) return known;

  // Only loads outside a transaction are shared: one inside may see the transaction's own uncommitted
  // (and possibly rolled back) changes to the rule tables.
  const version = db.isTransaction ? undefined : session.accessVersion;
  const sharedKey = `${session.userId}\n${session.companyId}\n${session.departmentId ?? ''}\n${key}`;
  const shared = version === undefined ? undefined : acrossRequests.get(sharedKey);
  let entry: Loaded;
  if (shared && shared.version === version) entry = shared;
  else {
    entry = { rules: forgetOnFailure(load(db, session, permission, scopeButton), () => forget(session, key, sharedKey, entry)) };
    if (version !== undefined) acrossRequests.set(sharedKey, Object.assign(entry, { version }));
  }
  inRequest.set(key, entry);
  return entry;
}

function load(db: Kysely<DB>, session: SessionInfo, permission: string, scopeButton?: string): Promise<LoadedRules> {
  return loadDataRules(db, {
    userId: session.userId,
    companyId: session.companyId,
    departmentId: session.departmentId,
    permission,
    scopeButton: scopeButton ?? null,
  });
}

// A failed load is not kept: the next call tries again.
function forgetOnFailure<T>(promise: Promise<T>, forgetIt: () => void): Promise<T> {
  promise.catch(forgetIt);
  return promise;
}

function forget(session: SessionInfo, key: string, sharedKey: string, entry: Loaded): void {
  if (perRequest.get(session)?.get(key) === entry) perRequest.get(session)!.delete(key);
  if (acrossRequests.get(sharedKey) === entry) acrossRequests.delete(sharedKey);
}

function and(parts: Expression<SqlBool>[]): RawBuilder<SqlBool> {
  if (parts.length === 0) return TRUE;
  return sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

// Fixed SQL text chosen by the condition or the registered type, never by the request.
const CAST: Record<DataRuleColumnType, string> = { uuid: 'uuid', text: 'text', number: 'numeric', date: 'date' };
const COMPARE: Partial<Record<DataRuleCondition, string>> = { '=': '=', '>': '>', '>=': '>=', '<': '<', '<=': '<=' };

/**
 * One rule as SQL: the registered column, a fixed operator and cast, and the value as a bound
 * parameter (an array parameter for IN). `value` is the text after variable substitution; null (a
 * variable without a value) or text that is not of the column's type makes the rule match nothing.
 */
export function conditionSql(column: RegisteredColumn, condition: DataRuleCondition, value: string | null): RawBuilder<SqlBool> {
  const col = column.ref;
  if (!conditionAllowed(column, condition)) return FALSE;
  if (condition === 'IS_NULL') return sql<SqlBool>`${col} is null`;
  if (condition === 'NOT_NULL') return sql<SqlBool>`${col} is not null`;
  if (value === null) return FALSE;
  const cast = sql.raw(CAST[column.type]);
  if (condition === 'IN' || condition === 'NOT_IN') {
    const items = parseList(column.type, value);
    if (!items) return FALSE;
    // One value (a 店长 of one store) as plain equality: an index on (…, col, sort column) then
    // yields its rows in order, which PostgreSQL does not assume for `= any(…)` on a later column.
    if (condition === 'IN' && items.length === 1) return sql<SqlBool>`${col} = ${items[0]}::${cast}`;
    return condition === 'IN'
      ? sql<SqlBool>`${col} = any(${items}::${cast}[])`
      : // A row without a value is not in the list.
        sql<SqlBool>`(${col} is null or ${col} <> all(${items}::${cast}[]))`;
  }
  if (condition === 'LIKE' || condition === 'LEFT_LIKE' || condition === 'RIGHT_LIKE') {
    const escaped = escapeLike(value);
    const pattern = condition === 'LIKE' ? `%${escaped}%` : condition === 'LEFT_LIKE' ? `%${escaped}` : `${escaped}%`;
    return sql<SqlBool>`${col} like ${pattern} escape '\\'`;
  }
  const scalar = parseScalar(column.type, value);
  if (scalar === null) return FALSE;
  if (condition === '!=') return sql<SqlBool>`${col} is distinct from ${scalar}::${cast}`;
  return sql<SqlBool>`${col} ${sql.raw(COMPARE[condition]!)} ${scalar}::${cast}`;
}


const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d{1,20}(\.\d{1,10})?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/;

/** The value as the column's type, or null when it is not one. */
export function parseScalar(type: DataRuleColumnType, text: string): string | null {
  if (type === 'text') return text;
  const value = text.trim();
  if (type === 'uuid') return UUID.test(value) ? value.toLowerCase() : null;
  if (type === 'number') return NUMBER.test(value) ? value : null;
  return isDateText(value) ? value : null;
}

/** Comma-separated items, each of the column's type (empty items dropped); null when one is not. */
export function parseList(type: DataRuleColumnType, text: string): string[] | null {
  const items = text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  const parsed = items.map((item) => parseScalar(type, item));
  if (parsed.some((p) => p === null)) return null;
  return parsed as string[];
}

function isDateText(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1).map((x) => Number(x ?? 0)) as [number, number, number, number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  const realDay = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return realDay && hour < 24 && minute < 60 && second < 60;
}

// Stand-ins of the right shape, to check a value with variables before it is saved.
const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';
const sampleValues: VariableValues = {
  userId: SAMPLE_ID,
  username: 'user',
  companyId: SAMPLE_ID,
  departmentId: SAMPLE_ID,
  orgCode: 'A01',
  storeIds: async () => [SAMPLE_ID],
  now: new Date(Date.UTC(2026, 0, 1)),
};

/**
 * Why a rule cannot be saved for this column (a Chinese message), or null when it can: the condition
 * must suit the column's type, variables must be known, and the value (variables replaced by
 * stand-ins) must be of the column's type.
 */
export async function ruleProblem(column: RegisteredColumn, condition: DataRuleCondition, value: string): Promise<string | null> {
  if (!conditionAllowed(column, condition)) return DataRuleText.conditionNotAllowed;
  if (VALUELESS_CONDITIONS.includes(condition)) return null;
  const unknown = unknownVariables(value);
  if (unknown.length) return `${DataRuleText.unknownVariable}：#{${unknown[0]}}`;
  const sample = (await substituteVariables(value, sampleValues)) ?? '';
  if (condition === 'IN' || condition === 'NOT_IN') return parseList(column.type, sample)?.length ? null : DataRuleText.badValue;
  if (condition === 'LIKE' || condition === 'LEFT_LIKE' || condition === 'RIGHT_LIKE') return null;
  return parseScalar(column.type, sample) === null ? DataRuleText.badValue : null;
}
