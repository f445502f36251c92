import type { FastifyBaseLogger } from 'fastify';
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import {
  ONLINE_DATA_ACTIONS,
  onlineDataAction,
  OnlineFormText,
  onlineResource,
  type AnyResource,
  type OnlineDataAction,
  type OnlineField,
  type OnlineForm,
  type OnlineSubTable,
  type PageResult,
  toPageResult,
} from '@care/shared';
import { assertHoldsAction } from '../../platform/auth/authority.js';
import { holdsAction } from '../../platform/auth/authority.repo.js';
import type { SessionInfo } from '../../platform/auth/request-session.js';
import { crudRepo, type Db } from '../../platform/crud/crud-repo.js';
import { crudService, type CrudService } from '../../platform/crud/crud-service.js';
import type { DB } from '../../platform/db/schema.js';
import { BizError, NotFound, ValidationError } from '../../platform/errors.js';
import { checkByCode } from '../check-rule/index.js';
import { sanitizeStoredHtml } from '../message/html.js';
import { formByTable, listForms, uniqueIndexLabels } from '../online-form/index.js';
import { departmentNames, nodeLabels, userNames } from './online-data.repo.js';
import { formScope, registerFormRules } from './online-data.rules.js';

// The rows of a generated page (docs/online.md, As built: online-data): every route checks the
// form's action, loads the SYNCED configuration, builds its runtime resource and goes through the
// module kit (company scope, data rules, optimistic version), with the child tables and the tree
// written in the same transaction as the master row.

export const OnlineDataText = {
  hasChildren: '该节点下有子节点，不能删除',
  ownAncestor: '不能选择自身或下级节点作为上级节点',
  parentMissing: '上级节点不存在',
  childMissing: '子表记录不存在，请刷新后重试',
  unknownSub: '子表不存在',
  tooManyChildren: '子表记录不能超过500条',
  duplicate: (labels: string[]) => `${labels.join('、')}已存在，不能重复`,
} as const;

// Keys of values handed to the kit's hooks beside the row's columns (the kit writes only the resource's
// columns, so these never reach the table).
const SUBS = Symbol('subs');
const REPLACING = Symbol('replacing');
const PREVIOUS_PID = Symbol('previousPid');

const IDENTIFIER = /^[a-z][a-z0-9_]{1,39}$/;
const MAX_CHILDREN = 500;

/** A form as the routes use it: the synced configuration and the resources built from it. */
export interface LoadedForm {
  form: OnlineForm;
  master: AnyResource;
  subs: { table: OnlineSubTable; resource: AnyResource }[];
}

// Resources are rebuilt only when the synced configuration changed (its sync time and version).
const built = new Map<string, { key: string; loaded: LoadedForm }>();

function build(form: OnlineForm): LoadedForm {
  const key = `${form.id}|${form.version}|${form.syncedAt ?? ''}|${JSON.stringify(form.fields)}|${JSON.stringify(form.subTables)}`;
  const cached = built.get(form.tableName);
  if (cached?.key === key) return { ...cached.loaded, form };
  const loaded: LoadedForm = {
    form,
    master: onlineResource(form),
    subs: form.subTables.map((table) => ({ table, resource: onlineResource(form, table) })),
  };
  built.set(form.tableName, { key, loaded });
  registerFormRules(form);
  return loaded;
}

/**
 * Asks for the caller's action on the form FIRST (nothing about the form leaks to someone without it),
 * then loads it: an unknown code is 404 表单不存在, a form never synced 101 表单尚未同步数据库.
 */
export async function loadForm(db: Kysely<DB>, session: SessionInfo, code: string, action: OnlineDataAction | 'any'): Promise<LoadedForm> {
  if (action === 'any') {
    if ((await heldActions(db, session, code)).length === 0) await assertHoldsAction(db, session, onlineDataAction(code, 'list'));
  } else await assertHoldsAction(db, session, onlineDataAction(code, action));
  if (!IDENTIFIER.test(code)) throw new NotFound(OnlineFormText.unknownForm);
  const form = await formByTable(db, code);
  if (form) return build(form);
  const page = await listForms(db, { pageNo: 1, pageSize: 100, tableName: code, column: 'tableName', order: 'asc' });
  if (page.records.some((f) => f.tableName === code)) throw new BizError(OnlineFormText.notSynced);
  throw new NotFound(OnlineFormText.unknownForm);
}

/** The generated page's actions the caller holds (its buttons). */
export async function heldActions(db: Kysely<DB>, session: SessionInfo, code: string): Promise<OnlineDataAction[]> {
  const held: OnlineDataAction[] = [];
  for (const action of ONLINE_DATA_ACTIONS) if (await holdsAction(db, session.companyId, session.userId, onlineDataAction(code, action))) held.push(action);
  return held;
}

/** Registers the data-rule resource of every synced form (at start and after a sync). */
export async function registerAllFormRules(db: Kysely<DB>, log?: FastifyBaseLogger): Promise<number> {
  let count = 0;
  for (let pageNo = 1; ; pageNo++) {
    const page = await listForms(db, { pageNo, pageSize: 100 });
    for (const summary of page.records) {
      if (summary.syncState === 'unsynced') continue;
      const form = await formByTable(db, summary.tableName);
      if (!form) continue;
      try {
        build(form);
        count++;
      } catch (err) {
        log?.warn({ err, form: form.tableName }, 'online form data rules not registered');
      }
    }
    if (pageNo >= page.pages) break;
  }
  return count;
}

/** A request's values through a resource rule; a failure names the field like the contracts do (422). */
export function parseWith<T>(schema: { safeParse: (v: unknown) => { success: true; data: unknown } | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } } }, value: unknown, prefix = ''): T {
  const parsed = schema.safeParse(value);
  if (parsed.success) return parsed.data as T;
  const issue = parsed.error.issues[0]!;
  const path = [prefix, ...issue.path.map(String)].filter((p) => p !== '').join('.');
  throw new ValidationError(path ? `${path}: ${issue.message}` : issue.message);
}

/**
 * A write refused by one of the form's unique indexes (unique within the company) as the message
 * naming its fields; anything else unchanged.
 */
export function duplicateError(form: OnlineForm) {
  return (err: unknown): never => {
    const e = err as { code?: string; constraint?: string } | null;
    const labels = e?.code === '23505' && e.constraint ? uniqueIndexLabels(form, e.constraint) : undefined;
    throw labels ? new BizError(OnlineDataText.duplicate(labels)) : err;
  };
}

/** Checks the configured check rules (校验规则) of the values, with the rule's message; rich text sanitised. */
export async function prepareValues(db: Kysely<DB>, fields: readonly OnlineField[], values: Record<string, unknown>, log?: FastifyBaseLogger): Promise<Record<string, unknown>> {
  const out = { ...values };
  for (const f of fields) {
    const value = out[f.name];
    if (f.type === 'richtext' && typeof value === 'string') out[f.name] = sanitizeStoredHtml(value);
    if (f.ruleCode !== '' && value !== undefined && value !== null && value !== '') {
      const outcome = await checkByCode(db, f.ruleCode, String(value), log);
      if (!outcome.passed) throw new BizError(`${f.label}：${outcome.message}`);
    }
  }
  return out;
}

/** numeric columns come back as text; a whole-number field answers a number, as its rule takes it. */
function present(resource: AnyResource) {
  const ints = resource.entries.filter(([, def]) => def.kind === 'int').map(([key]) => key);
  return (record: Record<string, unknown>) => {
    if (ints.length === 0) return record;
    const out = { ...record };
    for (const key of ints) if (typeof out[key] === 'string') out[key] = Number(out[key]);
    return out;
  };
}

/**
 * The key of a field's display value beside its id in an answered row (JeecgBoot's `<field>_dictText`):
 * the user's 姓名, the department's name, a tree node's parent label (`pid_dictText`). Not a field name:
 * those are lower case.
 */
export const displayKey = (name: string): string => `${name}_dictText`;

const REFERENCE_TYPES = new Set<OnlineField['type']>(['user', 'department']);

/**
 * Records with `<field>_dictText` for their user and department fields: one query per kind for all
 * of them, the company's users and departments only (an unknown id gets no display value).
 */
async function withNames(db: Db, companyId: string, fields: readonly OnlineField[], records: Record<string, unknown>[]): Promise<Record<string, unknown>[]> {
  const refs = fields.filter((f) => REFERENCE_TYPES.has(f.type));
  if (refs.length === 0 || records.length === 0) return records;
  const idsOf = (type: OnlineField['type']) => {
    const ids = new Set<string>();
    for (const f of refs) if (f.type === type) for (const r of records) if (typeof r[f.name] === 'string' && r[f.name] !== '') ids.add(r[f.name] as string);
    return [...ids];
  };
  const [users, departments] = await Promise.all([userNames(db, companyId, idsOf('user')), departmentNames(db, companyId, idsOf('department'))]);
  return records.map((r) => {
    const out = { ...r };
    for (const f of refs) {
      const id = r[f.name];
      const name = typeof id === 'string' ? (f.type === 'user' ? users : departments).get(id) : undefined;
      if (name !== undefined) out[displayKey(f.name)] = name;
    }
    return out;
  });
}

const actorOf = (s: SessionInfo) => ({ companyId: s.companyId, userId: s.userId });
const tableRef = (resource: AnyResource) => sql.table(resource.table);

/** The service of one form's rows, for the caller. */
export function onlineDataService(db: Kysely<DB>, loaded: LoadedForm, log?: FastifyBaseLogger) {
  const { form, master } = loaded;
  const isTree = form.formType === 'tree';
  const T = tableRef(master);

  // 树表: the parent must be a row of the company, and (on edit) neither the node nor below it.
  const checkParent = async (trx: Db, session: SessionInfo, pid: unknown, selfId?: string) => {
    if (pid === null || pid === undefined) return;
    const parent = await sql<{ id: string }>`select id from ${T} where id = ${pid} and company_id = ${session.companyId}`.execute(trx);
    if (parent.rows.length === 0) throw new BizError(OnlineDataText.parentMissing);
    if (!selfId) return;
    const ancestors = await sql<{ id: string }>`
      with recursive up(id, pid, depth) as (
        select id, pid, 0 from ${T} where id = ${pid} and company_id = ${session.companyId}
        union all
        select t.id, t.pid, up.depth + 1 from ${T} t join up on t.id = up.pid where up.depth < 1000
      ) select id from up where id = ${selfId}`.execute(trx);
    if (ancestors.rows.length > 0) throw new BizError(OnlineDataText.ownAncestor);
  };

  const refreshHasChild = async (trx: Db, session: SessionInfo, id: unknown, exceptChild?: string) => {
    if (id === null || id === undefined) return;
    await sql`update ${T} p set has_child = exists(
        select 1 from ${T} c where c.pid = p.id and c.company_id = p.company_id ${exceptChild ? sql`and c.id <> ${exceptChild}` : sql``})
      where p.id = ${id} and p.company_id = ${session.companyId}`.execute(trx);
  };

  /** Writes the child rows given for each child table: update those with an id, insert the new, delete the missing. */
  const writeChildren = async (trx: Db, session: SessionInfo, masterId: string, subs: Record<string, Record<string, unknown>[]>, replacing: boolean) => {
    for (const { table, resource } of loaded.subs) {
      const rows = subs[table.tableName];
      if (rows === undefined) continue;
      const repo = crudRepo(resource);
      const fk = sql<SqlBool>`${sql.ref(`r.${table.fkField}`)} = ${masterId}`;
      const existing = replacing ? await repo.all(trx, actorOf(session), {}, MAX_CHILDREN * 2, fk) : [];
      const kept = new Set<string>();
      for (const [index, row] of rows.entries()) {
        const id = row.id as string | undefined;
        const { id: _id, version: _version, ...values } = row;
        if (id) {
          if (!existing.some((e) => e.id === id)) throw new BizError(OnlineDataText.childMissing);
          kept.add(id);
          await repo.update(trx, actorOf(session), { id }, values);
        } else {
          // Rows of one save keep the order they were given in: clock_timestamp() alone can tie (PGlite's
          // clock is coarse) and a tie falls back to the random id, so each row is a microsecond later.
          await repo.insert(trx, actorOf(session), values, { [table.fkField]: masterId, created_at: sql`clock_timestamp() + ${sql.lit(index)} * interval '1 microsecond'` });
        }
      }
      for (const e of existing) if (!kept.has(e.id as string)) await repo.remove(trx, session, e.id as string);
    }
  };

  const service: CrudService = crudService(db, master, {
    scope: (d, session) => formScope(d, session, form),
    present: present(master),
    beforeWrite: async (trx, session, values, current) => {
      if (!isTree) return;
      await checkParent(trx, session, values.pid, current?.id as string | undefined);
      // The old parent (of the locked row), for its has_child once the node moved.
      if (current) (values as { [PREVIOUS_PID]?: unknown })[PREVIOUS_PID] = current.pid ?? null;
    },
    afterWrite: async (trx, session, id, values) => {
      const subs = (values as { [SUBS]?: Record<string, Record<string, unknown>[]>; [REPLACING]?: boolean })[SUBS];
      if (subs) await writeChildren(trx, session, id, subs, Boolean((values as { [REPLACING]?: boolean })[REPLACING]));
      if (isTree) {
        const previous = (values as { [PREVIOUS_PID]?: string | null })[PREVIOUS_PID];
        await refreshHasChild(trx, session, values.pid);
        if (previous !== undefined && previous !== values.pid) await refreshHasChild(trx, session, previous);
      }
    },
    beforeRemove: async (trx, session, current) => {
      if (!isTree) return;
      const children = await sql<{ id: string }>`select id from ${T} where pid = ${current.id} and company_id = ${session.companyId} limit 1`.execute(trx);
      if (children.rows.length > 0) throw new BizError(OnlineDataText.hasChildren);
      await refreshHasChild(trx, session, current.pid, current.id as string);
    },
  });

  /** The master's values and child rows of an add or edit, checked by the resources' rules. */
  const parseWrite = async (body: Record<string, unknown>, editing: boolean) => {
    const { subs: rawSubs, ...rest } = body;
    const values = parseWith<Record<string, unknown>>(editing ? master.edit : master.create, rest);
    const prepared = await prepareValues(db, form.fields, values, log);
    let subs: Record<string, Record<string, unknown>[]> | undefined;
    if (rawSubs !== undefined && rawSubs !== null) {
      if (typeof rawSubs !== 'object' || Array.isArray(rawSubs)) throw new ValidationError('subs: 子表数据格式不正确');
      subs = {};
      for (const [name, rows] of Object.entries(rawSubs as Record<string, unknown>)) {
        const sub = loaded.subs.find((s) => s.table.tableName === name);
        if (!sub) throw new ValidationError(`subs.${name}: ${OnlineDataText.unknownSub}`);
        if (!Array.isArray(rows)) throw new ValidationError(`subs.${name}: 子表数据格式不正确`);
        if (rows.length > MAX_CHILDREN) throw new ValidationError(`subs.${name}: ${OnlineDataText.tooManyChildren}`);
        subs[name] = [];
        for (const [i, raw] of rows.entries()) {
          const row = (raw ?? {}) as Record<string, unknown>;
          const id = typeof row.id === 'string' && row.id !== '' ? parseWith<string>(idRule, row.id, `subs.${name}.${i}.id`) : undefined;
          const parsed = await prepareValues(db, sub.table.fields, parseWith<Record<string, unknown>>(sub.resource.create, row, `subs.${name}.${i}`), log);
          subs[name]!.push(id ? { ...parsed, id } : parsed);
        }
      }
    }
    return { values: prepared, subs };
  };

  // 树表: the label of a node's parent (search results are flat, each says where it hangs).
  const labelColumn = isTree && form.fields.some((f) => f.name === form.treeLabelField) ? form.treeLabelField : null;

  /** Master records as answered: names of their users and departments, in a tree their parent's label. */
  const named = async (session: SessionInfo, records: Record<string, unknown>[], trx: Db = db) => {
    const out = await withNames(trx, session.companyId, form.fields, records);
    if (!labelColumn) return out;
    const pids = [...new Set(out.map((r) => r.pid).filter((p): p is string => typeof p === 'string'))];
    if (pids.length === 0) return out;
    const labels = await nodeLabels(trx, session.companyId, master.table, labelColumn, pids, await formScope(db, session, form));
    return out.map((r) => (typeof r.pid === 'string' && labels.has(r.pid) ? { ...r, [displayKey('pid')]: labels.get(r.pid) } : r));
  };

  const withSubs = async (session: SessionInfo, record: Record<string, unknown>, trx: Db = db) => {
    const [own] = await named(session, [record], trx);
    if (loaded.subs.length === 0) return own!;
    const subs: Record<string, unknown[]> = {};
    for (const { table, resource } of loaded.subs) {
      const fk = sql<SqlBool>`${sql.ref(`r.${table.fkField}`)} = ${record.id as string}`;
      const rows = (await crudRepo(resource).all(trx, actorOf(session), { order: 'asc' }, MAX_CHILDREN * 2, fk)).map(present(resource));
      subs[table.tableName] = await withNames(trx, session.companyId, table.fields, rows);
    }
    return { ...own, subs };
  };

  return {
    loaded,

    /**
     * A page of rows with their display values. 树表: without a filter, the roots; with `pid`, that
     * node's children; with any other filter, the matching nodes wherever they hang (flat, each with
     * its parent's label) — paged and sorted in SQL, the total counted, the form's data rules applied.
     */
    async list(session: SessionInfo, body: unknown): Promise<PageResult<Record<string, unknown>>> {
      const q = parseWith<Record<string, unknown> & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' }>(master.listQuery, body);
      if (!isTree) {
        const page = await service.list(session, q);
        return { ...page, records: await named(session, page.records) };
      }
      const filtered = master.searchKeys.some((key) => q[key] !== undefined && q[key] !== null && q[key] !== '');
      const scope = await formScope(db, session, form);
      // Unsorted, a tree reads oldest first, as its children do.
      const query = q.column ? q : { ...q, order: q.order ?? 'asc' };
      const page = await service.repo.page(db, actorOf(session), query, filtered ? scope : sql<SqlBool>`(${scope}) and r.pid is null`);
      return toPageResult(await named(session, page.rows.map(present(master))), page.total, q, page.capped);
    },

    async get(session: SessionInfo, id: string) {
      return withSubs(session, await service.get(session, id));
    },

    async add(session: SessionInfo, body: Record<string, unknown>) {
      const { values, subs } = await parseWrite(body, false);
      const record = await service.add(session, { ...values, ...(subs ? { [SUBS]: subs } : {}) }).catch(duplicateError(form));
      return withSubs(session, record);
    },

    async edit(session: SessionInfo, body: Record<string, unknown>) {
      const { values, subs } = await parseWrite(body, true);
      const input = values as Record<string, unknown> & { id: string; version: number };
      const record = await service.edit(session, { ...input, ...(subs ? { [SUBS]: subs, [REPLACING]: true } : {}) }).catch(duplicateError(form));
      return withSubs(session, record);
    },

    remove(session: SessionInfo, id: string, version?: number) {
      return service.remove(session, id, version);
    },

    /** Deletes the rows of `ids` the caller may see, all or none; in a tree, children before their parents. */
    async removeMany(session: SessionInfo, ids: string[]) {
      const scope = await formScope(db, session, form);
      return db.transaction().execute(async (trx) => {
        const rows = [];
        for (const id of new Set(ids)) {
          const row = await service.repo.find(trx, session, id, scope, { lock: true });
          if (row) rows.push(row);
        }
        let left = rows;
        while (left.length > 0) {
          const next = [];
          for (const row of left) {
            if (isTree) {
              const children = await sql<{ id: string }>`select id from ${T} where pid = ${row.id} and company_id = ${session.companyId} limit 1`.execute(trx);
              if (children.rows.length > 0) {
                next.push(row);
                continue;
              }
              await refreshHasChild(trx, session, row.pid, row.id as string);
            }
            await service.repo.remove(trx, session, row.id as string);
          }
          if (next.length === left.length) throw new BizError(OnlineDataText.hasChildren);
          left = next;
        }
        return { deleted: rows.length };
      });
    },

    /** 树表: the direct children of `pid` (null: the roots) the caller may see, oldest first. */
    async treeChildren(session: SessionInfo, pid: string | null) {
      const scope = await formScope(db, session, form);
      const parent: Expression<SqlBool> = pid === null ? sql<SqlBool>`r.pid is null` : sql<SqlBool>`r.pid = ${pid}`;
      const rows = await service.repo.all(db, actorOf(session), { order: 'asc' }, 10_000, sql<SqlBool>`(${scope}) and (${parent})`);
      return named(session, rows.map(present(master)));
    },

    exportRows(session: SessionInfo, body: unknown) {
      const q = parseWith<Record<string, unknown>>(master.listQuery, body ?? {});
      return service.exportRows(session, q);
    },

    /** Inserts rows already checked (an import), in one transaction. */
    async insertMany(session: SessionInfo, rows: Record<string, unknown>[]) {
      await db
        .transaction()
        .execute(async (trx) => {
          for (const values of rows) await service.repo.insert(trx, actorOf(session), values, { created_at: sql`clock_timestamp()` });
        })
        .catch(duplicateError(form));
      return rows.length;
    },
  };
}

export type OnlineDataService = ReturnType<typeof onlineDataService>;


const idRule = { safeParse: (v: unknown) => (typeof v === 'string' && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v) ? { success: true as const, data: v } : { success: false as const, error: { issues: [{ path: [], message: 'ID格式不正确' }] } }) };

