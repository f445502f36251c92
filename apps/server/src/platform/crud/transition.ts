import { sql, type Expression, type SqlBool } from 'kysely';
import type { StateMachine } from '@care/shared';
import { BizError, NotFound, StaleVersion } from '../errors.js';
import type { Actor, Db } from './crud-repo.js';

export interface TransitionRequest<S extends string, E extends string> {
  machine: StateMachine<S, E>;
  /** The table and its status column. */
  table: string;
  statusColumn?: string;
  /** The table's alias in `scope` (the module's data-rule columns); `r` when omitted. */
  alias?: string;
  id: string;
  event: E;
  /** The version the caller saw; omitted for moves that do not compete with edits (a follow-up …). */
  version?: number;
  /** The caller's row filter (data rules); none = the company. */
  scope?: Expression<SqlBool>;
  /**
   * Further columns written with the move (closed_at, reason …); a function is called once the move
   * is allowed, inside the transaction, for what only then may be done (the customer a conversion creates).
   */
  set?: Record<string, unknown> | ((move: { from: S; to: S }) => Promise<Record<string, unknown>> | Record<string, unknown>);
  /** Why (a close reason), kept in the audit row. */
  reason?: string;
}

/** The move the machine allows, or its refusal as a BizError (for rules checked outside `transition`: an edit, a delete). */
export function assertMove<S extends string, E extends string>(machine: StateMachine<S, E>, from: S, event: E): { from: S; to: S } {
  const move = machine.move(from, event);
  if (!move.ok) throw new BizError(move.message);
  return move;
}

type Untyped = { selectFrom: (t: string) => any; updateTable: (t: string) => any; insertInto: (t: string) => any }; // eslint-disable-line @typescript-eslint/no-explicit-any

/**
 * One state change, inside the caller's transaction: lock the row → check its version → ask the
 * machine whether the move is allowed → write the new status (version + 1, audit columns) → record
 * who moved it from what to what (`state_change`). Refusals change nothing.
 */
export async function transition<S extends string, E extends string>(trx: Db, actor: Actor, r: TransitionRequest<S, E>): Promise<{ from: S; to: S; version: number }> {
  const db = trx as unknown as Untyped;
  const status = r.statusColumn ?? 'status';
  const a = r.alias ?? 'r';
  let query = db.selectFrom(`${r.table} as ${a}`).select([`${a}.${status} as status`, `${a}.version`]).where(`${a}.id`, '=', r.id).where(`${a}.company_id`, '=', actor.companyId);
  if (r.scope) query = query.where(r.scope);
  const row = (await query.forNoKeyUpdate().executeTakeFirst()) as { status: S; version: number } | undefined;
  if (!row) throw new NotFound();
  if (r.version !== undefined && row.version !== r.version) throw new StaleVersion();
  const move = assertMove(r.machine, row.status, r.event);
  const set = typeof r.set === 'function' ? await r.set(move) : r.set;
  await db
    .updateTable(r.table)
    .set({ ...set, [status]: move.to, updated_by: actor.userId, updated_at: new Date(), version: sql`version + 1` })
    .where('id', '=', r.id)
    .where('company_id', '=', actor.companyId)
    .execute();
  await db
    .insertInto('state_change')
    .values({ company_id: actor.companyId, resource: r.table, record_id: r.id, event: r.event, from_state: move.from, to_state: move.to, reason: r.reason ?? '', changed_by: actor.userId })
    .execute();
  return { from: move.from, to: move.to, version: row.version + 1 };
}
