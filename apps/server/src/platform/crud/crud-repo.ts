import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import { formatDateTime, type AnyResource, type FieldDef } from '@care/shared';
import type { DB } from '../db/schema.js';
import { writeVersioned } from '../db/company-rows.js';
import { pageWithCappedCount } from '../db/count.js';
import { escapeLike } from '../db/like.js';
import { sortTerm } from '../db/sort.js';
import { BizError } from '../errors.js';
import { periodTerms, viewKeys, viewSelections, type ListView } from './list-view.js';

export type Db = Kysely<DB> | Transaction<DB>;

/** Who acts, in which company: every kit query is scoped to it. */
export interface Actor {
  companyId: string;
  userId: string;
}

/** A list's row filter beyond the company (a data-rule scope, a fixed parent …); `true` when none. */
export type Scope = Expression<SqlBool>;

const ALIAS = 'r';
const ANY = sql<SqlBool>`true`;

// Kysely types tables statically; the kit works on the table a resource names, so inside this file
// the builder is untyped and the resource's schemas type what goes in and out.
type Untyped = Kysely<Record<string, Record<string, unknown>>>;
const untyped = (db: Db) => db as unknown as Untyped;

function filterTerm(def: FieldDef, column: string, value: unknown): Expression<SqlBool> {
  const ref = sql.ref(`${ALIAS}.${column}`);
  if (def.search === 'like') return sql<SqlBool>`${ref} ilike ${`%${escapeLike(String(value))}%`}`;
  if (def.search === 'prefix') return sql<SqlBool>`${ref} like ${`${escapeLike(String(value))}%`}`;
  return sql<SqlBool>`${ref} = ${value}`;
}

/**
 * The SQL of a resource: a company's rows, paged with a capped count, filtered by the resource's
 * searchable fields, sorted by its declared sort keys only, written under the optimistic lock. Every
 * function takes the db or a transaction; names of tables and columns come from the resource (code),
 * never from a request. A list view (list-view.ts) adds the names of referenced rows, computed columns
 * and period filters, read in the same statement.
 */
export function crudRepo<R extends AnyResource>(resource: R, view: ListView = {}) {
  const { table, columns } = resource;
  // A field may read an audit column (创建时间 on created_at): each column once.
  const selected = [...[...new Set(['id', 'version', 'created_at', 'updated_at', ...Object.values(columns)])].map((c) => `${ALIAS}.${c}`), ...viewSelections(view, ALIAS)];
  const extraKeys = viewKeys(view);
  // A global table (check and number rules) has one set of rows for every company.
  const global = resource.global === true;
  const rows = (db: Db, actor: Pick<Actor, 'companyId'>, scope: Scope) => {
    const query = untyped(db).selectFrom(`${table} as ${ALIAS}`).where(scope);
    return global ? query : query.where(`${ALIAS}.company_id`, '=', actor.companyId);
  };

  /** A row as its record: camelCase keys, instants in the display format. */
  const toRecord = (row: Record<string, unknown>): Record<string, unknown> => {
    const record: Record<string, unknown> = { id: row.id, version: row.version, createdAt: formatDateTime(row.created_at as Date), updatedAt: formatDateTime(row.updated_at as Date) };
    for (const [key, column] of Object.entries(columns)) {
      const value = row[column];
      record[key] = resource.fields[key]!.kind === 'datetime' && value ? formatDateTime(value as Date) : value;
    }
    for (const key of extraKeys) record[key] = row[key] ?? null;
    return record;
  };

  // jsonb values go as JSON text: the driver would send a JS array as a PostgreSQL array.
  const toColumns = (values: Record<string, unknown>): Record<string, unknown> =>
    Object.fromEntries(
      Object.entries(columns)
        .filter(([key]) => key in values)
        .map(([key, column]) => [column, resource.fields[key]!.kind === 'json' ? JSON.stringify(values[key]) : values[key]]),
    );

  const filtered = (db: Db, actor: Actor, scope: Scope, q: Record<string, unknown>) => {
    let query = view.periods?.length ? rows(db, actor, scope).where(periodTerms(view, ALIAS, q)) : rows(db, actor, scope);
    for (const key of resource.searchKeys) {
      const value = q[key];
      if (value === undefined || value === '') continue;
      query = query.where(filterTerm(resource.fields[key]!, columns[key]!, value));
    }
    return query;
  };

  const sorted = (q: { column?: string; order?: 'asc' | 'desc' }) => {
    const key = q.column && resource.sortKeys.includes(q.column) ? q.column : (resource.defaultSort?.key ?? 'createdAt');
    const order = q.column ? q.order : (q.order ?? resource.defaultSort?.order);
    const column = key === 'createdAt' ? 'created_at' : columns[key]!;
    return sortTerm({ column: `${ALIAS}.${column}`, nullable: key !== 'createdAt' && resource.fields[key]!.nullable }, order);
  };

  return {
    toRecord,

    async page(db: Db, actor: Actor, q: Record<string, unknown> & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' }, scope: Scope = ANY) {
      const offset = (q.pageNo - 1) * q.pageSize;
      // A view's names and computed columns would be read for every row an offset skips too: past the
      // first page, the page's ids are picked first (from the index alone) and only they are read.
      const deep = offset > 0 && extraKeys.length > 0;
      const pageIds = filtered(db, actor, scope, q).select(`${ALIAS}.id`).orderBy(sorted(q)).orderBy(`${ALIAS}.id`).limit(q.pageSize).offset(offset);
      const rowsQuery = deep ? filtered(db, actor, scope, q).where(`${ALIAS}.id`, 'in', pageIds) : filtered(db, actor, scope, q);
      const page = await pageWithCappedCount(db, rowsQuery.select(selected).orderBy(sorted(q)).orderBy(`${ALIAS}.id`), filtered(db, actor, scope, q), q, { paged: deep });
      return { ...page, rows: page.rows.map((row) => toRecord(row as Record<string, unknown>)) };
    },

    /** Every matching row (exports), in the list's order, up to `limit`. */
    async all(db: Db, actor: Actor, q: Record<string, unknown> & { column?: string; order?: 'asc' | 'desc' }, limit: number, scope: Scope = ANY) {
      const found = await filtered(db, actor, scope, q).select(selected).orderBy(sorted(q)).orderBy(`${ALIAS}.id`).limit(limit).execute();
      return found.map((row) => toRecord(row as Record<string, unknown>));
    },

    async find(db: Db, actor: Pick<Actor, 'companyId'>, id: string, scope: Scope = ANY, o: { lock?: boolean } = {}) {
      let query = rows(db, actor, scope).select(selected).where(`${ALIAS}.id`, '=', id);
      if (o.lock) query = query.forUpdate();
      const row = await query.executeTakeFirst();
      return row ? toRecord(row as Record<string, unknown>) : undefined;
    },

    /** Whether another row of the company holds `value` in the field (unique checks before a write). */
    async taken(db: Db, actor: Pick<Actor, 'companyId'>, key: string, value: unknown, exceptId?: string) {
      let query = rows(db, actor, ANY).select(`${ALIAS}.id`).where(`${ALIAS}.${columns[key]!}`, '=', value);
      if (exceptId) query = query.where(`${ALIAS}.id`, '!=', exceptId);
      return Boolean(await query.executeTakeFirst());
    },

    async insert(db: Db, actor: Actor, values: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<string> {
      const row = await untyped(db)
        .insertInto(table)
        .values({ ...toColumns(values), ...extra, ...(global ? {} : { company_id: actor.companyId }), created_by: actor.userId, updated_by: actor.userId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id as string;
    },

    /**
     * Writes `values` when the row's version is still `version`, bumping it and the audit columns.
     * false: no such row in the company, or someone saved it first (both change nothing).
     */
    async update(db: Db, actor: Actor, key: { id: string; version?: number }, values: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<boolean> {
      const companyId = global ? undefined : actor.companyId;
      return writeVersioned(untyped(db), table, { ...key, userId: actor.userId, companyId }, { ...toColumns(values), ...extra });
    },

    async remove(db: Db, actor: Pick<Actor, 'companyId'>, id: string): Promise<boolean> {
      let query = untyped(db).deleteFrom(table).where('id', '=', id);
      if (!global) query = query.where('company_id', '=', actor.companyId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },

    /** Enabled rows for selects: id, name and (when the resource has one) code, in the list's default order or by name. */
    async options(db: Db, actor: Pick<Actor, 'companyId'>) {
      const select = [`${ALIAS}.id`, `${ALIAS}.name`, ...('code' in columns ? [`${ALIAS}.code`] : [])];
      const order = resource.defaultSort ? sorted({}) : sql.ref(`${ALIAS}.name`);
      return (await rows(db, actor, ANY).select(select).where(`${ALIAS}.enabled`, '=', true).orderBy(order).orderBy(`${ALIAS}.id`).execute()) as { id: string; name: string; code?: string }[];
    },
  };
}

export type CrudRepo = ReturnType<typeof crudRepo>;

/**
 * A write's unique violation as the caller's message, by constraint name (or one message for any):
 * the unique index catches what a check before the write raced.
 */
export function uniqueViolation(messages: Record<string, string> | string) {
  return (err: unknown): never => {
    const e = err as { code?: string; constraint?: string };
    if (e.code === '23505') {
      if (typeof messages === 'string') throw new BizError(messages);
      const message = (e.constraint && messages[e.constraint]) ?? Object.values(messages)[0];
      if (message) throw new BizError(message);
    }
    throw err;
  };
}
