import { isExpression, sql, type Expression } from 'kysely';
import { DATA_RULE_COLUMN_TYPES, DATA_RULE_CONDITIONS_BY_TYPE, type DataRuleColumnType, type DataRuleCondition } from '@care/shared';

/** One filterable column of a resource, fixed in code by the module that owns the query. */
export interface DataRuleColumnDef {
  /** What the rule editor shows (所属门店 …). */
  label: string;
  /**
   * Where the column sits in the module's query: `alias.column` (or `column`), quoted as an identifier;
   * or an expression the module builds with Kysely's `sql` tag (e.g. a date of a timestamp). Never
   * from a request.
   */
  sql: string | Expression<unknown>;
  type: DataRuleColumnType;
}

export interface RegisteredColumn {
  key: string;
  label: string;
  type: DataRuleColumnType;
  /** The trusted SQL reference. */
  ref: Expression<unknown>;
}

export interface RegisteredResource {
  resource: string;
  label: string;
  columns: ReadonlyMap<string, RegisteredColumn>;
}

export class DataRuleRegistryError extends Error {}

const NAME = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
const RESOURCE = /^[A-Za-z][A-Za-z0-9_.:-]{0,63}$/;
// A plain identifier path only: `c.store_id`, `store_id`, `schema.table.column`.
const IDENTIFIER_PATH = /^[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*){0,2}$/;

const resources = new Map<string, { resource: RegisteredResource; fingerprint: string; runtime: boolean }>();

/**
 * Declares the columns of `resource` that data rules may filter. A module calls it once, at load;
 * calling it again with the same definition is harmless (an app built twice in one process), a
 * different definition is a programming error — except for a resource defined at run time
 * (`runtime: true`, an online form's table, whose columns change with each sync): its new definition
 * replaces the old one. A run-time registration never replaces one made in code.
 */
export function registerDataRuleColumns(
  resource: string,
  columns: Record<string, DataRuleColumnDef>,
  options: { label?: string; runtime?: boolean } = {},
): RegisteredResource {
  if (!RESOURCE.test(resource)) throw new DataRuleRegistryError(`Data rule resource name ${JSON.stringify(resource)} is not a plain name`);
  const registered = new Map<string, RegisteredColumn>();
  for (const [key, def] of Object.entries(columns)) {
    if (!NAME.test(key)) throw new DataRuleRegistryError(`Data rule column key ${JSON.stringify(key)} of ${resource} is not a plain name`);
    if (!DATA_RULE_COLUMN_TYPES.includes(def.type)) throw new DataRuleRegistryError(`Data rule column ${resource}.${key} has an unknown type`);
    registered.set(key, { key, label: def.label, type: def.type, ref: toRef(resource, key, def.sql) });
  }
  if (registered.size === 0) throw new DataRuleRegistryError(`Data rule resource ${resource} registers no columns`);
  const entry = { resource, label: options.label ?? resource, columns: registered };
  const fingerprint = JSON.stringify([entry.label, Object.entries(columns).map(([k, d]) => [k, d.label, d.type, typeof d.sql === 'string' ? d.sql : sqlText(d.sql)])]);
  const existing = resources.get(resource);
  const runtime = options.runtime === true;
  if (existing) {
    if (existing.fingerprint === fingerprint && existing.runtime === runtime) return existing.resource;
    if (!(runtime && existing.runtime)) throw new DataRuleRegistryError(`Data rule resource ${resource} is registered twice with different columns`);
  }
  resources.set(resource, { resource: entry, fingerprint, runtime });
  return entry;
}

/** Drops a registration whose owner is gone (a test's probe resource, so later files in its process do not see it). */
export function forgetDataRuleResource(resource: string): void {
  resources.delete(resource);
}

export function findDataRuleResource(resource: string): RegisteredResource | undefined {
  return resources.get(resource)?.resource;
}

export function listDataRuleResources(): RegisteredResource[] {
  return [...resources.values()].map((r) => r.resource).sort((a, b) => a.resource.localeCompare(b.resource));
}

export function conditionAllowed(column: RegisteredColumn, condition: DataRuleCondition): boolean {
  return DATA_RULE_CONDITIONS_BY_TYPE[column.type].includes(condition);
}

function toRef(resource: string, key: string, ref: string | Expression<unknown>): Expression<unknown> {
  if (typeof ref !== 'string') {
    if (!isExpression(ref)) throw new DataRuleRegistryError(`Data rule column ${resource}.${key}: sql must be an identifier path or a Kysely expression`);
    return ref;
  }
  if (!IDENTIFIER_PATH.test(ref)) throw new DataRuleRegistryError(`Data rule column ${resource}.${key}: ${JSON.stringify(ref)} is not an identifier path`);
  return sql.ref(ref);
}

function sqlText(expression: Expression<unknown>): string {
  const node = expression.toOperationNode();
  return JSON.stringify(node);
}
