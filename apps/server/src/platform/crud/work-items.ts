import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { WorkItem, WorkplaceStay, WorkType } from '@care/shared';
import type { SessionInfo } from '../auth/request-session.js';
import type { DB } from '../db/schema.js';

/** What a source of work reads with: the caller, the day (Shanghai) and the actions the caller holds. */
export interface WorkReadContext {
  db: Kysely<DB>;
  session: SessionInfo;
  today: string;
  now: Date;
  held: ReadonlySet<string>;
}

export interface WorkSlice {
  offset: number;
  limit: number;
}

export interface WorkRead {
  total: number;
  /** Follow-ups only: how many of `total` are past due. */
  overdue?: number;
  rows: WorkItem[];
}

/**
 * A kind of work a module offers 工作台 and 任务, declared in its manifest (`workItems`): shown to holders
 * of any of `actions` (whose module is switched on), read with the module's own data rules.
 */
export interface WorkItemSource {
  type: WorkType;
  actions: readonly string[];
  read: (ctx: WorkReadContext, slice: WorkSlice) => Promise<WorkRead>;
}

// A source's query joins and aliases its own tables: the kit only counts, offsets and limits it.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any module's tables and aliases
type AnyQuery = SelectQueryBuilder<any, any, any>;

export interface WaitingWorkDef<Q extends AnyQuery, R> {
  type: WorkType;
  actions: readonly string[];
  /** The rows waiting for the caller, the module's data rule applied; `null` when none can be. */
  waiting: (ctx: WorkReadContext) => Promise<Q | null>;
  /** A slice's joins, columns and order (the kit counts, offsets and limits). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the rows' tables are the module's
  rows: (waiting: Q) => SelectQueryBuilder<any, any, R>;
  /** Follow-ups: the column whose time, once past, makes a row overdue (counted beside the total). */
  overdueAt?: string;
  item: (row: R, ctx: WorkReadContext) => WorkItem;
}

/**
 * The one shape of every source of work: the waiting rows counted (and their overdue ones) and, for a
 * slice that asks for rows, read in the module's order — the count and the rows at once.
 */
export function waitingWork<Q extends AnyQuery, R>(def: WaitingWorkDef<Q, R>): WorkItemSource {
  return {
    type: def.type,
    actions: def.actions,
    read: async (ctx, slice) => {
      const waiting = await def.waiting(ctx);
      if (!waiting) return { total: 0, ...(def.overdueAt ? { overdue: 0 } : {}), rows: [] };
      const counted = (waiting as AnyQuery).select(sql<string>`count(*)`.as('total'));
      const [counts, rows] = await Promise.all([
        (def.overdueAt ? counted.select(sql<string>`count(*) filter (where ${sql.ref(def.overdueAt)} < ${ctx.now})`.as('overdue')) : counted).executeTakeFirstOrThrow() as Promise<{ total: string | number; overdue?: string | number }>,
        slice.limit ? def.rows(waiting).offset(slice.offset).limit(slice.limit).execute() : Promise.resolve([]),
      ]);
      return {
        total: Number(counts.total),
        ...(def.overdueAt ? { overdue: Number(counts.overdue) } : {}),
        rows: (rows as R[]).map((r) => def.item(r, ctx)),
      };
    },
  };
}

/** 工作台's arrivals and departures of today, offered by the module that owns stays. */
export interface WorkplaceStays {
  action: string;
  read: (ctx: WorkReadContext) => Promise<{ checkIns: WorkplaceStay[]; checkOuts: WorkplaceStay[] }>;
}
