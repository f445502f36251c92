import type { Kysely } from 'kysely';
import { toPageResult, type AnyResource, type PageResult } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';
import { BizError, NotFound, StaleVersion } from '../errors.js';
import { crudRepo, uniqueViolation, type Db, type Scope } from './crud-repo.js';
import type { ListView } from './list-view.js';

/** A field whose value is unique in the company, with the message that says so. */
export interface UniqueField {
  field: string;
  message: string;
}

export interface CrudOptions {
  /** Names of referenced rows, computed columns and period filters read with the rows (list-view.ts). */
  view?: ListView;
  /** Fields unique per company: checked before the write, and the unique index's violation mapped. */
  unique?: UniqueField[];
  /** The caller's row filter (data rules) for every read and write by id; none = the company. */
  scope?: (db: Kysely<DB>, session: SessionInfo) => Promise<Scope>;
  /**
   * Rules across tables, run inside the write's transaction before it (a parent that must exist, a
   * tree without cycles …): throw a BizError to refuse. `current` is the locked row on edit.
   */
  beforeWrite?: (trx: Db, session: SessionInfo, values: Record<string, unknown>, current?: Record<string, unknown>) => Promise<void>;
  /** What the module keeps outside the row (a join table …), written in the same transaction once the row is. */
  afterWrite?: (trx: Db, session: SessionInfo, id: string, values: Record<string, unknown>) => Promise<void>;
  /** Rules before a delete, inside its transaction, on the locked row: throw a BizError to refuse. */
  beforeRemove?: (trx: Db, session: SessionInfo, current: Record<string, unknown>) => Promise<void>;
  /** Largest export (rows). */
  exportLimit?: number;
  /** A record as it is answered: adds the resource's derived values (an example number …). */
  present?: (record: Record<string, unknown>) => Record<string, unknown>;
  /** Records as they are answered, with values read from other tables (the names of referenced rows …). */
  enrich?: (db: Db, session: SessionInfo, records: Record<string, unknown>[]) => Promise<Record<string, unknown>[]>;
}

type Q = Record<string, unknown> & { pageNo: number; pageSize: number; column?: string; order?: 'asc' | 'desc' };

/**
 * The usual service of a resource: list, get, add, edit (optimistic lock), enable/disable, delete,
 * options and export rows, each in the session's company and scope, writes in one transaction.
 */
export function crudService<R extends AnyResource>(db: Kysely<DB>, resource: R, options: CrudOptions = {}) {
  const repo = crudRepo(resource, options.view);
  const actor = (s: SessionInfo) => ({ companyId: s.companyId, userId: s.userId });
  const scopeOf = (session: SessionInfo) => (options.scope ? options.scope(db, session) : undefined);
  const unique = options.unique ?? [];
  const mapUnique = uniqueViolation(unique.length === 1 ? unique[0]!.message : Object.fromEntries(unique.map((u) => [`${resource.table}_${u.field}`, u.message])));

  const assertFree = async (trx: Db, session: SessionInfo, values: Record<string, unknown>, exceptId?: string) => {
    for (const u of unique) {
      if (values[u.field] !== undefined && (await repo.taken(trx, session, u.field, values[u.field], exceptId))) throw new BizError(u.message);
    }
  };

  const present = options.present ?? ((record: Record<string, unknown>) => record);
  const enrich = (session: SessionInfo, records: Record<string, unknown>[], trx: Db = db) =>
    options.enrich ? options.enrich(trx, session, records) : Promise.resolve(records);

  const get = async (session: SessionInfo, id: string, trx: Db = db) => {
    const row = await repo.find(trx, session, id, await scopeOf(session));
    if (!row) throw new NotFound();
    return present((await enrich(session, [row], trx))[0]!);
  };

  return {
    repo,
    get,

    async list(session: SessionInfo, q: Q): Promise<PageResult<Record<string, unknown>>> {
      const page = await repo.page(db, actor(session), q, await scopeOf(session));
      return toPageResult((await enrich(session, page.rows)).map(present), page.total, q, page.capped);
    },

    async add(session: SessionInfo, values: Record<string, unknown>, extra: Record<string, unknown> = {}) {
      const id = await db.transaction().execute(async (trx) => {
        await assertFree(trx, session, values);
        await options.beforeWrite?.(trx, session, values);
        const id = await repo.insert(trx, actor(session), values, extra).catch(mapUnique);
        await options.afterWrite?.(trx, session, id, values);
        return id;
      });
      return get(session, id);
    },

    async edit(session: SessionInfo, input: Record<string, unknown> & { id: string; version: number }, extra: Record<string, unknown> = {}) {
      const { id, version, ...values } = input;
      // The scope is read before the transaction: loading rules on the outer connection inside it
      // would wait for the transaction on a single-connection database (PGlite).
      const scope = await scopeOf(session);
      await db.transaction().execute(async (trx) => {
        const current = await repo.find(trx, session, id, scope, { lock: true });
        if (!current) throw new NotFound();
        if (current.version !== version) throw new StaleVersion();
        await assertFree(trx, session, values, id);
        await options.beforeWrite?.(trx, session, values, current);
        if (!(await repo.update(trx, actor(session), { id, version }, values, extra).catch(mapUnique))) throw new StaleVersion();
        await options.afterWrite?.(trx, session, id, values);
      });
      return get(session, id);
    },

    /** Enables or disables a row (no version check: the switch is idempotent). */
    async setEnabled(session: SessionInfo, id: string, enabled: boolean) {
      await get(session, id);
      if (!(await repo.update(db, actor(session), { id }, { enabled }))) throw new NotFound();
      return get(session, id);
    },

    /** Deletes a row; with `version`, only the version the caller saw. */
    async remove(session: SessionInfo, id: string, version?: number) {
      const scope = await scopeOf(session);
      await db.transaction().execute(async (trx) => {
        const current = await repo.find(trx, session, id, scope, { lock: true });
        if (!current) throw new NotFound();
        if (version !== undefined && current.version !== version) throw new StaleVersion();
        await options.beforeRemove?.(trx, session, current);
        if (!(await repo.remove(trx, session, id))) throw new NotFound();
      });
      return null;
    },

    options(session: SessionInfo) {
      return repo.options(db, session);
    },

    async exportRows(session: SessionInfo, q: Record<string, unknown>) {
      return (await enrich(session, await repo.all(db, actor(session), q, options.exportLimit ?? 10_000, await scopeOf(session)))).map(present);
    },
  };
}

export type CrudService = ReturnType<typeof crudService>;
