import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { DataRuleColumnType, OnlineField, OnlineForm } from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { registerDataRuleColumns, withDataRules, type DataRuleColumnDef, type RegisteredResource } from '../../platform/data-rules/index.js';
import type { DB } from '../../platform/db/schema.js';
import { generatedMenuPath } from '../online-form/index.js';

// Data rules of generated pages (docs/online.md): each synced form is a data-rule resource whose
// columns are its fields plus who created the row, when, and its company. The kit's queries alias the
// table `r`; the column references are the validated field names, quoted by the registry.

/** The resources this module registered, kept current: the manifest declares them (modules.api.test). */
export const onlineDataRules: RegisteredResource[] = [];

/**
 * The data-rule resource of a form: `online_data.<tableName>` (not the bare table name, which may be
 * a module's resource name: a form called `customer` must not take the 客户 module's rules).
 */
export const onlineRuleResource = (tableName: string) => `online_data.${tableName}`;

const TYPES: Record<OnlineField['type'], DataRuleColumnType> = {
  text: 'text', textarea: 'text', richtext: 'text', number: 'number', money: 'number', date: 'date', datetime: 'date',
  select: 'text', radio: 'text', dict: 'text', checkbox: 'text', switch: 'text', image: 'text', file: 'text',
  user: 'uuid', department: 'uuid',
};

function columnOf(f: OnlineField): DataRuleColumnDef {
  const ref = sql.ref(`r.${f.name}`);
  // A rule compares a day of an instant, and a switch as 'true' / 'false'.
  if (f.type === 'datetime') return { label: f.label, type: 'date', sql: sql`date(${ref} at time zone 'Asia/Shanghai')` };
  if (f.type === 'switch') return { label: f.label, type: 'text', sql: sql`(${ref})::text` };
  return { label: f.label, type: TYPES[f.type], sql: `r.${f.name}` };
}

/** Registers (or brings up to date) the form's data-rule resource; the same definition again is a no-op. */
export function registerFormRules(form: Pick<OnlineForm, 'tableName' | 'title' | 'fields'>): RegisteredResource {
  const columns: Record<string, DataRuleColumnDef> = Object.fromEntries(form.fields.map((f) => [f.name, columnOf(f)]));
  // System columns cannot be field names, so these keys never clash with a field's.
  columns.created_by = { label: '创建人', type: 'uuid', sql: 'r.created_by' };
  columns.created_at = { label: '创建日期', type: 'date', sql: sql`date(${sql.ref('r.created_at')} at time zone 'Asia/Shanghai')` };
  columns.company_id = { label: '所属公司', type: 'uuid', sql: 'r.company_id' };
  const registered = registerDataRuleColumns(onlineRuleResource(form.tableName), columns, { label: form.title, runtime: true });
  const at = onlineDataRules.findIndex((r) => r.resource === registered.resource);
  if (at >= 0) onlineDataRules[at] = registered;
  else onlineDataRules.push(registered);
  return registered;
}

/** The menu entry whose rules scope the form's rows: its generated (or attached) menu. */
export const menuOf = (form: Pick<OnlineForm, 'tableName' | 'menuPath'>) => form.menuPath ?? generatedMenuPath(form.tableName);

/** The caller's row filter on the form's master table (aliased `r`), from the rules of its menu entry. */
export function formScope(db: Kysely<DB>, session: SessionInfo, form: OnlineForm): Promise<Expression<SqlBool>> {
  return withDataRules(db, { resource: registerFormRules(form), permission: menuOf(form), session });
}
