import { sql, type Kysely, type RawBuilder, type Selectable } from 'kysely';
import type { DB } from '../../platform/db/schema.js';
import type { OnlineFormTable } from '../../platform/db/schema-online.js';
import { cappedCountColumn, cappedTotal } from '../../platform/db/count.js';
import { escapeLike } from '../../platform/db/like.js';
import { ONLINE_SCHEMA, type DbIndex, type DbState, type DbTable } from './online-form.planner.js';

// All SQL of 表单配置: the configuration rows, their history, what online_data holds, and the DDL runner.

export type FormRow = Selectable<OnlineFormTable> & { menu_path: string | null };

/** Any number; every instance agrees on it, so one sync (or form delete) changes online_data at a time. */
export const ONLINE_DDL_LOCK_KEY = 7_303_019;

function formQuery(db: Kysely<DB>) {
  return db
    .selectFrom('online_form as f')
    .leftJoin('sys_permission as m', 'm.id', 'f.menu_permission_id')
    .selectAll('f')
    .select('m.path as menu_path');
}

export function findForm(db: Kysely<DB>, id: string): Promise<FormRow | undefined> {
  return formQuery(db).where('f.id', '=', id).executeTakeFirst();
}

export function findFormByTable(db: Kysely<DB>, tableName: string): Promise<FormRow | undefined> {
  return formQuery(db).where('f.table_name', '=', tableName).executeTakeFirst();
}

export async function lockForm(db: Kysely<DB>, id: string): Promise<boolean> {
  return (await db.selectFrom('online_form').select('id').where('id', '=', id).forUpdate().executeTakeFirst()) !== undefined;
}

export interface FormFilters {
  tableName?: string;
  title?: string;
  formType?: string;
}

const SORT_COLUMNS = { createdAt: 'f.created_at', tableName: 'f.table_name', title: 'f.title' } as const;

export async function pageForms(
  db: Kysely<DB>,
  filters: FormFilters,
  sort: { column?: keyof typeof SORT_COLUMNS; order?: 'asc' | 'desc' },
  page: { pageNo: number; pageSize: number },
): Promise<{ rows: FormRow[]; total: number; capped: boolean }> {
  let matches = db.selectFrom('online_form as f');
  if (filters.tableName) matches = matches.where(sql<boolean>`f.table_name like ${`%${escapeLike(filters.tableName)}%`} escape '\\'`);
  if (filters.title) matches = matches.where(sql<boolean>`f.title like ${`%${escapeLike(filters.title)}%`} escape '\\'`);
  if (filters.formType) matches = matches.where('f.form_type', '=', filters.formType as FormRow['form_type']);
  const direction = sort.order === 'asc' ? 'asc' : 'desc';
  const rows = await matches
    .leftJoin('sys_permission as m', 'm.id', 'f.menu_permission_id')
    .selectAll('f')
    .select('m.path as menu_path')
    .select(cappedCountColumn(matches))
    .orderBy(sql.ref(SORT_COLUMNS[sort.column ?? 'createdAt']), direction)
    .orderBy('f.id', direction)
    .limit(page.pageSize)
    .offset((page.pageNo - 1) * page.pageSize)
    .execute();
  if (rows.length === 0) {
    const count = await matches.select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    return { rows: [], ...cappedTotal(count.n) };
  }
  const count = (rows[0] as { matching_count?: string }).matching_count ?? 0;
  return { rows: rows.map(({ matching_count: _n, ...row }) => row as FormRow), ...cappedTotal(count) };
}

/** Every form's master and child table names (the name check of a new or edited form). */
export async function tableNamesOfOtherForms(db: Kysely<DB>, exceptId: string | null): Promise<Set<string>> {
  let q = db.selectFrom('online_form').select(['table_name', 'config', 'synced_config']);
  if (exceptId) q = q.where('id', '<>', exceptId);
  const names = new Set<string>();
  for (const row of await q.execute()) {
    names.add(row.table_name);
    for (const config of [row.config, row.synced_config] as ({ subTables?: { tableName: string }[] } | null)[]) {
      for (const sub of config?.subTables ?? []) names.add(sub.tableName);
    }
  }
  return names;
}

export interface FormValues {
  table_name: string;
  title: string;
  form_type: FormRow['form_type'];
  config: string;
}

export async function insertForm(db: Kysely<DB>, userId: string | null, values: FormValues): Promise<string> {
  const row = await db
    .insertInto('online_form')
    .values({ ...values, created_by: userId, updated_by: userId })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Writes the configuration when `version` is current; answers whether it did. */
export async function updateForm(db: Kysely<DB>, userId: string, id: string, version: number, values: FormValues & { sync_state: FormRow['sync_state'] }): Promise<boolean> {
  const result = await db
    .updateTable('online_form')
    .set({ ...values, updated_by: userId, updated_at: sql`now()`, version: sql`version + 1` })
    .where('id', '=', id)
    .where('version', '=', version)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** The forms that were synced (their tables exist). */
export async function syncedFormIds(db: Kysely<DB>): Promise<string[]> {
  return (await db.selectFrom('online_form').select('id').where('synced_config', 'is not', null).orderBy('table_name').execute()).map((r) => r.id);
}

export async function markSynced(db: Kysely<DB>, id: string, syncedConfig: string): Promise<void> {
  await db.updateTable('online_form').set({ synced_config: syncedConfig, sync_state: 'synced', synced_at: sql`now()` }).where('id', '=', id).execute();
}

export async function setMenu(db: Kysely<DB>, id: string, permissionId: string | null): Promise<void> {
  await db.updateTable('online_form').set({ menu_permission_id: permissionId }).where('id', '=', id).execute();
}

export async function deleteForm(db: Kysely<DB>, id: string): Promise<void> {
  await db.deleteFrom('online_form').where('id', '=', id).execute();
}

export async function insertMigration(db: Kysely<DB>, values: { formId: string; formVersion: number; statements: string[]; userId: string | null }): Promise<void> {
  await db
    .insertInto('online_form_migration')
    .values({ form_id: values.formId, form_version: values.formVersion, statements: JSON.stringify(values.statements), created_by: values.userId })
    .execute();
}

export function listMigrations(db: Kysely<DB>, formId: string) {
  return db
    .selectFrom('online_form_migration as g')
    .leftJoin('app_user as u', 'u.id', 'g.created_by')
    .select(['g.id', 'g.form_version', 'g.statements', 'g.created_at', 'u.first_name as created_by_name'])
    .where('g.form_id', '=', formId)
    .orderBy('g.created_at', 'desc')
    .orderBy('g.id', 'desc')
    .execute();
}

export async function lockDdl(db: Kysely<DB>): Promise<void> {
  await sql`select pg_advisory_xact_lock(${ONLINE_DDL_LOCK_KEY})`.execute(db);
}

/** What online_data holds of these tables: columns (information_schema) and indexes other than primary keys. */
export async function readTables(db: Kysely<DB>, names: string[]): Promise<DbState> {
  if (names.length === 0) return {};
  const columns = await sql<{
    table_name: string;
    column_name: string;
    data_type: string;
    character_maximum_length: number | null;
    numeric_precision: number | null;
    numeric_scale: number | null;
    is_nullable: string;
    column_default: string | null;
  }>`select table_name, column_name, data_type, character_maximum_length, numeric_precision, numeric_scale, is_nullable, column_default
     from information_schema.columns
     where table_schema = ${ONLINE_SCHEMA} and table_name in (${sql.join(names)})
     order by table_name, ordinal_position`.execute(db);
  const indexes = await sql<{ table_name: string; name: string; unique: boolean; columns: string[] | string }>`
    select t.relname as table_name, i.relname as name, ix.indisunique as unique,
      array(select a.attname::text from unnest(ix.indkey::int2[]) with ordinality k(attnum, ord)
            join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.ord) as columns
    from pg_index ix
    join pg_class t on t.oid = ix.indrelid
    join pg_class i on i.oid = ix.indexrelid
    join pg_namespace n on n.oid = t.relnamespace
    where n.nspname = ${ONLINE_SCHEMA} and t.relname in (${sql.join(names)}) and not ix.indisprimary`.execute(db);
  const state: Record<string, DbTable> = {};
  for (const c of columns.rows) {
    const table = (state[c.table_name] ??= { columns: [], indexes: [] });
    table.columns.push({
      name: c.column_name,
      dataType: c.data_type,
      charLength: c.character_maximum_length === null ? null : Number(c.character_maximum_length),
      precision: c.numeric_precision === null ? null : Number(c.numeric_precision),
      scale: c.numeric_scale === null ? null : Number(c.numeric_scale),
      nullable: c.is_nullable === 'YES',
      default: c.column_default,
    });
  }
  for (const i of indexes.rows) {
    const index: DbIndex = { name: i.name, unique: i.unique, columns: pgArray(i.columns) };
    state[i.table_name]?.indexes.push(index);
  }
  return state;
}

/** A text[] as either driver answers it. */
function pgArray(value: string[] | string): string[] {
  if (Array.isArray(value)) return value;
  const inner = value.replace(/^\{|\}$/g, '');
  return inner === '' ? [] : inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

export async function runStatement(db: Kysely<DB>, statement: RawBuilder<unknown>): Promise<void> {
  await statement.execute(db);
}

/** Drops the tables (children first), if they exist. */
export async function dropTables(db: Kysely<DB>, names: string[]): Promise<void> {
  for (const name of names) await sql`drop table if exists ${sql.id(ONLINE_SCHEMA, name)}`.execute(db);
}

/** The id of the menu entry (folder or page) of `path`. */
export async function findMenuId(db: Kysely<DB>, path: string): Promise<string | undefined> {
  return (await db.selectFrom('sys_permission').select('id').where('path', '=', path).where('menu_type', 'in', [0, 1]).executeTakeFirst())?.id;
}

/** The longest-standing member of a company's super group: the seeds' actor. */
export async function firstSuperUserOf(db: Kysely<DB>, companyId: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('user_security_group as ug')
    .innerJoin('security_group as g', 'g.id', 'ug.group_id')
    .innerJoin('app_user as u', 'u.id', 'ug.user_id')
    .select('u.id')
    .where('g.company_id', '=', companyId)
    .where('g.all_permissions', '=', true)
    .orderBy('u.created_at')
    .orderBy('u.id')
    .limit(1)
    .executeTakeFirst();
  return row?.id;
}
