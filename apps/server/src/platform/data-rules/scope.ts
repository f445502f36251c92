import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DataRuleColumnType } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { withDataRules } from './apply.js';
import { registerDataRuleColumns, type DataRuleColumnDef, type RegisteredResource } from './registry.js';

/** A filterable column: its label, its column of the aliased table (or a trusted expression), its type. */
export type DataScopeColumn = [label: string, column: string | Expression<unknown>, type: DataRuleColumnType];

export interface DataScopeSpec {
  /** The data-rule resource name and what the rule editor calls it. */
  resource: string;
  label: string;
  /** The alias of the table in every query of the module (`c` → `c.owner_id`). */
  alias: string;
  columns: Record<string, DataScopeColumn>;
  /** The menu whose rules scope the records by default. */
  menu: string;
  /** Holders of this button get its rules instead of the menu's (see DataRuleTarget.scopeButton). */
  scopeButton?: string;
}

export interface DataScope {
  rules: RegisteredResource;
  menu: string;
  /** The row filter of records the caller may see and change (lists, by id, every action). */
  scope: (db: Kysely<DB>, session: SessionInfo) => Promise<Expression<SqlBool>>;
}

/** The date (Asia/Shanghai) of a timestamp column of the aliased table, for `date` rules on creation times. */
export const shanghaiDateOf = (alias: string, column: string): Expression<unknown> => sql`date(${sql.ref(`${alias}.${column}`)} at time zone 'Asia/Shanghai')`;

/**
 * A module's data scope in one declaration: registers the filterable columns (once, at load) and
 * gives the scope function its repo queries AND in, with the menu's rules or the scope button's.
 */
export function defineDataScope(spec: DataScopeSpec): DataScope {
  const columns: Record<string, DataRuleColumnDef> = {};
  for (const [key, [label, column, type]] of Object.entries(spec.columns)) {
    columns[key] = { label, type, sql: typeof column === 'string' ? `${spec.alias}.${column}` : column };
  }
  const rules = registerDataRuleColumns(spec.resource, columns, { label: spec.label });
  return {
    rules,
    menu: spec.menu,
    scope: (db, session) => withDataRules(db, { resource: rules, permission: spec.menu, scopeButton: spec.scopeButton, session }),
  };
}
