import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { type OnlineField, type OnlineFormType, type OnlineIndex, type OnlineSubTable } from '@care/shared';

// The DDL planner of 表单配置 (docs/online.md): what the database holds → the statements that make it
// hold the configuration. Pure: no database access. Every identifier is quoted by Kysely (`sql.id`);
// types come from the fixed mapping below with validated integers; defaults are checked by type and
// embedded as escaped literals (DDL takes no bound parameters).

export const ONLINE_SCHEMA = 'online_data';

/** A column as information_schema describes it. */
export interface DbColumn {
  name: string;
  dataType: string;
  charLength: number | null;
  precision: number | null;
  scale: number | null;
  nullable: boolean;
  default: string | null;
}

/** An index of the table (the primary key's excluded). */
export interface DbIndex {
  name: string;
  unique: boolean;
  columns: string[];
}

export interface DbTable {
  columns: DbColumn[];
  indexes: DbIndex[];
}

/** The tables of `online_data` that exist, by name (only those the plan is asked about matter). */
export type DbState = Record<string, DbTable | undefined>;

/** What the planner needs of a form's configuration. */
export interface PlanForm {
  tableName: string;
  formType: OnlineFormType;
  fields: OnlineField[];
  indexes: OnlineIndex[];
  subTables: Pick<OnlineSubTable, 'tableName' | 'fkField' | 'fields' | 'indexes'>[];
}

export interface PlannedStatement {
  sql: RawBuilder<unknown>;
  /** The field (or table) the statement changes, named in the message when its data does not fit. */
  subject: { table: string; column?: string; label?: string; kind: 'create' | 'type' | 'notNull' | 'add' | 'other' };
}

export interface Plan {
  statements: PlannedStatement[];
  /** `table.column`, or `table` for a whole child table, that the plan drops. */
  drops: string[];
}

/** A configuration the database cannot hold (code 101, the message names the field). */
export class PlanError extends Error {}

/** How a field type is stored. */
export interface ColumnType {
  /** information_schema's data_type. */
  dataType: 'character varying' | 'text' | 'numeric' | 'date' | 'timestamp with time zone' | 'boolean' | 'uuid';
  charLength?: number;
  precision?: number;
  scale?: number;
}

/** Most digits of a 数值 field (its `length` beyond that is capped). */
export const MAX_NUMBER_DIGITS = 18;

export function columnTypeOf(field: Pick<OnlineField, 'type' | 'length' | 'scale' | 'name' | 'label'>): ColumnType {
  switch (field.type) {
    case 'text':
    case 'textarea':
      return { dataType: 'character varying', charLength: intIn(field.length, 1, 4000) };
    case 'richtext':
    case 'checkbox':
      return { dataType: 'text' };
    case 'number': {
      const precision = Math.min(intIn(field.length, 1, 4000), MAX_NUMBER_DIGITS);
      const scale = intIn(field.scale, 0, 6);
      if (scale >= precision) throw new PlanError(`字段「${field.label}」的小数位数必须小于长度`);
      return { dataType: 'numeric', precision, scale };
    }
    case 'money':
      return { dataType: 'numeric', precision: 14, scale: 2 };
    case 'date':
      return { dataType: 'date' };
    case 'datetime':
      return { dataType: 'timestamp with time zone' };
    case 'switch':
      return { dataType: 'boolean' };
    case 'select':
    case 'radio':
    case 'dict':
      return { dataType: 'character varying', charLength: 64 };
    case 'image':
    case 'file':
      return { dataType: 'character varying', charLength: 500 };
    case 'user':
    case 'department':
      return { dataType: 'uuid' };
  }
}

function intIn(value: number, min: number, max: number): number {
  if (!Number.isInteger(value) || value < min || value > max) throw new PlanError(`字段长度必须是${min}到${max}的整数`);
  return value;
}

/** The SQL text of a type: fixed words and validated integers only. */
function typeSql(t: ColumnType): RawBuilder<unknown> {
  switch (t.dataType) {
    case 'character varying':
      return sql.raw(`varchar(${t.charLength!})`);
    case 'numeric':
      return sql.raw(`numeric(${t.precision!}, ${t.scale!})`);
    case 'timestamp with time zone':
      return sql.raw('timestamptz');
    default:
      return sql.raw(t.dataType);
  }
}

/**
 * The USING clause of a type change: through text, so any two types convert when the data does (an
 * empty text becomes null for the other types); the column's own type then checks lengths and ranges.
 */
function usingSql(column: string, t: ColumnType): RawBuilder<unknown> {
  if (t.dataType === 'character varying' || t.dataType === 'text') return sql`${sql.id(column)}::text`;
  const cast = t.dataType === 'timestamp with time zone' ? 'timestamptz' : t.dataType;
  return sql`nullif(${sql.id(column)}::text, '')::${sql.raw(cast)}`;
}

function sameType(c: DbColumn, t: ColumnType): boolean {
  if (c.dataType !== t.dataType) return false;
  if (t.dataType === 'character varying') return c.charLength === t.charLength;
  if (t.dataType === 'numeric') return c.precision === t.precision && c.scale === t.scale;
  return true;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /^-?\d+(\.\d+)?$/;

function realDate(y: string, m: string, d: string): boolean {
  const date = new Date(Date.UTC(Number(y), Number(m) - 1, Number(d)));
  return date.getUTCFullYear() === Number(y) && date.getUTCMonth() === Number(m) - 1 && date.getUTCDate() === Number(d);
}

/** A default's value checked by the field's type; the canonical value, or null for none. */
export function defaultValueOf(field: Pick<OnlineField, 'type' | 'length' | 'scale' | 'name' | 'label' | 'defaultValue'>): string | number | boolean | null {
  const raw = field.defaultValue.trim();
  if (raw === '') return null;
  const bad = (what: string) => new PlanError(`字段「${field.label}」的默认值${what}`);
  const t = columnTypeOf(field);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f]/.test(raw)) throw bad('不能包含控制字符');
  switch (t.dataType) {
    case 'numeric': {
      if (!NUMBER.test(raw)) throw bad('必须是数字');
      const [int = '', frac = ''] = raw.replace('-', '').split('.');
      if (frac.length > t.scale!) throw bad(`最多${t.scale!}位小数`);
      if (int.replace(/^0+/, '').length > t.precision! - t.scale!) throw bad('超出字段长度');
      return Number(raw);
    }
    case 'date': {
      const m = DATE.exec(raw);
      if (!m || !realDate(m[1]!, m[2]!, m[3]!)) throw bad('必须是有效日期（YYYY-MM-DD）');
      return raw;
    }
    case 'timestamp with time zone': {
      const m = DATE_TIME.exec(raw);
      if (!m || !realDate(m[1]!, m[2]!, m[3]!) || Number(m[4]) > 23 || Number(m[5]) > 59 || Number(m[6] ?? 0) > 59) throw bad('必须是有效时间（YYYY-MM-DD HH:mm:ss）');
      // The product's time zone: a configured time of day is Shanghai's.
      return `${m[1]}-${m[2]}-${m[3]} ${m[4]}:${m[5]}:${m[6] ?? '00'}+08`;
    }
    case 'boolean':
      if (raw !== 'true' && raw !== 'false') throw bad('必须是 true 或 false');
      return raw === 'true';
    case 'uuid':
      if (!UUID.test(raw)) throw bad('必须是有效的ID');
      return raw.toLowerCase();
    case 'character varying':
      if ([...raw].length > t.charLength!) throw bad(`不能超过${t.charLength!}个字符`);
      return raw;
    case 'text':
      return raw;
  }
}

/** The value of an information_schema column_default as planned by `defaultValueOf` (null: none or not understood). */
export function parseDbDefault(text: string | null, t: ColumnType): string | number | boolean | null {
  if (text === null) return null;
  const quoted = /^'((?:[^']|'')*)'(?:::[a-z ]+(?:\(\d+(?:,\s*\d+)?\))?)?$/.exec(text);
  const value = quoted ? quoted[1]!.replaceAll("''", "'") : text.replace(/^\((.*)\)$/, '$1');
  switch (t.dataType) {
    case 'numeric':
      return NUMBER.test(value) ? Number(value) : null;
    case 'boolean':
      return value === 'true' ? true : value === 'false' ? false : null;
    case 'timestamp with time zone': {
      const at = Date.parse(value.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
      return Number.isNaN(at) ? null : at;
    }
    default:
      return quoted ? value : null;
  }
}

function sameDefault(current: string | null, wanted: string | number | boolean | null, t: ColumnType): boolean {
  if (wanted === null) return current === null;
  const parsed = parseDbDefault(current, t);
  if (t.dataType === 'timestamp with time zone') return parsed === Date.parse(String(wanted).replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00'));
  return parsed === wanted;
}

const id = (name: string) => sql.id(name);
const table = (name: string) => sql.id(ONLINE_SCHEMA, name);

/** The database name of an index: the form's name under its table, shortened with a hash past 63 characters. */
export function physicalIndexName(prefix: 'ix' | 'sx', tableName: string, name: string): string {
  const full = `${prefix}_${tableName}_${name}`;
  if (full.length <= 63) return full;
  return `${full.slice(0, 54)}_${createHash('sha256').update(full).digest('hex').slice(0, 8)}`;
}

interface WantedTable {
  name: string;
  fields: OnlineField[];
  indexes: OnlineIndex[];
  tree: boolean;
  /** A child table: its column holding the master's id, and the master. */
  fk?: { field: string; master: string };
}

function wantedTables(form: PlanForm): WantedTable[] {
  return [
    { name: form.tableName, fields: form.fields, indexes: form.indexes, tree: form.formType === 'tree' },
    ...form.subTables.map((s) => ({ name: s.tableName, fields: s.fields, indexes: s.indexes, tree: false, fk: { field: s.fkField, master: form.tableName } })),
  ];
}

/** Indexes the platform keeps on every table: by company, a child by (company, master), a tree by (company, parent). */
function systemIndexes(t: WantedTable): DbIndex[] {
  return [
    { name: physicalIndexName('sx', t.name, 'company'), unique: false, columns: ['company_id'] },
    ...(t.fk ? [{ name: physicalIndexName('sx', t.name, 'fk'), unique: false, columns: ['company_id', t.fk.field] }] : []),
    ...(t.tree ? [{ name: physicalIndexName('sx', t.name, 'pid'), unique: false, columns: ['company_id', 'pid'] }] : []),
  ];
}

/**
 * The configured indexes as the database holds them. A unique one is unique within a company: it
 * leads with company_id, so one company's values neither clash with nor reveal another's (issue 26).
 */
function configuredIndexes(t: WantedTable): DbIndex[] {
  return t.indexes.map((i) => ({ name: physicalIndexName('ix', t.name, i.name), unique: i.unique, columns: i.unique ? ['company_id', ...i.fields] : i.fields }));
}

/** The configured index of the form whose database name is `name`: its table and fields (a duplicate's message). */
export function indexByName(form: PlanForm, name: string): { table: string; fields: string[] } | undefined {
  for (const t of wantedTables(form)) {
    const index = t.indexes.find((i) => physicalIndexName('ix', t.name, i.name) === name);
    if (index) return { table: t.name, fields: index.fields };
  }
  return undefined;
}

/**
 * The statements that rebuild the configured indexes of existing tables whose definition differs
 * from what the form (its synced configuration) plans today: a unique index made before it led with
 * company_id. Nothing else of the tables changes; an old unique index is stricter than the new one,
 * so the rebuild cannot fail on the data.
 */
export function planIndexRebuild(form: PlanForm, current: DbState): PlannedStatement[] {
  const drops: PlannedStatement[] = [];
  const creates: PlannedStatement[] = [];
  for (const t of wantedTables(form)) {
    const existing = current[t.name];
    if (!existing) continue;
    for (const index of configuredIndexes(t)) {
      const has = existing.indexes.find((i) => i.name === index.name);
      if (!has || sameIndex(has, index)) continue;
      drops.push({ sql: sql`drop index ${sql.id(ONLINE_SCHEMA, index.name)}`, subject: { table: t.name, kind: 'other' } });
      creates.push({ sql: createIndex(t.name, index), subject: { table: t.name, kind: 'other' } });
    }
  }
  return [...drops, ...creates];
}

/** Columns the platform adds to every table (besides a tree's and a child's own). */
const BASE_COLUMNS = ['id', 'company_id', 'created_by', 'created_at', 'updated_by', 'updated_at', 'version'];

function systemColumnNames(t: WantedTable): string[] {
  return [...BASE_COLUMNS, ...(t.tree ? ['pid', 'has_child'] : []), ...(t.fk ? [t.fk.field] : [])];
}

function columnDefinition(field: OnlineField): RawBuilder<unknown> {
  const t = columnTypeOf(field);
  const value = defaultValueOf(field);
  return sql`${id(field.name)} ${typeSql(t)}${field.required ? sql` not null` : sql``}${value === null ? sql`` : sql` default ${sql.lit(value)}`}`;
}

function createTable(t: WantedTable): RawBuilder<unknown> {
  const parts: RawBuilder<unknown>[] = [
    sql`id uuid primary key default gen_random_uuid()`,
    sql`company_id uuid not null references company (id)`,
    sql`created_by uuid`,
    sql`created_at timestamptz not null default now()`,
    sql`updated_by uuid`,
    sql`updated_at timestamptz not null default now()`,
    sql`version integer not null default 1`,
  ];
  if (t.tree) parts.push(sql`pid uuid references ${table(t.name)} (id) on delete restrict`, sql`has_child boolean not null default false`);
  if (t.fk) parts.push(sql`${id(t.fk.field)} uuid not null references ${table(t.fk.master)} (id) on delete cascade`);
  for (const field of t.fields) parts.push(columnDefinition(field));
  return sql`create table ${table(t.name)} (${sql.join(parts, sql`, `)})`;
}

function createIndex(tableName: string, index: DbIndex): RawBuilder<unknown> {
  return sql`create ${index.unique ? sql`unique ` : sql``}index ${id(index.name)} on ${table(tableName)} (${sql.join(index.columns.map(id), sql`, `)})`;
}

function sameIndex(a: DbIndex, b: DbIndex): boolean {
  return a.unique === b.unique && a.columns.length === b.columns.length && a.columns.every((c, i) => c === b.columns[i]);
}

/**
 * The statements that make the database hold `form`, given what it holds (`current`: the tables of the
 * form's present and past configuration) and the child tables the last synced configuration had.
 * Drops (columns, child tables) are listed in `drops` and planned all the same: the caller runs them
 * only once confirmed.
 */
export function planSync(form: PlanForm, current: DbState, previousSubTables: readonly string[] = []): Plan {
  const statements: PlannedStatement[] = [];
  const drops: string[] = [];
  const wanted = wantedTables(form);
  const wantedNames = new Set(wanted.map((t) => t.name));

  // Child tables the configuration no longer has: dropped first (their foreign keys point at the master).
  for (const name of previousSubTables) {
    if (wantedNames.has(name) || !current[name]) continue;
    drops.push(name);
    statements.push({ sql: sql`drop table ${table(name)}`, subject: { table: name, kind: 'other' } });
  }

  const indexStatements: PlannedStatement[] = [];
  for (const t of wanted) {
    const existing = current[t.name];
    const wantedIndexes = [...systemIndexes(t), ...configuredIndexes(t)];
    if (!existing) {
      statements.push({ sql: createTable(t), subject: { table: t.name, kind: 'create' } });
      for (const index of wantedIndexes) indexStatements.push({ sql: createIndex(t.name, index), subject: { table: t.name, kind: 'other' } });
      continue;
    }
    const columns = new Map(existing.columns.map((c) => [c.name, c]));

    // Indexes that changed or went: dropped before their columns change.
    const wantedByName = new Map(wantedIndexes.map((i) => [i.name, i]));
    for (const index of existing.indexes) {
      const keep = wantedByName.get(index.name);
      if (keep && sameIndex(keep, index)) continue;
      statements.push({ sql: sql`drop index ${sql.id(ONLINE_SCHEMA, index.name)}`, subject: { table: t.name, kind: 'other' } });
    }
    for (const index of wantedIndexes) {
      const has = existing.indexes.find((i) => i.name === index.name);
      if (!has || !sameIndex(has, index)) indexStatements.push({ sql: createIndex(t.name, index), subject: { table: t.name, kind: 'other' } });
    }

    // Columns the configuration no longer has (a tree's parent columns when it is no longer a tree, an old foreign key).
    const keep = new Set([...systemColumnNames(t), ...t.fields.map((f) => f.name)]);
    for (const c of existing.columns) {
      if (keep.has(c.name) || BASE_COLUMNS.includes(c.name)) continue;
      drops.push(`${t.name}.${c.name}`);
      statements.push({ sql: sql`alter table ${table(t.name)} drop column ${id(c.name)}`, subject: { table: t.name, column: c.name, kind: 'other' } });
    }
    if (t.tree) {
      if (!columns.has('pid')) statements.push({ sql: sql`alter table ${table(t.name)} add column pid uuid references ${table(t.name)} (id) on delete restrict`, subject: { table: t.name, column: 'pid', kind: 'add' } });
      if (!columns.has('has_child')) statements.push({ sql: sql`alter table ${table(t.name)} add column has_child boolean not null default false`, subject: { table: t.name, column: 'has_child', kind: 'add' } });
    }
    if (t.fk && !columns.has(t.fk.field)) {
      statements.push({
        sql: sql`alter table ${table(t.name)} add column ${id(t.fk.field)} uuid not null references ${table(t.fk.master)} (id) on delete cascade`,
        subject: { table: t.name, column: t.fk.field, label: t.fk.field, kind: 'add' },
      });
    }

    for (const field of t.fields) {
      const c = columns.get(field.name);
      const subject = { table: t.name, column: field.name, label: field.label };
      if (!c) {
        statements.push({ sql: sql`alter table ${table(t.name)} add column ${columnDefinition(field)}`, subject: { ...subject, kind: 'add' } });
        continue;
      }
      const type = columnTypeOf(field);
      const value = defaultValueOf(field);
      const retype = !sameType(c, type);
      const defaultChanged = !sameDefault(c.default, value, type);
      const alter = (body: RawBuilder<unknown>, kind: PlannedStatement['subject']['kind']) =>
        statements.push({ sql: sql`alter table ${table(t.name)} alter column ${id(field.name)} ${body}`, subject: { ...subject, kind } });
      // An old default may not convert to the new type: it goes first and the new one is set after.
      if (c.default !== null && (retype || defaultChanged)) alter(sql`drop default`, 'other');
      if (retype) alter(sql`type ${typeSql(type)} using ${usingSql(field.name, type)}`, 'type');
      if (value !== null && (retype || defaultChanged)) alter(sql`set default ${sql.lit(value)}`, 'other');
      if (field.required && c.nullable) alter(sql`set not null`, 'notNull');
      if (!field.required && !c.nullable) alter(sql`drop not null`, 'other');
    }
  }
  return { statements: [...statements, ...indexStatements], drops };
}
