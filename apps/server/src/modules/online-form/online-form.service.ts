import type { Kysely } from 'kysely';
import {
  formatDateTime,
  ONLINE_DATA_ACTION_TITLES,
  ONLINE_DATA_ACTIONS,
  onlineDataAction,
  OnlineFormText,
  toPageResult,
  type OnlineForm,
  type OnlineFormCreate,
  type OnlineFormEdit,
  type OnlineSyncResult,
  type PageResult,
} from '@care/shared';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, StaleVersion } from '../../platform/errors.js';
import { removeButtons, removeGeneratedMenu, upsertGeneratedMenu } from '../permission-admin/permission-admin.generated-menu.js';
import { indexByName, planIndexRebuild, planSync, PlanError, type DbState, type PlannedStatement } from './online-form.planner.js';
import * as repo from './online-form.repo.js';

// 表单配置 (docs/online.md): the configuration of each form, its sync to the tables of `online_data`
// (one transaction under an advisory lock, recorded in the form's history) and its menu entry.

type FormConfig = Pick<OnlineForm, 'fields' | 'indexes' | 'treeLabelField' | 'subTables'>;

/** The page of a generated form's menu entry. */
export const ONLINE_DATA_COMPONENT = 'online/OnlineDataList';
/** The path of a form's generated menu entry. */
export const generatedMenuPath = (tableName: string) => `/online/cgformList/${tableName}`;

export const OnlineFormServiceText = {
  tableNameFixed: '已同步或已生成菜单的表单不能修改表名',
  convertFailed: (label: string) => `字段「${label}」已有数据无法转换为新的类型或长度，未做任何修改`,
  requiredHasNulls: (label: string) => `字段「${label}」已有空值的数据，不能设为必填（请先补全数据或设置默认值），未做任何修改`,
  addRequired: (label: string) => `表中已有数据，新增的必填字段「${label}」需要默认值，未做任何修改`,
  uniqueHasDuplicates: '已有数据重复，不能建立唯一索引，未做任何修改',
  syncFailed: '同步数据库失败，未做任何修改',
} as const;

function configOf(row: { config: unknown }): FormConfig {
  const c = row.config as Partial<FormConfig>;
  return { fields: c.fields ?? [], indexes: c.indexes ?? [], treeLabelField: c.treeLabelField ?? '', subTables: c.subTables ?? [] };
}

function toForm(row: repo.FormRow, config: FormConfig = configOf(row)): OnlineForm {
  return {
    id: row.id,
    version: row.version,
    tableName: row.table_name,
    title: row.title,
    formType: row.form_type,
    ...config,
    syncState: row.sync_state,
    syncedAt: row.synced_at ? formatDateTime(row.synced_at) : null,
    menuPath: row.menu_path,
    createdAt: formatDateTime(row.created_at),
    updatedAt: formatDateTime(row.updated_at),
  };
}

function configJson(input: OnlineFormCreate): string {
  const config: FormConfig = { fields: input.fields, indexes: input.indexes, treeLabelField: input.formType === 'tree' ? input.treeLabelField : '', subTables: input.subTables };
  return JSON.stringify(config);
}

async function assertNamesFree(db: Kysely<DB>, input: OnlineFormCreate, selfId: string | null): Promise<void> {
  const taken = await repo.tableNamesOfOtherForms(db, selfId);
  for (const name of [input.tableName, ...input.subTables.map((s) => s.tableName)]) {
    if (taken.has(name)) throw new BizError(`${name}${OnlineFormText.tableTaken}`);
  }
}

export async function listForms(
  db: Kysely<DB>,
  q: { pageNo: number; pageSize: number; column?: 'createdAt' | 'tableName' | 'title'; order?: 'asc' | 'desc'; tableName?: string; title?: string; formType?: string },
): Promise<PageResult<OnlineForm>> {
  const { rows, total, capped } = await repo.pageForms(db, { tableName: q.tableName, title: q.title, formType: q.formType }, { column: q.column, order: q.order }, q);
  return toPageResult(rows.map((r) => toForm(r)), total, q, capped);
}

export async function getForm(db: Kysely<DB>, id: string): Promise<OnlineForm> {
  const row = await repo.findForm(db, id);
  if (!row) throw new NotFound(OnlineFormText.unknownForm);
  return toForm(row);
}

/**
 * The configuration the database holds of the form whose master table is `tableName` (its last sync),
 * or undefined when there is no such form or it was never synced. For the generated pages.
 */
export async function formByTable(db: Kysely<DB>, tableName: string): Promise<OnlineForm | undefined> {
  const row = await repo.findFormByTable(db, tableName);
  if (!row || row.synced_config === null) return undefined;
  return toForm(row, configOf({ config: row.synced_config }));
}

export async function createForm(db: Kysely<DB>, session: Pick<SessionInfo, 'userId'> | null, input: OnlineFormCreate): Promise<OnlineForm> {
  const id = await db.transaction().execute(async (trx) => {
    await repo.lockDdl(trx);
    await assertNamesFree(trx, input, null);
    return repo.insertForm(trx, session?.userId ?? null, { table_name: input.tableName, title: input.title, form_type: input.formType, config: configJson(input) });
  });
  return getForm(db, id);
}

/** Saves the configuration (the version must be current); a synced form then waits for its next sync. */
export async function editForm(db: Kysely<DB>, session: Pick<SessionInfo, 'userId'>, input: OnlineFormEdit): Promise<OnlineForm> {
  await db.transaction().execute(async (trx) => {
    await repo.lockDdl(trx);
    if (!(await repo.lockForm(trx, input.id))) throw new NotFound(OnlineFormText.unknownForm);
    const current = (await repo.findForm(trx, input.id))!;
    if (current.version !== input.version) throw new StaleVersion();
    // The tables and the menu entry carry the name: it stays once either exists.
    if (input.tableName !== current.table_name && (current.synced_config !== null || current.menu_permission_id !== null)) throw new BizError(OnlineFormServiceText.tableNameFixed);
    await assertNamesFree(trx, input, input.id);
    const values = { table_name: input.tableName, title: input.title, form_type: input.formType, config: configJson(input) };
    const syncState = current.synced_config === null ? 'unsynced' : 'changed';
    if (!(await repo.updateForm(trx, session.userId, input.id, input.version, { ...values, sync_state: syncState }))) throw new StaleVersion();
  });
  return getForm(db, input.id);
}

function buttonsOf(tableName: string) {
  return ONLINE_DATA_ACTIONS.map((a) => ({ action: onlineDataAction(tableName, a), title: ONLINE_DATA_ACTION_TITLES[a] }));
}

/** Deletes the form, its tables (with their rows in every company) and its menu entry and buttons, in one transaction. */
export async function deleteForm(db: Kysely<DB>, _session: Pick<SessionInfo, 'userId'>, input: { id: string; version?: number }): Promise<null> {
  await db.transaction().execute(async (trx) => {
    await repo.lockDdl(trx);
    if (!(await repo.lockForm(trx, input.id))) throw new NotFound(OnlineFormText.unknownForm);
    const row = (await repo.findForm(trx, input.id))!;
    if (input.version !== undefined && row.version !== input.version) throw new StaleVersion();
    const tables = new Set<string>();
    for (const config of [row.config, row.synced_config]) for (const sub of configOf({ config: config ?? {} }).subTables) tables.add(sub.tableName);
    await repo.dropTables(trx, [...tables, row.table_name]);
    if (row.menu_path === generatedMenuPath(row.table_name)) await removeGeneratedMenu(trx, row.menu_path);
    await removeButtons(trx, buttonsOf(row.table_name).map((b) => b.action));
    await repo.deleteForm(trx, row.id);
  });
  return null;
}

/** Maps a database refusal of one statement to what the administrator must change. */
function syncError(err: unknown, statement: PlannedStatement): BizError {
  const code = (err as { code?: string }).code ?? '';
  const label = statement.subject.label ?? statement.subject.column ?? statement.subject.table;
  if (code === '23502') return new BizError(statement.subject.kind === 'add' ? OnlineFormServiceText.addRequired(label) : OnlineFormServiceText.requiredHasNulls(label));
  if (code === '23505') return new BizError(OnlineFormServiceText.uniqueHasDuplicates);
  // Data exceptions (22xxx: too long, out of range, not a number or date) and impossible casts (42846).
  if (code.startsWith('22') || code === '42846' || code === '42804') return new BizError(OnlineFormServiceText.convertFailed(label));
  return new BizError(OnlineFormServiceText.syncFailed);
}

/**
 * Makes the database hold the form's configuration: the planned DDL in one transaction under the DDL
 * lock, recorded in the history. When columns or child tables would be dropped and `confirmDrop` is
 * not given, nothing changes and the answer lists the drops (`applied: false`).
 */
export async function syncForm(db: Kysely<DB>, session: Pick<SessionInfo, 'userId'> | null, input: { id: string; version: number; confirmDrop?: boolean }): Promise<OnlineSyncResult> {
  const outcome = await db.transaction().execute(async (trx) => {
    await repo.lockDdl(trx);
    if (!(await repo.lockForm(trx, input.id))) throw new NotFound(OnlineFormText.unknownForm);
    const row = (await repo.findForm(trx, input.id))!;
    if (row.version !== input.version) throw new StaleVersion();
    const config = configOf(row);
    const previous = row.synced_config === null ? [] : configOf({ config: row.synced_config }).subTables.map((s) => s.tableName);
    const names = [row.table_name, ...config.subTables.map((s) => s.tableName), ...previous];
    let plan;
    try {
      plan = planSync({ tableName: row.table_name, formType: row.form_type, ...config }, await repo.readTables(trx, names), previous);
    } catch (err) {
      if (err instanceof PlanError) throw new BizError(err.message);
      throw err;
    }
    const statements = plan.statements.map((s) => s.sql.compile(trx).sql);
    if (plan.drops.length > 0 && !input.confirmDrop) return { applied: false, drops: plan.drops, statements };
    for (const statement of plan.statements) {
      try {
        await repo.runStatement(trx, statement.sql);
      } catch (err) {
        throw syncError(err, statement);
      }
    }
    if (statements.length > 0) await repo.insertMigration(trx, { formId: row.id, formVersion: row.version, statements, userId: session?.userId ?? null });
    await repo.markSynced(trx, row.id, JSON.stringify(config));
    return { applied: true, drops: plan.drops, statements };
  });
  return { ...outcome, form: await getForm(db, input.id) };
}

/**
 * Brings the configured indexes of every synced form's existing tables to what the planner makes
 * today (issue 26: a unique index made on the field alone is rebuilt with company_id in front), one
 * form per transaction under the DDL lock, recorded in the form's history. At each start; answers the
 * number of forms changed.
 */
export async function rebuildIndexes(db: Kysely<DB>): Promise<number> {
  // Every start runs this, and it almost always finds nothing to do: one look at all the synced
  // tables first (information_schema is slow to read), then a form whose plan is not empty is planned
  // again and rebuilt under the DDL lock.
  const planOf = (row: repo.FormRow, current: DbState) => planIndexRebuild({ tableName: row.table_name, formType: row.form_type, ...configOf({ config: row.synced_config! }) }, current);
  const tablesOf = (row: repo.FormRow) => [row.table_name, ...configOf({ config: row.synced_config! }).subTables.map((s) => s.tableName)];
  const rows = (await Promise.all((await repo.syncedFormIds(db)).map((id) => repo.findForm(db, id)))).filter((row): row is repo.FormRow => row !== undefined && row.synced_config !== null);
  const current = await repo.readTables(db, rows.flatMap(tablesOf));
  let rebuilt = 0;
  for (const candidate of rows) {
    if (planOf(candidate, current).length === 0) continue;
    const changed = await db.transaction().execute(async (trx) => {
      await repo.lockDdl(trx);
      const row = await repo.findForm(trx, candidate.id);
      if (!row || row.synced_config === null) return false;
      const plan = planOf(row, await repo.readTables(trx, tablesOf(row)));
      if (plan.length === 0) return false;
      for (const statement of plan) await repo.runStatement(trx, statement.sql);
      await repo.insertMigration(trx, { formId: row.id, formVersion: row.version, statements: plan.map((s) => s.sql.compile(trx).sql), userId: null });
      return true;
    });
    if (changed) rebuilt++;
  }
  return rebuilt;
}

/**
 * The labels of the fields of the form's configured unique index named `indexName` in the database
 * (a duplicate refused by it names them), or undefined when it is none of the form's.
 */
export function uniqueIndexLabels(form: OnlineForm, indexName: string): string[] | undefined {
  const found = indexByName(form, indexName);
  if (!found) return undefined;
  const fields = found.table === form.tableName ? form.fields : (form.subTables.find((s) => s.tableName === found.table)?.fields ?? []);
  return found.fields.map((name) => fields.find((f) => f.name === name)?.label ?? name);
}

export async function listMigrations(db: Kysely<DB>, id: string) {
  if (!(await repo.findForm(db, id))) throw new NotFound(OnlineFormText.unknownForm);
  return (await repo.listMigrations(db, id)).map((m) => ({
    id: m.id,
    formVersion: m.form_version,
    statements: m.statements as string[],
    createdBy: m.created_by_name ?? '',
    createdAt: formatDateTime(m.created_at),
  }));
}

/**
 * 生成菜单: the entry `/online/cgformList/<tableName>` under `parentPath` with the six buttons of the
 * generated page; running it again brings the same entry up to date. The form must have been synced.
 */
export async function genMenu(db: Kysely<DB>, _session: Pick<SessionInfo, 'userId'>, input: { id: string; parentPath: string }): Promise<OnlineForm> {
  await db.transaction().execute(async (trx) => {
    if (!(await repo.lockForm(trx, input.id))) throw new NotFound(OnlineFormText.unknownForm);
    const row = (await repo.findForm(trx, input.id))!;
    if (row.synced_config === null) throw new BizError(OnlineFormText.notSynced);
    const menuId = await upsertGeneratedMenu(trx, {
      parentPath: input.parentPath,
      path: generatedMenuPath(row.table_name),
      title: row.title,
      component: ONLINE_DATA_COMPONENT,
      buttons: buttonsOf(row.table_name),
    });
    await repo.setMenu(trx, row.id, menuId);
  });
  return getForm(db, input.id);
}

/** Records an existing menu entry (a seeded example's page) as the form's menu; false when there is no such entry. */
export async function recordMenu(db: Kysely<DB>, formId: string, menuPath: string): Promise<boolean> {
  const menuId = await repo.findMenuId(db, menuPath);
  if (!menuId) return false;
  await repo.setMenu(db, formId, menuId);
  return true;
}
